import { describe, expect, it } from 'vitest';
import { applyBrainRanking, localConfidence } from '../../src-main/engine/qa/controller/brainRanking.js';
import { chainSignature, matchingWarning, NO_EXPERIENCE, type ExperienceProvider, type ExperienceQuery } from '../../src-main/engine/core/experienceProvider.js';
import { initPolicy } from '../../src-main/engine/qa/controller/initPolicy.js';
import { nextStep } from '../../src-main/engine/qa/controller/nextStep.js';
import { nodeNote } from '../../src-main/engine/qa/controller/nodeNotes.js';
import { ReasoningTree, summarizeTree } from '../../src-main/engine/qa/controller/reasoningTree.js';
import { wholeQuestionCheck } from '../../src-main/engine/qa/controller/wholeQuestionCheck.js';
import type { GroundedPath } from '../../src-main/engine/core/types.js';

/** A real, tiny experience provider: remembers failed (mode, depth, chain) triples per anonymised question shape. */
class ListExperience implements ExperienceProvider {
  constructor(private readonly failed: { mode: 'Topic' | 'Refine' | 'Predict'; depth: number; chain: string }[]) {}
  async retrieve(query: ExperienceQuery) {
    const chain = chainSignature(query.indicator.chain, query.indicator.answerPosition);
    const warnings = this.failed.filter((f) => f.chain === chain).map((f) => ({ ...f, score: 0.9, reason: 'no verified answer' }));
    return { suggestions: [], warnings, hits: warnings.length };
  }
}

describe('NextStep', () => {
  it('deepens within D_max while Topic verifies nothing, then switches Topic → Refine → Predict, then stops', () => {
    const tried = new Set<'Topic' | 'Refine' | 'Predict'>(['Topic']);
    expect(nextStep({ verified: false, mode: 'Topic', followUp: { action: 'deepen', depth: 2 }, modesTried: tried, dMax: 3 })).toEqual({ kind: 'deepen', depth: 2 });
    expect(nextStep({ verified: false, mode: 'Topic', followUp: { action: 'deepen', depth: 4 }, modesTried: tried, dMax: 3 }).kind).toBe('switch');
    expect(nextStep({ verified: false, mode: 'Topic', followUp: { action: 'stop', reason: 'x' }, modesTried: tried, dMax: 3 })).toEqual({ kind: 'switch', mode: 'Refine', depth: 3 });
    expect(nextStep({ verified: false, mode: 'Refine', modesTried: new Set(['Topic', 'Refine']), dMax: 3 })).toEqual({ kind: 'switch', mode: 'Predict', depth: 3 });
    expect(nextStep({ verified: false, mode: 'Predict', modesTried: new Set(['Topic', 'Refine', 'Predict']), dMax: 3 }).kind).toBe('stop');
    expect(nextStep({ verified: true, mode: 'Topic', modesTried: tried, dMax: 3 }).kind).toBe('stop');
  });
});

describe('InitPolicy', () => {
  it('starts at D_predict in Topic mode without experience, and follows the best suggestion within D_max', () => {
    expect(initPolicy({ dPredict: 2, dMax: 3, experience: NO_EXPERIENCE })).toMatchObject({ mode: 'Topic', depth: 2 });
    const experience = { suggestions: [{ score: 0.4, mode: 'Refine' as const, depth: 1 }, { score: 0.8, mode: 'Predict' as const, depth: 9 }], warnings: [], hits: 2 };
    expect(initPolicy({ dPredict: 2, dMax: 3, experience })).toMatchObject({ mode: 'Predict', depth: 3 });
  });
});

describe('failure warnings', () => {
  it('a stub provider warns about the matching branch only', async () => {
    const chain = chainSignature([{ relation: 'directed_by', direction: 'out' }, { relation: 'directed_by', direction: 'in' }], 2);
    expect(chain).toBe('ANCHOR_1 -directed_by-> BRIDGE_1 <-directed_by- ANSWER');
    const provider = new ListExperience([{ mode: 'Topic', depth: 2, chain }]);
    const report = await provider.retrieve({
      anonymizedQuestion: 'q',
      anchors: ['E_1'],
      indicator: { chain: [{ relation: 'directed_by', direction: 'out', confidence: 1 }, { relation: 'directed_by', direction: 'in', confidence: 1 }], answerPosition: 2, dPredict: 2 },
      exposure: { relations: 'labels', k: 2, dates: 'year', schemaTypes: true, supernodes: true },
    });
    expect(report.hits).toBe(1);
    expect(matchingWarning(report.warnings, { mode: 'Topic', depth: 2, chain })).toBeDefined();
    expect(matchingWarning(report.warnings, { mode: 'Topic', depth: 3, chain })).toBeUndefined();
    expect(matchingWarning(report.warnings, { mode: 'Refine', depth: 2, chain })).toBeUndefined();
  });
});

describe('Brain step', () => {
  const path = (answerAt: number) => ({ nodes: ['E_a', 'E_b'], edges: [{ relation: 'r', direction: 'out' as const }], answerAt, score: 1 });
  it('is confident with one answer or a clear margin, not on a near tie', () => {
    expect(localConfidence([{ score: 1 }]).confident).toBe(true);
    expect(localConfidence([{ score: 1.2 }, { score: 1 }]).confident).toBe(true);
    expect(localConfidence([{ score: 1.005 }, { score: 1 }]).confident).toBe(false);
  });
  it('reorders verified answers by the Brain ranking and never adds one', () => {
    const p0 = path(1);
    const p1 = path(1);
    const grounded = [
      { answer: 10, entities: [1, 10], edges: [], view: p0 },
      { answer: 11, entities: [1, 11], edges: [], view: p1 },
    ] as GroundedPath[];
    const answers = [{ entity: 10 }, { entity: 11 }];
    expect(applyBrainRanking(answers, grounded, [p0, p1], { ranked: [1] }).map((a) => a.entity)).toEqual([11, 10]);
    expect(applyBrainRanking(answers, grounded, [p0, p1], { ranked: [7] }).map((a) => a.entity)).toEqual([10, 11]);
  });
});

describe('reasoning tree', () => {
  it('summarises nodes, modes used and depth reached; skipped nodes do not count as run', () => {
    const t = new ReasoningTree();
    const a = t.add({ parent: null, subquestion: 's1', role: { kind: 'bridge', position: 1 }, depth: 1, mode: 'Topic' });
    a.status = 'verified';
    const b = t.add({ parent: a.id, subquestion: 's2', role: { kind: 'answer' }, depth: 3, mode: 'Refine', notes: [nodeNote.skipped({ mode: 'Refine', depth: 3, reason: 'warned' })] });
    b.status = 'pruned';
    const c = t.add({ parent: b.id, subquestion: 's2', role: { kind: 'answer' }, depth: 2, mode: 'Predict' });
    c.status = 'verified';
    c.evidence = [5, 6];
    const s = summarizeTree(t);
    expect(s.nodes.map((n) => n.parent)).toEqual([null, 0, 1]);
    expect(s.modes).toEqual(['Topic', 'Predict']);
    expect(s.depthReached).toBe(2);
    expect(s.nodes[2].evidence).toBe(2);
  });
  it('the whole-question check drops answers not supported from the first anchor', () => {
    const v = { nodes: ['a', 'b'], edges: [], answerAt: 1, score: 1 };
    const grounded = [{ answer: 3, entities: [1, 3], edges: [], view: v }, { answer: 4, entities: [2, 4], edges: [], view: v }] as GroundedPath[];
    expect(wholeQuestionCheck([{ entity: 3 }, { entity: 4 }], grounded, [1]).map((a) => a.entity)).toEqual([3]);
  });
});
