// The controller's named pieces on their own: the typed notes (kind, fields, the text people read), the mode
// strategies, the memory / Brain ranking gates and the Brain tally.
import { describe, expect, it } from 'vitest';
import type { ExperienceReuse } from '../../src-main/engine/core/experienceProvider.js';
import type { GroundedPath } from '../../src-main/engine/core/types.js';
import { nodeNote, noteSummary } from '../../src-main/engine/qa/controller/nodeNotes.js';
import { nodeRan, ReasoningTree, summarizeTree } from '../../src-main/engine/qa/controller/reasoningTree.js';
import { shouldAskBrain } from '../../src-main/engine/qa/controller/steps/brainRankingStep.js';
import { memoryRankingStep } from '../../src-main/engine/qa/controller/steps/memoryRankingStep.js';
import { NO_BRAIN_CALLS, tallyBrain } from '../../src-main/engine/qa/controller/steps/rankVerifiedRound.js';
import { MODE_STRATEGIES } from '../../src-main/engine/qa/controller/strategies/modeStrategies.js';
import { predictStrategy } from '../../src-main/engine/qa/controller/strategies/predictStrategy.js';
import { refineStrategy } from '../../src-main/engine/qa/controller/strategies/refineStrategy.js';
import { topicStrategy } from '../../src-main/engine/qa/controller/strategies/topicStrategy.js';

const unsure = { confident: false, margin: 0.01, threshold: 0.05 };
const sure = { confident: true, margin: 0.2, threshold: 0.05 };

describe('typed node notes', () => {
  it('carry their kind and fields, and the text the Ask panel and the eval show', () => {
    expect(nodeNote.skipped({ mode: 'Topic', reason: 'failed before' })).toEqual({
      kind: 'skipped',
      warning: { mode: 'Topic', reason: 'failed before' },
      text: 'skipped: experience warns Topic at depth any failed on a similar question (failed before)',
    });
    expect(nodeNote.memoryRanking('rec-1', unsure, true)).toMatchObject({ kind: 'memoryRanking', brainCallSaved: true, text: 'memory ranking applied from rec-1 (local top-2 margin 0.010 < 0.05); Brain ranking call saved' });
    expect(nodeNote.memoryRanking('rec-1', unsure, false).text).toBe('memory ranking applied from rec-1 (local top-2 margin 0.010 < 0.05)');
    expect(nodeNote.brainRanking(unsure).text).toBe('Brain ranking applied (local top-2 margin 0.010 < 0.05)');
    expect(nodeNote.followUp(2, 2, 3).text).toBe('follow-up for the answer constraint: 3 alternative chain(s)');
    expect(nodeNote.followUp(1, 2, 3)).toMatchObject({ answerConstraint: false, text: 'follow-up for bridge 1: 3 alternative chain(s)' });
    expect(nodeNote.predicted(4, 1, 2).text).toBe('4 predicted bridge(s) at position 1 as new anchors');
    expect(nodeNote.predicted(4, 2, 2).text).toBe('4 predicted answer(s) as new anchors');
    expect(nodeNote.initFromDPredict(2, 2).text).toBe('D_predict = 2');
    expect(nodeNote.initFromExperience('Predict', 3, 0.912).text).toBe('experience (score 0.91) suggests Predict at depth 3');
    expect(nodeNote.nextStep({ kind: 'deepen', depth: 2 }).text).toBe('deepen to 2');
    expect(nodeNote.nextStep({ kind: 'switch', mode: 'Refine', depth: 3 })).toMatchObject({ kind: 'switch', text: 'switch to Refine' });
    expect(nodeNote.nextStep({ kind: 'stop', reason: 'verified' })).toMatchObject({ kind: 'stop', text: 'stop: verified' });
    expect(nodeNote.graspRound(2, { decision: 'expand', token: 'E_ab12' }).text).toBe('round 2: Brain asked to expand E_ab12');
    expect(nodeNote.graspSelection(2, 3, 1).text).toBe('encoder selection over 2 chain(s): 3 grounded, 1 inferred (missing edge)');
  });

  it('cross IPC as kind and text only; a skipped node did not run', () => {
    const t = new ReasoningTree();
    const n = t.add({ parent: null, subquestion: 's', role: { kind: 'answer' }, depth: 1, mode: 'Topic', notes: [nodeNote.initFromDPredict(1, 1), nodeNote.skipped({ mode: 'Topic', depth: 1, reason: 'r' })] });
    n.status = 'pruned';
    expect(nodeRan(n)).toBe(false);
    const s = summarizeTree(t);
    expect(s.nodes[0].notes.map((x) => x.kind)).toEqual(['init', 'skipped']);
    expect(s.nodes[0].notes[1]).toEqual(noteSummary(n.notes[1]));
    expect(Object.keys(s.nodes[0].notes[1])).toEqual(['kind', 'text']);
    expect(s.modes).toEqual([]);
  });
});

describe('controller steps', () => {
  it('each mode runs its own strategy', () => {
    expect(MODE_STRATEGIES).toEqual({ Topic: topicStrategy, Refine: refineStrategy, Predict: predictStrategy });
  });

  it('memory ranks an unsure round when a reused chain supports an answer, never under Brain policy always', () => {
    const view = { nodes: ['a', 'b'], edges: [{ relation: 'r', direction: 'out' as const }], answerAt: 1, score: 1 };
    const grounded = [{ answer: 11, entities: [1, 11], edges: [], view }] as unknown as GroundedPath[];
    const reuse: ExperienceReuse = { recordId: 'rec-1', score: 0.9, mode: 'Topic', depth: 1, chains: [{ steps: [{ relation: 'r', direction: 'out' }], answerPosition: 1, seen: 2 }] };
    const round = { answers: [{ entity: 10 }, { entity: 11 }] as never[], grounded };
    const ranked = memoryRankingStep(round, unsure, reuse, { withBrain: true });
    expect(ranked?.answers.map((a) => (a as { entity: number }).entity)).toEqual([11, 10]);
    expect(ranked?.note).toMatchObject({ kind: 'memoryRanking', recordId: 'rec-1', brainCallSaved: true });
    expect(memoryRankingStep(round, sure, reuse, { withBrain: true })).toBeUndefined();
    expect(memoryRankingStep(round, unsure, reuse, { withBrain: true, brainPolicy: 'always' })).toBeUndefined();
    expect(memoryRankingStep(round, unsure, undefined, { withBrain: true })).toBeUndefined();
  });

  it('asks the Brain only when unsure by margin and by the calibrated estimate (always: every unsure margin)', () => {
    const round = { answers: [], analysis: {} as never };
    expect(shouldAskBrain(sure, round, {})).toBe(false);
    expect(shouldAskBrain(unsure, round, {})).toBe(true);
    expect(shouldAskBrain(unsure, round, { unsure: () => false })).toBe(false);
    expect(shouldAskBrain(unsure, round, { unsure: () => false, brainPolicy: 'always' })).toBe(true);
  });

  it('tallies Brain calls asked, applied and saved', () => {
    let t = tallyBrain(NO_BRAIN_CALLS, { by: 'brain', applied: true });
    t = tallyBrain(t, { by: 'brain', applied: false });
    t = tallyBrain(t, { by: 'memory', brainCallSaved: true });
    t = tallyBrain(t, { by: 'memory', brainCallSaved: false });
    t = tallyBrain(t, { by: 'local' });
    expect(t).toEqual({ asked: 2, applied: 1, saved: 1 });
    expect(NO_BRAIN_CALLS).toEqual({ asked: 0, applied: 0, saved: 0 });
  });
});
