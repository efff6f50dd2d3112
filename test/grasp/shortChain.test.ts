// The short-chain trigger and the merge by chain score: a verified answer one hop short of the best-scoring chain
// lets the encoder selection run, and the selection's answers along the better chain go first.
import { describe, expect, it } from 'vitest';
import { groundedShort, mergeByChainScore } from '../../src-main/engine/qa/controller/graspMode.js';
import type { QuestionSession } from '../../src-main/engine/qa/controller/questionSession.js';
import type { GroundedAnswer } from '../../src-main/engine/core/types.js';

const step = (relation: number, direction: 'out' | 'in' = 'out') => ({ relation, direction, visible: `r${relation}`, confidence: 1 });
const session = (ranked: { steps: ReturnType<typeof step>[]; score: number }[]): QuestionSession =>
  ({ analysis: { ranked: ranked.map((c) => ({ anchors: [0], steps: c.steps, answerPosition: c.steps.length, ends: new Set(), score: c.score })) } }) as unknown as QuestionSession;
const answer = (entity: number, relations: number[], inferred = false): GroundedAnswer => ({
  entity,
  score: 1,
  rawPaths: [{ entities: [0, ...relations.map((_, i) => 100 + i)], edges: relations.map((r) => ({ relation: r, direction: 'out' as const })) }],
  viewPaths: [],
  ...(inferred ? { inferred: 'inferred (missing edge): test' } : {}),
});

describe('short verified chains', () => {
  const s = session([
    { steps: [step(1), step(2)], score: 2 },
    { steps: [step(1)], score: 1 },
  ]);
  it('triggers only when the best chain is longer than the verified one', () => {
    expect(groundedShort(s, [answer(5, [1])])).toBe(true);
    expect(groundedShort(s, [answer(5, [1, 2])])).toBe(false);
    expect(groundedShort(s, [])).toBe(false);
  });
  it('orders by the chain score, keeps each entity once', () => {
    const merged = mergeByChainScore(s, [answer(5, [1]), answer(6, [1])], [answer(7, [1, 2], true), answer(5, [1, 2], true)]);
    expect(merged.map((a) => a.entity)).toEqual([7, 5, 6]);
    expect(merged[0].inferred).toBeDefined();
  });
});
