// The controller's Brain plug-in over the gateway: the ranking payload the controller's round built is sent as it
// is (not rebuilt); the Brain's candidates come back as indices into the request's paths; without φ_Q (no way to
// account for the exposure) no call is made.
import { describe, expect, it } from 'vitest';
import type { BrainPayload } from '../../src-main/common/brainTypes.js';
import { AutoApprover } from '../../src-main/engine/egress/brain/approval.js';
import type { Brain, BrainOutcome, BrainRanking } from '../../src-main/engine/egress/brain/brain.js';
import { BrainCallCounter } from '../../src-main/engine/egress/brain/brainCallCounter.js';
import { controllerBrainStep } from '../../src-main/engine/egress/brain/controllerBrainStep.js';
import type { BrainStepRequest } from '../../src-main/engine/core/brainStep.js';
import { rankingPayload } from '../../src-main/engine/payload/brainPayload.js';
import { scenario } from './fixtures.js';

/** A local Brain that ranks the candidates it is given in reverse, plus one it invents. */
class ReversingBrain implements Brain {
  readonly kind = 'local' as const;
  readonly remote = false;
  readonly model = 'reverser';
  readonly endpoint = 'local';
  seen: BrainPayload[] = [];

  async analyze(): Promise<never> {
    throw new Error('not used');
  }

  async rank(payload: BrainPayload): Promise<BrainOutcome<BrainRanking>> {
    this.seen.push(payload);
    const ranked = [...payload.paths].reverse().map((p) => ({ pathId: p.id, candidate: p.candidate, reason: 'reversed' }));
    ranked.push({ pathId: 999, candidate: 999, reason: 'invented' });
    return { status: 'ok', value: { ranked }, rejected: [], usage: { tokensSent: 0, tokensReceived: 0 }, raw: '', attempts: 1 };
  }
}

function request(s: ReturnType<typeof scenario>, withMapping = true): BrainStepRequest {
  const indicator = { anchors: [s.view.anchors[0]], chain: [{ relation: 'directed_by', direction: 'in' as const }], answerPosition: 1, dPredict: 1 };
  const paths = s.paths.map((p) => ({ ...p, answerAt: p.nodes.length - 1 }));
  return {
    payload: rankingPayload({ view: s.view, indicator, paths, width: 3 }),
    view: s.view,
    indicator,
    paths,
    width: 3,
    node: { id: 1, subquestion: 'x', mode: 'Topic', depth: 1 },
    confidence: { confident: false, margin: 0, threshold: 0.05 },
    ...(withMapping ? { mapping: s.mapping, graph: s.graph } : {}),
  };
}

describe('controllerBrainStep', () => {
  it('sends the width-bounded ranking payload and maps candidates back to request indices', async () => {
    const s = scenario();
    const brain = new ReversingBrain();
    const results: string[] = [];
    const step = controllerBrainStep({ brain, approver: new AutoApprover('none'), counter: new BrainCallCounter('q'), questionId: 'q', onResult: (r) => results.push(r.reason) });
    const req = request(s);
    const ranking = await step(req);
    expect(brain.seen).toHaveLength(1);
    expect(brain.seen[0]).toBe(req.payload);
    expect(brain.seen[0].paths).toHaveLength(3);
    expect(brain.seen[0].text).toContain('CANDIDATES');
    // Only candidates of the request survive (the invented 999 is dropped), best first.
    expect(ranking).toEqual({ ranked: [2, 1, 0], status: 'local' });
    expect(results).toHaveLength(1);
  });

  it('makes no call without the mapping that accounts for the exposure', async () => {
    const s = scenario();
    const brain = new ReversingBrain();
    const step = controllerBrainStep({ brain, approver: new AutoApprover('all'), counter: new BrainCallCounter('q'), questionId: 'q' });
    expect(await step(request(s, false))).toBeUndefined();
    expect(brain.seen).toHaveLength(0);
  });
});
