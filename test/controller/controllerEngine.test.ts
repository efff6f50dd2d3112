// The controller inside the engine, on the demo graph: the tree's shape for a 1-hop and a multi-hop question,
// live updates, the experience provider's report, failure-warning pruning and the Brain step plug-in.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReasoningTreeSummary } from '../../src-main/common/answerTypes.js';
import type { BrainStepRequest } from '../../src-main/engine/core/brainStep.js';
import { chainSignature, type ExperienceProvider, type ExperienceQuery } from '../../src-main/engine/core/experienceProvider.js';
import { loadGloveDrm } from '../../src-main/engine/drm/gloveDrm.js';
import { pipeTriplesGraph } from '../../src-main/engine/import/pipeTriplesGraph.js';
import type { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { createQaEngine } from '../../src-main/engine/qa/qaEngine.js';
import type { Drm } from '../../src-main/engine/core/types.js';

let graph: MemoryGraph;
let drm: Drm;
const ONE_HOP = 'In which city is Kvarnby University Hospital located?';

beforeAll(async () => {
  graph = pipeTriplesGraph('resources/demo/hospital-network.txt', 'demo');
  drm = await loadGloveDrm();
}, 120_000);

/** Warns about every Topic branch of the question's own indicator, at any depth. */
class WarnTopic implements ExperienceProvider {
  async retrieve(q: ExperienceQuery) {
    const chain = chainSignature(q.indicator.chain, q.indicator.answerPosition);
    return { suggestions: [], warnings: [{ score: 0.9, mode: 'Topic' as const, chain, reason: 'failed before' }], hits: 1 };
  }
}

describe('controller in the engine', () => {
  it('builds a one-node tree for a 1-hop question and streams updates', async () => {
    const updates: ReasoningTreeSummary[] = [];
    const r = await createQaEngine({ graph, drm }).ask(ONE_HOP, { onTreeUpdate: (t) => updates.push(t) });
    expect(r.answers[0]?.name).toBeTruthy();
    expect(r.tree?.nodes).toHaveLength(1);
    expect(r.tree?.nodes[0]).toMatchObject({ mode: 'Topic', status: 'verified', parent: null });
    expect(r.tree!.nodes[0].evidence).toBeGreaterThan(0);
    expect(r.memoryHits).toBe(0);
    expect(updates.length).toBeGreaterThan(0);
    expect(JSON.stringify(r.tree)).not.toContain('Kvarnby');
  });

  it('a failure warning prunes the Topic branch before it runs; the tree records the skip and moves on', async () => {
    const r = await createQaEngine({ graph, drm, experience: new WarnTopic() }).ask(ONE_HOP);
    expect(r.memoryHits).toBe(1);
    const topic = r.tree!.nodes.filter((n) => n.mode === 'Topic');
    expect(topic.length).toBeGreaterThan(0);
    expect(topic.every((n) => n.status === 'pruned' && n.notes.some((x) => x.kind === 'skipped' && x.text.startsWith('skipped:')))).toBe(true);
    expect(r.tree!.modes).not.toContain('Topic');
  });

  it('Refine asks its follow-up from the bridge the chain reached, and joins what it finds to the anchor', async () => {
    const question = 'Kwame Hoffstetter was admitted to a hospital in which city';
    const r = await createQaEngine({ graph, drm, experience: new WarnTopic() }).ask(question);
    const bridge = r.tree!.nodes.find((n) => n.mode === 'Topic' && n.status === 'verified');
    const refine = r.tree!.nodes.find((n) => n.mode === 'Refine');
    expect(bridge).toBeDefined();
    expect(refine?.notes.some((x) => x.kind === 'reanchored' && /re-anchored on \d+ bridge\(s\) at position 1/.test(x.text))).toBe(true);
    // The follow-up names the bridge's token, not the question's anchor.
    const anchorToken = r.topics[0].token!;
    expect(refine!.subquestion).toMatch(/reached from E_[0-9a-f]+ \(bridge 1\)/);
    expect(refine!.subquestion).not.toContain(anchorToken);
    if (refine!.status === 'verified') for (const a of r.answers) expect(a.rawPaths[0].entities[0]).toBe('Kwame Hoffstetter');
  });

  it('calls the Brain step only when the local choice is unsure (small top-2 margin and calibrated unsure), and applies its ranking', async () => {
    const calls: BrainStepRequest[] = [];
    const brainStep = async (req: BrainStepRequest) => {
      calls.push(req);
      return { ranked: [req.paths.length - 1] };
    };
    const engine = createQaEngine({ graph, drm, brainStep });
    let sureButClose = 0;
    for (const q of readFileSync('resources/demo/questions.txt', 'utf8').split('\n').filter((l) => l.includes('\t')).slice(0, 20)) {
      const before = calls.length;
      const r = await engine.ask(q.split('\t')[0]!);
      if (calls.length > before) {
        const req = calls[calls.length - 1]!;
        expect(req.confidence.confident).toBe(false);
        expect(req.confidence.margin).toBeLessThan(req.confidence.threshold);
        expect(r.tree!.nodes.some((n) => n.notes.some((x) => x.kind === 'brainRanking'))).toBe(true);
      } else if (r.answers.length > 1) {
        // Not asked: either the top two answers are far apart, or the calibrated estimate was sure.
        const margin = r.answers[0]!.score - r.answers[1]!.score;
        expect(margin >= 0.05 || r.confidence?.unsure === false).toBe(true);
        if (margin < 0.05) sureButClose++;
      }
    }
    // Both sides of the rule were exercised: some questions asked the Brain, others were close but sure.
    expect(calls.length).toBeGreaterThan(0);
    expect(sureButClose).toBeGreaterThan(0);
  }, 120_000);
});
