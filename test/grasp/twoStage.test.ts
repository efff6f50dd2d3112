// Two-stage answering on the demo graph with specific edges removed: the plain pipeline misses a question whose
// last edge is gone, the GraSP selector trained briefly on the degraded graph still selects the gold answer, the
// selection loop respects its iteration limit, and the evidence a Brain would read names no raw entity.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { selectionRole } from '../../src-main/engine/egress/brain/roles/selectionRole.js';
import { drmStandInSelectionStep } from '../../src-main/engine/egress/brain/selectionSteps.js';
import type { ExperienceOutcome, ExperienceProvider, ExperienceQuery } from '../../src-main/engine/core/experienceProvider.js';
import { chainSignature } from '../../src-main/engine/core/experienceProvider.js';
import type { SelectionStepRequest } from '../../src-main/engine/core/selectionStep.js';
import { loadGloveDrm, type GloveDrm } from '../../src-main/engine/drm/gloveDrm.js';
import { parsePipeTriples } from '../../src-main/engine/import/pipeTriplesGraph.js';
import { hitAt1 } from '../../src-main/engine/import/questionsFile.js';
import { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { graspContext } from '../../src-main/engine/qa/grasp/graspContext.js';
import { createGraspSelector, type GraspSelector } from '../../src-main/engine/qa/grasp/graspSelector.js';
import { relaxedGrounding } from '../../src-main/engine/qa/grasp/relaxedGrounding.js';
import { trainEncoder } from '../../src-main/engine/qa/grasp/train.js';
import { createQaEngine } from '../../src-main/engine/qa/qaEngine.js';

const QUESTION = 'Which drugs are tested in trials sponsored by Pell & Corrow Medicines?';
const GOLD = 'Tevrolimab';
const REMOVED = 'IRONBARK-3|tests_drug|Tevrolimab';

let drm: GloveDrm;
let full: MemoryGraph;
let degraded: MemoryGraph;
let selector: GraspSelector;

beforeAll(async () => {
  drm = await loadGloveDrm();
  const triples = parsePipeTriples(readFileSync('resources/demo/hospital-network.txt', 'utf8'));
  full = MemoryGraph.fromTriples('demo', [], triples);
  degraded = MemoryGraph.fromTriples('demo-degraded', [], triples.filter((t) => `${t.head}|${t.relation}|${t.tail}` !== REMOVED));
  const { encoder } = await trainEncoder(graspContext(degraded, drm), {
    seed: 7,
    epochs: 3,
    examplesPerEpoch: 96,
    batchSize: 8,
    lr: 1e-2,
    shape: { hidden: 16, headHidden: 8 },
    relevance: { l: 3, k1: 16, k2: 8, maxNodes: 200 },
  });
  selector = createGraspSelector(encoder, drm);
}, 240_000);

/** Prunes every Topic branch, so the encoder selection runs on a graph where topic paths would succeed. */
class WarnTopic implements ExperienceProvider {
  async retrieve(q: ExperienceQuery) {
    const chain = chainSignature(q.indicator.chain, q.indicator.answerPosition);
    return { suggestions: [], warnings: [{ score: 0.9, mode: 'Topic' as const, chain, reason: 'test' }], hits: 1 };
  }
}

describe('GraSP selection on an incomplete demo graph', () => {
  it('the plain pipeline misses the question whose last edge was removed; the selector still selects the gold answer', async () => {
    expect(degraded.tripleCount).toBe(full.tripleCount - 1);
    const plain = await createQaEngine({ graph: degraded, drm }).ask(QUESTION);
    expect(hitAt1(plain.answers.map((a) => a.name), [GOLD])).toBe(false);
    const anchor = degraded.indexOf('Pell & Corrow Medicines')!;
    const ranked = selector.select(degraded, [anchor], drm.embedOne(QUESTION), { topK: 10 });
    expect(ranked.map((r) => degraded.names[r.entity])).toContain(GOLD);
  });

  it('relaxed grounding accepts the selected answer with exactly the removed edge inferred', () => {
    const g = degraded;
    const rel = (name: string): number => g.relationIndexOf(name)!;
    const chain = [
      { relation: rel('sponsored_by'), direction: 'in' as const },
      { relation: rel('tests_drug'), direction: 'out' as const },
    ];
    const gold = g.indexOf(GOLD)!;
    const [answer] = relaxedGrounding(g, g.indexOf('Pell & Corrow Medicines')!, chain, [{ entity: gold, score: 0.4 }]);
    expect(answer).toMatchObject({ entity: gold, missingAt: 1 });
    expect(g.names[answer.entities[1]]).toBe('IRONBARK-3');
    // On the full graph the same chain grounds end to end: nothing is inferred.
    const [whole] = relaxedGrounding(full, full.indexOf('Pell & Corrow Medicines')!, chain.map((s) => ({ ...s, relation: full.relationIndexOf(full === g ? '' : g.relationLabels[s.relation])! })), [{ entity: full.indexOf(GOLD)!, score: 0.4 }]);
    expect(whole.missingAt).toBeUndefined();
  });

  it('the two-stage loop stops at its iteration limit and sends only tokens, never names', async () => {
    const requests: SelectionStepRequest[] = [];
    const alwaysExpand = async (req: SelectionStepRequest) => {
      requests.push(req);
      const token = req.candidates.find((c) => !req.anchors.includes(c.token))?.token;
      return token ? { action: 'expand' as const, token } : undefined;
    };
    const engine = createQaEngine({ graph: degraded, drm, experience: new WarnTopic(), grasp: selector, selectionStep: alwaysExpand, graspOptions: { maxIterations: 2 } });
    const r = await engine.ask(QUESTION);
    expect(requests.length).toBe(2);
    expect(requests.map((x) => x.iteration)).toEqual([1, 2]);
    const grasp = r.tree!.nodes.find((n) => n.notes.some((x) => x.kind === 'grasp'));
    expect(grasp).toBeDefined();
    // No raw name of the graph appears in anything the Brain was sent.
    const names = degraded.names.filter((n) => n.length >= 4 && /[A-Za-z]/.test(n));
    for (const req of requests) {
      const sent = [req.evidence, req.question, ...req.candidates.map((c) => c.path)].join('\n');
      expect(sent).toMatch(/E_[0-9a-f]{4,}/);
      const leaked = names.filter((n) => sent.includes(n));
      expect(leaked, sent).toEqual([]);
    }
  });

  it('the DRM stand-in Brain answers within the limit and the final answer is grounded locally', async () => {
    const requests: SelectionStepRequest[] = [];
    const standIn = drmStandInSelectionStep(drm);
    const step = async (req: SelectionStepRequest) => {
      requests.push(req);
      return standIn(req);
    };
    const engine = createQaEngine({ graph: degraded, drm, experience: new WarnTopic(), grasp: selector, selectionStep: step, graspOptions: { maxIterations: 3 } });
    const r = await engine.ask(QUESTION);
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.length).toBeLessThanOrEqual(3);
    // Every answer comes with raw evidence; an inferred one says so.
    for (const a of r.answers) {
      expect(a.rawPaths.length).toBeGreaterThan(0);
      if (a.inferred) expect(a.inferred).toContain('inferred (missing edge)');
    }
  });

  it('an inferred answer is marked on its raw path and never written to memory as verified experience', async () => {
    const outcomes: ExperienceOutcome[] = [];
    class Recording extends WarnTopic {
      async writeBack(_report: unknown, outcome: ExperienceOutcome) {
        outcomes.push(outcome);
        return { status: 'skipped' as const, reason: 'test' };
      }
    }
    const r = await createQaEngine({ graph: degraded, drm, experience: new Recording(), grasp: selector }).ask(QUESTION);
    const inferred = r.answers.filter((a) => a.inferred);
    expect(inferred.length).toBeGreaterThan(0);
    for (const a of inferred) expect(a.rawPaths[0].edges.filter((e) => e.inferred)).toHaveLength(1);
    for (const a of r.answers.filter((x) => !x.inferred)) expect(a.rawPaths.every((p) => p.edges.every((e) => !e.inferred))).toBe(true);
    expect(outcomes).toHaveLength(1);
    const [o] = outcomes;
    expect(o.verifiedPaths.flatMap((p) => p.edges).some((e) => e.relation.includes('inferred'))).toBe(false);
    expect(o.verified).toBe(r.answers.some((a) => !a.inferred));
  });

  it('the selection role drops invented tokens and refuses an expansion past the limit', () => {
    const req: SelectionStepRequest = { question: 'q', anchors: ['E_aaaa'], candidates: [], evidence: 'Topic entities: E_aaaa.\n1. E_bbbb (0.5): E_aaaa -[sponsored by]-> E_bbbb', iteration: 3, maxIterations: 3 };
    const final = selectionRole.interpret({ action: 'final', tokens: ['E_cccc', 'E_bbbb'], reason: 'x' }, req);
    expect(final.value).toEqual({ action: 'final', tokens: ['E_bbbb'] });
    expect(final.rejected).toEqual([{ kind: 'token', value: 'E_cccc', where: 'selection final' }]);
    expect(selectionRole.interpret({ action: 'expand', tokens: ['E_bbbb'], reason: 'x' }, req).value).toEqual({ action: 'sufficient' });
  });
});
