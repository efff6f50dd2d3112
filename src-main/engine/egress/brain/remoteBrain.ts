// A Brain behind an OpenAI-compatible endpoint, reached only through the BrainGateway and only with approved
// payloads. Unreachable endpoints and unusable replies become fallback-marked outcomes: the caller goes on
// locally with a reason to show, never with an exception in the middle of a question.
import type { BrainPayload, ChatRequestBody } from '../../../common/brainTypes.js';
import { validateJsonSchema } from '../../llm/jsonSchema.js';
import { assertApproved } from './approval.js';
import { fallback, type Brain, type BrainAnalysis, type BrainOutcome, type BrainRanking } from './brain.js';
import { BrainAbortedError, BrainConfigError, BrainRequestError, BrainUnavailableError } from './brainErrors.js';
import type { BrainGateway } from './brainGateway.js';
import { analysisRole, rankingRole, selectionPayloadRole, type BrainRoleSpec } from './roles/index.js';
import type { SelectionDecision } from '../../core/selectionStep.js';
import { countChatTokens, countTextTokens } from '../../payload/tokenCount.js';

export class RemoteBrain implements Brain {
  readonly kind = 'remote' as const;
  readonly remote = true;

  constructor(private readonly gateway: BrainGateway) {}

  get model(): string {
    return this.gateway.model;
  }

  get endpoint(): string {
    return this.gateway.endpoint;
  }

  get retryPolicy(): string {
    return this.gateway.retryPolicy;
  }

  requestFor(payload: BrainPayload): ChatRequestBody {
    const spec = specFor(payload.role);
    return this.gateway.requestBody({ system: spec.system, user: payload.text, maxTokens: spec.maxTokens });
  }

  unavailable(): string | undefined {
    return this.gateway.unavailableReason();
  }

  analyze(payload: BrainPayload, signal?: AbortSignal): Promise<BrainOutcome<BrainAnalysis>> {
    return this.call(analysisRole, payload, signal);
  }

  rank(payload: BrainPayload, signal?: AbortSignal): Promise<BrainOutcome<BrainRanking>> {
    return this.call(rankingRole, payload, signal);
  }

  select(payload: BrainPayload, signal?: AbortSignal): Promise<BrainOutcome<SelectionDecision>> {
    return this.call(selectionPayloadRole, payload, signal);
  }

  private async call<T>(spec: BrainRoleSpec<T>, payload: BrainPayload, signal?: AbortSignal): Promise<BrainOutcome<T>> {
    assertApproved(payload);
    if (payload.role !== spec.role) throw new Error(`a ${payload.role} payload was sent to the ${spec.role} role`);
    const promptTokens = countChatTokens([{ content: spec.system }, { content: payload.text }], this.model).count;
    try {
      const reply = await this.gateway.complete({
        system: spec.system,
        user: payload.text,
        maxTokens: spec.maxTokens,
        validate: (json) => validateJsonSchema(json, spec.schema),
        ...(signal ? { signal } : {}),
      });
      const { value, rejected } = spec.interpret(reply.json, payload);
      const delivered = reply.failures.filter((f) => f.delivered).length + 1;
      return {
        status: 'ok',
        value,
        rejected,
        usage: {
          tokensSent: (reply.promptTokens ?? promptTokens) * delivered,
          tokensReceived: reply.completionTokens ?? countTextTokens(reply.content, this.model).count,
          sends: delivered,
        },
        raw: reply.content,
        attempts: reply.attempts,
      };
    } catch (e) {
      if (e instanceof BrainAbortedError) throw e;
      if (e instanceof BrainUnavailableError) {
        const delivered = e.attempts.filter((a) => a.delivered).length;
        return fallback(e.message, { error: e, delivered: delivered > 0, usage: { tokensSent: promptTokens * delivered, tokensReceived: 0, sends: delivered }, attempts: e.attempts.length });
      }
      if (e instanceof BrainRequestError) {
        // The refusal itself was delivered; so may earlier attempts have been (a 500 before the 400).
        const sends = e.attempts.slice(0, -1).filter((a) => a.delivered).length + 1;
        return fallback(e.message, { error: e, delivered: true, usage: { tokensSent: promptTokens * sends, tokensReceived: 0, sends }, attempts: Math.max(1, e.attempts.length) });
      }
      if (e instanceof BrainConfigError) return fallback(e.message, { error: e });
      throw e;
    }
  }
}

/** The role spec that answers a payload of this role. */
function specFor(role: BrainPayload['role']): BrainRoleSpec<unknown> {
  return (role === 'ranking' ? rankingRole : role === 'selection' ? selectionPayloadRole : analysisRole) as BrainRoleSpec<unknown>;
}
