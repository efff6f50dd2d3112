// The Brain abstraction: something that analyses an anonymised question or ranks sanitized candidate paths,
// given only a BrainPayload. Replies stay in view space (tokens, visible labels, path ids) and are checked
// against the payload; mapping tokens back to raw entities (φ_Q⁻¹) happens locally in brainStep, never here.
import type { BrainPayload, ChatRequestBody, PayloadIndicator } from '../../../common/brainTypes.js';
import type { SelectionDecision } from '../../core/selectionStep.js';

/** Something in a reply that was not in the payload (invented) or over a limit: dropped and reported. */
export interface Rejection {
  kind: 'token' | 'path' | 'relation' | 'over_limit';
  value: string;
  where: string;
}

/** The Brain's reading of a question: an indicator in view terms, and sub-questions. */
export interface BrainAnalysis extends PayloadIndicator {
  subquestions: string[];
}

export interface BrainRankedPath {
  /** The "P<id>" the Brain chose. */
  pathId: number;
  /** Index into the caller's candidate list. */
  candidate: number;
  reason: string;
}

export interface BrainRanking {
  ranked: BrainRankedPath[];
}

export interface BrainUsage {
  tokensSent: number;
  tokensReceived: number;
  /** Requests that may have reached the server (a resend of the same payload is one more); absent: one if delivered. */
  sends?: number;
}

export type BrainOutcome<T> =
  | { status: 'ok'; value: T; rejected: Rejection[]; usage: BrainUsage; raw: string; attempts: number }
  | {
      /** The Brain could not help: the caller continues with its local choice. */
      status: 'fallback';
      reason: string;
      error?: Error;
      /** Whether the payload may have reached the server (counts as exposure). */
      delivered: boolean;
      usage: BrainUsage;
      attempts: number;
    };

export interface Brain {
  readonly kind: 'remote' | 'local' | 'drm';
  /** Remote Brains need an approved payload; local ones send nothing over any network. */
  readonly remote: boolean;
  readonly model: string;
  /** Where the payload goes ("local" for the in-process kinds). */
  readonly endpoint: string;
  analyze(payload: BrainPayload, signal?: AbortSignal): Promise<BrainOutcome<BrainAnalysis>>;
  rank(payload: BrainPayload, signal?: AbortSignal): Promise<BrainOutcome<BrainRanking>>;
  /** Why calls would be skipped right now without trying (an open circuit breaker); undefined when it will try. */
  unavailable?(): string | undefined;
  /** Remote Brains: the request body that would be sent for this payload (shown in full before approval). */
  requestFor?(payload: BrainPayload): ChatRequestBody;
  /** Remote Brains: when the same request is sent again, in words. */
  readonly retryPolicy?: string;
  /** Two-stage answering: judge the encoder's selection (absent: this Brain cannot, the local ranking stands). */
  select?(payload: BrainPayload, signal?: AbortSignal): Promise<BrainOutcome<SelectionDecision>>;
}

export function fallback(reason: string, extra: { error?: Error; delivered?: boolean; usage?: BrainUsage; attempts?: number } = {}): BrainOutcome<never> {
  return {
    status: 'fallback',
    reason,
    ...(extra.error ? { error: extra.error } : {}),
    delivered: extra.delivered ?? false,
    usage: extra.usage ?? { tokensSent: 0, tokensReceived: 0 },
    attempts: extra.attempts ?? 0,
  };
}
