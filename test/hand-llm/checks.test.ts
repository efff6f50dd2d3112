// Graph checks of the model Hand's replies, with hand-written replies (no model): what names something that is not
// in the subgraph / candidate set is rejected with a reason a repair prompt can use.
import { beforeAll, describe, expect, it } from 'vitest';
import { checkEntityExtraction } from '../../src-main/engine/qa/hand/llm/checks/entityExtraction.js';
import { checkEvidenceRefinement } from '../../src-main/engine/qa/hand/llm/checks/evidenceRefinement.js';
import { checkFollowUp } from '../../src-main/engine/qa/hand/llm/checks/followUp.js';
import { checkFollowUpQuestion } from '../../src-main/engine/qa/hand/llm/checks/followUpQuestion.js';
import { followUpQuestion } from '../../src-main/engine/qa/hand/followUpQuestion.js';
import { checkPrediction } from '../../src-main/engine/qa/hand/llm/checks/prediction.js';
import { checkQuestionAnalysis } from '../../src-main/engine/qa/hand/llm/checks/questionAnalysis.js';
import { checkSufficiencyVerification, HAND_REJECTED } from '../../src-main/engine/qa/hand/llm/checks/sufficiencyVerification.js';
import { viewAdjacency } from '../../src-main/engine/qa/stages/viewAdjacency.js';
import type { Verification } from '../../src-main/engine/core/types.js';
import { buildHandFixture, type HandFixture } from './handFixture.js';

let f: HandFixture;
beforeAll(async () => {
  f = await buildHandFixture();
});

describe('entity extraction check', () => {
  it('resolves mentions copied from the question through the name index', () => {
    const r = checkEntityExtraction({ mentions: ['ilse varga'] }, { question: f.question, graph: f.graph, index: f.index });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const [t] = r.value.topics;
    expect(f.graph.names[t.entity]).toBe('Ilse Varga');
    expect(f.question.slice(t.start, t.end)).toBe('Ilse Varga');
  });

  it('rejects a mention that is not in the question, and one that names no entity', () => {
    const ctx = { question: f.question, graph: f.graph, index: f.index };
    const absent = checkEntityExtraction({ mentions: ['Tomas Bry'] }, ctx);
    expect(absent).toEqual({ ok: false, errors: ['mention "Tomas Bry" does not occur in the question'] });
    const unknown = checkEntityExtraction({ mentions: ['publishers'] }, ctx);
    expect(unknown).toEqual({ ok: false, errors: ['mention "publishers" names no entity of the graph'] });
  });
});

describe('question analysis check', () => {
  const labels = (): Set<string> => new Set(['written_by', 'published_by', 'genre', 'born_in', 'located_in']);

  it('accepts a listed chain and puts it first', () => {
    const alt = f.analysis.ranked.find((c) => c.steps.length === 1)!;
    const r = checkQuestionAnalysis(
      { subquestions: ['who'], steps: alt.steps.map((s) => ({ relation: s.visible, direction: s.direction })), dPredict: 1 },
      { algorithmic: f.analysis, labels: labels(), dMax: 2 },
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.chain).toEqual(alt.steps);
    expect(r.value.ranked[0]).toBe(alt);
    expect(r.value.ranked).toHaveLength(f.analysis.ranked.length);
    expect(r.value.subquestions).toEqual(['who']);
  });

  it('rejects a relation that is not in the subgraph and a chain that cannot be walked', () => {
    const ctx = { algorithmic: f.analysis, labels: labels(), dMax: 2 };
    const bad = checkQuestionAnalysis({ subquestions: ['x'], steps: [{ relation: 'translated_by', direction: 'in' }], dPredict: 1 }, ctx);
    expect(bad).toEqual({ ok: false, errors: ['relation "translated_by" is not in the question\'s subgraph'] });
    const unwalkable = checkQuestionAnalysis({ subquestions: ['x'], steps: [{ relation: 'located_in', direction: 'out' }], dPredict: 1 }, ctx);
    expect(unwalkable.ok).toBe(false);
    if (!unwalkable.ok) expect(unwalkable.errors[0]).toMatch(/not a path reachable/);
  });

  it('rejects a D_predict at which exploration cannot find the chain', () => {
    const steps = f.analysis.chain.map((s) => ({ relation: s.visible, direction: s.direction }));
    const r = checkQuestionAnalysis({ subquestions: ['a', 'b'], steps, dPredict: 1 }, { algorithmic: f.analysis, labels: labels(), dMax: 2 });
    expect(r).toEqual({ ok: false, errors: ['dPredict must be 2 for a chain of 2 steps from 1 anchor(s)'] });
  });
});

describe('follow-up check', () => {
  it('accepts an untried depth or a reasoned stop, rejects a tried one', () => {
    expect(checkFollowUp({ action: 'deepen', depth: 3, reason: '' }, { triedDepths: [2], dMax: 3 })).toEqual({ ok: true, value: { action: 'deepen', depth: 3 } });
    expect(checkFollowUp({ action: 'stop', reason: ' done ', depth: 1 }, { triedDepths: [2], dMax: 3 })).toEqual({ ok: true, value: { action: 'stop', reason: 'done' } });
    expect(checkFollowUp({ action: 'deepen', depth: 2, reason: '' }, { triedDepths: [2], dMax: 3 }).ok).toBe(false);
    expect(checkFollowUp({ action: 'stop', reason: ' ', depth: 1 }, { triedDepths: [2], dMax: 3 }).ok).toBe(false);
  });
});

describe('follow-up question check', () => {
  it('puts the chosen alternative first with the model question, and rejects foreign tokens or no start token', () => {
    const anchors = [...f.view.anchors];
    const base = followUpQuestion({ analysis: f.analysis, focus: f.analysis.answerPosition, anchorTokens: anchors, exhausted: new Set() })!;
    expect(base.analysis.ranked.length).toBeGreaterThan(1);
    const known = new Set(anchors);
    const ok = checkFollowUpQuestion({ alternative: 2, question: `What does ${anchors[0]} lead to instead?` }, base, anchors, known);
    expect(ok.ok).toBe(true);
    if (!ok.ok) return;
    expect(ok.value.question).toBe(`What does ${anchors[0]} lead to instead?`);
    expect(ok.value.analysis.chain).toEqual(base.analysis.ranked[1].steps);
    expect(ok.value.analysis.ranked[0]).toEqual(base.analysis.ranked[1]);
    expect(ok.value.analysis.ranked).toHaveLength(base.analysis.ranked.length);
    expect(ok.value.anchors).toEqual(base.anchors);
    expect(checkFollowUpQuestion({ alternative: 1, question: `From ${anchors[0]} to E_0123456789ab?` }, base, anchors, known).ok).toBe(false);
    expect(checkFollowUpQuestion({ alternative: 1, question: 'Which one is it, then?' }, base, anchors, known).ok).toBe(false);
    expect(checkFollowUpQuestion({ alternative: base.analysis.ranked.length + 1, question: `Where from ${anchors[0]}?` }, base, anchors, known).ok).toBe(false);
  });
});

describe('prediction check', () => {
  it('accepts view tokens that carry the step relation and rejects invented or misplaced tokens', async () => {
    const algo = await f.algorithmic.predictNodes({ view: f.view, indicator: f.analysis });
    const ctx = { view: f.view, indicator: f.analysis, adjacency: viewAdjacency(f.view), listedPositions: new Set([1, 2]) };
    const good = checkPrediction({ nodes: algo.map((n) => ({ position: n.position, candidates: n.candidates })) }, ctx);
    expect(good).toEqual({ ok: true, value: algo });

    const invented = checkPrediction({ nodes: [{ position: 1, candidates: ['E_000000000000'] }, { position: 2, candidates: algo[1].candidates }] }, ctx);
    expect(invented).toEqual({ ok: false, errors: ['"E_000000000000" is not a token of the view'] });
    // The answer token at the bridge position carries no written_by edge.
    const misplaced = checkPrediction({ nodes: [{ position: 1, candidates: algo[1].candidates }, { position: 2, candidates: algo[1].candidates }] }, ctx);
    expect(misplaced.ok).toBe(false);
    if (!misplaced.ok) expect(misplaced.errors[0]).toMatch(/has no "written_by" edge/);
    const anchor = checkPrediction({ nodes: [{ position: 1, candidates: [f.view.anchors[0]] }, { position: 2, candidates: algo[1].candidates }] }, ctx);
    expect(anchor.ok).toBe(false);
    const missing = checkPrediction({ nodes: [{ position: 1, candidates: algo[0].candidates }] }, ctx);
    expect(missing).toEqual({ ok: false, errors: ['position 2 is missing'] });
  });
});

describe('evidence refinement check', () => {
  it('keeps the chosen listed paths first and rejects unknown or repeated ids', () => {
    const ctx = { ranked: f.refined, listed: 3, width: 80 };
    const r = checkEvidenceRefinement({ keep: [2] }, ctx);
    expect(r).toEqual({ ok: true, value: [f.refined[1], ...f.refined.slice(3)] });
    expect(checkEvidenceRefinement({ keep: [4] }, ctx)).toEqual({ ok: false, errors: ['path 4 is not one of the listed paths (1..3)'] });
    expect(checkEvidenceRefinement({ keep: [1, 1] }, ctx)).toEqual({ ok: false, errors: ['path 1 is kept twice'] });
    expect(checkEvidenceRefinement({ keep: [] }, ctx).ok).toBe(false);
  });
});

describe('sufficiency verification check', () => {
  it('keeps accepted answers in the model order and records the rejected ones', async () => {
    const algo: Verification = await f.algorithmic.verifySufficiency({ grounded: f.grounded, analysis: f.analysis });
    expect(algo.answers.length).toBe(2);
    const r = checkSufficiencyVerification({ accepted: [2] }, { algorithmic: algo, listed: 2 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.answers).toEqual([algo.answers[1]]);
    expect(r.value.rejected).toContainEqual({ reason: HAND_REJECTED, count: 1 });
    expect(checkSufficiencyVerification({ accepted: [3] }, { algorithmic: algo, listed: 2 }).ok).toBe(false);
  });
});
