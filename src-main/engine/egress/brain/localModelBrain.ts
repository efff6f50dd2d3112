// All-local mode: the Brain roles served by a local model through HandRuntime.generateJson (grammar-constrained,
// then validated). Zero network; the same prompts, schemas and payload checks as the remote Brain.
import type { BrainPayload } from '../../../common/brainTypes.js';
import type { GenerateJsonOptions, HandJsonResult, HandPrompt } from '../../llm/handTypes.js';
import type { JsonSchema } from '../../llm/jsonSchema.js';
import { fallback, type Brain, type BrainAnalysis, type BrainOutcome, type BrainRanking } from './brain.js';
import { analysisRole, rankingRole, selectionPayloadRole, type BrainRoleSpec } from './roles/index.js';
import type { SelectionDecision } from '../../core/selectionStep.js';

/** The part of HandRuntime this Brain needs (HandRuntime satisfies it). */
export interface JsonGenerator {
  generateJson<T>(prompt: HandPrompt, schema: JsonSchema, options: GenerateJsonOptions): Promise<HandJsonResult<T>>;
}

export class LocalModelBrain implements Brain {
  readonly kind = 'local' as const;
  readonly remote = false;
  readonly endpoint = 'local';

  constructor(
    private readonly generator: JsonGenerator,
    readonly model = 'local-model',
  ) {}

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
    let result: HandJsonResult<unknown>;
    try {
      result = await this.generator.generateJson<unknown>({ system: spec.system, user: payload.text }, spec.schema, {
        maxTokens: spec.maxTokens,
        ...(signal ? { signal } : {}),
      });
    } catch (e) {
      if (signal?.aborted) throw e;
      return fallback(`local model failed: ${e instanceof Error ? e.message : String(e)}`, { error: e instanceof Error ? e : undefined });
    }
    const usage = { tokensSent: result.tokensIn, tokensReceived: result.tokensOut };
    if (result.value === undefined) return fallback(`local model reply unusable: ${result.error ?? 'no value'}`, { usage, attempts: 1 });
    const { value, rejected } = spec.interpret(result.value, payload);
    return { status: 'ok', value, rejected, usage, raw: result.raw, attempts: 1 };
  }
}
