// The repair-then-fallback loop with a scripted generator: deterministic replies, so each branch is certain.
import { describe, expect, it } from 'vitest';
import { HandAccounting } from '../../src-main/engine/qa/hand/accounting.js';
import { runSkill, type HandJsonGenerator } from '../../src-main/engine/qa/hand/llm/runSkill.js';
import { accept, reject } from '../../src-main/engine/qa/hand/llm/skillCheck.js';
import { HandRuntimeError } from '../../src-main/engine/llm/handRuntimeError.js';
import type { HandJsonResult, HandPrompt } from '../../src-main/engine/llm/handTypes.js';

type Reply = { n: number };
const stats = { tokensIn: 40, tokensOut: 5, ms: 10, promptMs: 2, tokensPerSecond: 500, stopReason: 'eogToken' };

function scripted(replies: (HandJsonResult<Reply> | Error)[]): HandJsonGenerator & { prompts: HandPrompt[] } {
  const prompts: HandPrompt[] = [];
  return {
    prompts,
    async generateJson<T>(prompt: HandPrompt) {
      prompts.push(prompt);
      const r = replies.shift()!;
      if (r instanceof Error) throw r;
      return r as unknown as HandJsonResult<T>;
    },
  };
}

const request = (fallbackValue = -1) => ({
  skill: 'followUp' as const,
  prompt: { system: 'sys', user: 'task' },
  schema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } as const,
  maxTokens: 8,
  check: (r: Reply) => (r.n > 0 ? accept(r.n) : reject<number>([`n must be positive, got ${r.n}`])),
  fallback: async () => fallbackValue,
});

describe('runSkill', () => {
  it('uses a valid first reply: one call, no repair', async () => {
    const accounting = new HandAccounting();
    const out = await runSkill({ runtime: scripted([{ ...stats, raw: '{"n":3}', value: { n: 3 } }]), accounting }, request());
    expect(out).toEqual({ result: 3, source: 'model' });
    expect(accounting.totals()).toMatchObject({ calls: 1, repairs: 0, fallbacks: 0 });
  });

  it('repairs once with the reasons in the prompt: two calls, repaired', async () => {
    const accounting = new HandAccounting();
    const runtime = scripted([
      { ...stats, raw: '{"n":0}', value: { n: 0 } },
      { ...stats, raw: '{"n":2}', value: { n: 2 } },
    ]);
    const out = await runSkill({ runtime, accounting }, request());
    expect(out).toEqual({ result: 2, source: 'repaired' });
    expect(runtime.prompts[1].user).toContain('{"n":0}');
    expect(runtime.prompts[1].user).toContain('n must be positive, got 0');
    expect(runtime.prompts[1].system).toBe('sys');
    expect(accounting.recent().map((c) => [c.attempt, c.repaired])).toEqual([[1, false], [2, true]]);
  });

  it('falls back after a failed repair with both reasons recorded', async () => {
    const accounting = new HandAccounting();
    accounting.beginQuestion();
    const runtime = scripted([
      { ...stats, raw: '{"n"', error: 'reply is not valid JSON' },
      { ...stats, raw: '{"n":-4}', value: { n: -4 } },
    ]);
    const out = await runSkill({ runtime, accounting }, request(7));
    expect(out.result).toBe(7);
    expect(out.source).toBe('fallback');
    expect(out.fallbackReason).toContain('attempt 1: reply is not valid JSON');
    expect(out.fallbackReason).toContain('attempt 2: n must be positive, got -4');
    expect(accounting.question()).toEqual({ calls: 2, tokens_in: 80, tokens_out: 10, fallbacks: 1 });
    expect(accounting.recent()[1].fallbackReason).toBe(out.fallbackReason);
  });

  it('falls back on a runtime failure but lets an abort through', async () => {
    const accounting = new HandAccounting();
    const out = await runSkill({ runtime: scripted([new HandRuntimeError('not_loaded', 'no Hand model is loaded')]), accounting }, request(5));
    expect(out).toMatchObject({ result: 5, source: 'fallback', fallbackReason: 'runtime error: no Hand model is loaded' });
    expect(accounting.totals()).toMatchObject({ calls: 1, fallbacks: 1 });
    await expect(runSkill({ runtime: scripted([new HandRuntimeError('aborted', 'stop')]), accounting }, request())).rejects.toMatchObject({ code: 'aborted' });
  });
});
