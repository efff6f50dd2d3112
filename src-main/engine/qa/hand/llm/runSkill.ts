// One model-backed skill call: generate (grammar + schema check), check against the graph, ONE repair attempt
// with the reasons, then the algorithmic skill with the reason recorded. Runtime failures other than abort or
// disposal also fall back: a Hand that cannot run must not stop a question.
import type { HandRuntime } from '../../../llm/handRuntime.js';
import { HandRuntimeError } from '../../../llm/handRuntimeError.js';
import type { HandPrompt } from '../../../llm/handTypes.js';
import type { JsonSchema } from '../../../llm/jsonSchema.js';
import type { HandAccounting, HandSkillName } from '../accounting.js';
import { repairPrompt } from './repairPrompt.js';
import type { SkillCheck } from './skillCheck.js';

/** What a model-backed skill needs from the runtime (a HandRuntime, or a scripted stand-in in tests). */
export type HandJsonGenerator = Pick<HandRuntime, 'generateJson'>;

export interface SkillRequest<TReply, TResult> {
  skill: HandSkillName;
  prompt: HandPrompt;
  schema: JsonSchema;
  maxTokens: number;
  /** Graph check of a schema-valid reply: the skill's result, or why the reply cannot be used. */
  check(reply: TReply): SkillCheck<TResult>;
  /** The algorithmic skill, run only when the model's reply is not used. */
  fallback(): Promise<TResult>;
}

export interface SkillRunContext {
  runtime: HandJsonGenerator;
  accounting: HandAccounting;
  temperature?: number;
  seed?: number;
}

export type SkillSource = 'model' | 'repaired' | 'fallback';

export interface SkillOutcome<TResult> {
  result: TResult;
  source: SkillSource;
  fallbackReason?: string;
}

const MAX_REASON = 400;

function clip(text: string): string {
  return text.length > MAX_REASON ? `${text.slice(0, MAX_REASON)}…` : text;
}

export async function runSkill<TReply, TResult>(ctx: SkillRunContext, request: SkillRequest<TReply, TResult>): Promise<SkillOutcome<TResult>> {
  const { skill } = request;
  let prompt = request.prompt;
  const problems: string[] = [];
  for (const attempt of [1, 2] as const) {
    let reply;
    try {
      reply = await ctx.runtime.generateJson<TReply>(prompt, request.schema, {
        maxTokens: request.maxTokens,
        temperature: ctx.temperature ?? 0,
        ...(ctx.seed !== undefined ? { seed: ctx.seed } : {}),
      });
    } catch (e) {
      if (e instanceof HandRuntimeError && (e.code === 'aborted' || e.code === 'disposed')) throw e;
      const reason = clip(`runtime error: ${(e as Error).message}`);
      ctx.accounting.record({ skill, attempt, tokensIn: 0, tokensOut: 0, ms: 0, tokensPerSecond: 0, repaired: false, fallbackReason: reason });
      return { result: await request.fallback(), source: 'fallback', fallbackReason: reason };
    }
    const checked: SkillCheck<TResult> = reply.value !== undefined ? request.check(reply.value) : { ok: false, errors: [reply.error ?? 'no reply'] };
    const stats = { skill, attempt, tokensIn: reply.tokensIn, tokensOut: reply.tokensOut, ms: reply.ms, ...(reply.promptMs !== undefined ? { promptMs: reply.promptMs } : {}), tokensPerSecond: reply.tokensPerSecond };
    if (checked.ok) {
      ctx.accounting.record({ ...stats, repaired: attempt === 2 });
      return { result: checked.value, source: attempt === 2 ? 'repaired' : 'model' };
    }
    problems.push(`attempt ${attempt}: ${checked.errors.join('; ')}`);
    if (attempt === 2) {
      const reason = clip(`invalid reply after one repair (${problems.join(' | ')})`);
      ctx.accounting.record({ ...stats, repaired: false, fallbackReason: reason });
      return { result: await request.fallback(), source: 'fallback', fallbackReason: reason };
    }
    ctx.accounting.record({ ...stats, repaired: false });
    prompt = repairPrompt(request.prompt, reply.raw, checked.errors);
  }
  throw new Error('unreachable');
}
