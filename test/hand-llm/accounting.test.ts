import { describe, expect, it } from 'vitest';
import { HandAccounting, type HandCallRecord } from '../../src-main/engine/qa/hand/accounting.js';

const call = (over: Partial<HandCallRecord>): HandCallRecord => ({
  skill: 'entityExtraction',
  attempt: 1,
  tokensIn: 100,
  tokensOut: 10,
  ms: 50,
  tokensPerSecond: 200,
  repaired: false,
  ...over,
});

describe('HandAccounting', () => {
  it('aggregates calls per question with the field names eval writes', () => {
    const a = new HandAccounting();
    a.beginQuestion();
    a.record(call({}));
    a.record(call({ skill: 'questionAnalysis', tokensIn: 300, tokensOut: 40 }));
    a.record(call({ skill: 'questionAnalysis', attempt: 2, tokensIn: 400, tokensOut: 30, fallbackReason: 'bad chain' }));
    expect(a.endQuestion()).toEqual({ calls: 3, tokens_in: 800, tokens_out: 80, fallbacks: 1 });
    a.beginQuestion();
    a.record(call({ skill: 'followUp', attempt: 2, repaired: true }));
    expect(a.question()).toEqual({ calls: 1, tokens_in: 100, tokens_out: 10, fallbacks: 0 });
  });

  it('keeps running totals per skill and tells listeners', () => {
    const a = new HandAccounting(2);
    const seen: number[] = [];
    const off = a.onCall((_c, t) => seen.push(t.calls));
    a.beginQuestion();
    a.record(call({ ms: 100, tokensOut: 20 }));
    a.record(call({ skill: 'prediction', attempt: 2, repaired: true, ms: 100, tokensOut: 20 }));
    off();
    a.record(call({ skill: 'prediction', fallbackReason: 'x', ms: 200, tokensOut: 60 }));
    const t = a.totals();
    expect(t).toMatchObject({ calls: 3, tokensIn: 300, tokensOut: 100, ms: 400, repairs: 1, fallbacks: 1, questions: 1, tokensPerSecond: 250 });
    expect(t.bySkill.prediction).toEqual({ calls: 2, tokensIn: 200, tokensOut: 80, ms: 300, repairs: 1, fallbacks: 1 });
    expect(t.bySkill.followUp.calls).toBe(0);
    expect(seen).toEqual([1, 2]);
    expect(a.recent().map((c) => c.skill)).toEqual(['prediction', 'prediction']);
    a.reset();
    expect(a.totals().calls).toBe(0);
  });
});
