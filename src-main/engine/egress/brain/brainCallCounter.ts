// Per-question Brain accounting, and the question's "approve all" switch (off until the analyst turns it on).
import type { BrainCallTally } from '../../../common/brainTypes.js';

export class BrainCallCounter {
  sent = 0;
  denied = 0;
  fallbacks = 0;
  tokensSent = 0;
  tokensReceived = 0;
  /** Calls that asked for approval so far (numbering for ApprovalRequest.call). */
  requested = 0;
  /** Set by an "approve all" decision; later calls of this question skip the approver. */
  approveAll = false;

  constructor(readonly questionId: string) {}

  tally(): BrainCallTally {
    return { sent: this.sent, denied: this.denied, fallbacks: this.fallbacks, tokensSent: this.tokensSent, tokensReceived: this.tokensReceived };
  }

  /** The prediction-line fields of eval output. */
  predictionFields(): { brain_calls: number; brain_denied: number; brain_tokens: number } {
    return { brain_calls: this.sent, brain_denied: this.denied, brain_tokens: this.tokensSent + this.tokensReceived };
  }
}
