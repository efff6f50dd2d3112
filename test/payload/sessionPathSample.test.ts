// Per-session filler paths: a ranking payload always shows the best-ranked half of its width, the rest drawn per
// session from the other kept paths; the draw is deterministic for one generator (one session) and differs between
// sessions, and candidate indexes keep pointing into the kept paths the reply maps back to. Hub aggregates replace
// tokens in the text only (withTokens), keeping the candidate-path line form.
import { describe, expect, it } from 'vitest';
import type { ViewPath } from '../../src-main/common/answerTypes.js';
import type { SanitizedView } from '../../src-main/engine/core/types.js';
import { rankingPayload } from '../../src-main/engine/payload/brainPayload.js';
import { withTokens } from '../../src-main/engine/payload/guardPayload.js';
import { sessionPathSample } from '../../src-main/engine/payload/sessionPathSample.js';
import { createPrng } from '../../src-main/engine/random/prng.js';

const view: SanitizedView = {
  question: 'what did [E_a0] direct',
  anchors: ['E_a0'],
  nodes: [],
  edges: [],
  stats: { k: 2, achievedK: 2 } as SanitizedView['stats'],
};
/** 40 one-hop candidates from E_a0, best first (strictly decreasing scores). */
const kept: (ViewPath & { score: number })[] = Array.from({ length: 40 }, (_, i) => ({
  nodes: ['E_a0', `E_${(0xb00 + i).toString(16)}`],
  edges: [{ relation: i % 3 ? 'starred_actors' : 'directed_by', direction: 'in' as const }],
  score: 1 - i / 100,
}));
const indicator = { anchors: ['E_a0'], chain: [{ relation: 'directed_by', direction: 'in' as const }], answerPosition: 1, dPredict: 1 };
const build = (seed: number) => rankingPayload({ view, indicator, paths: kept, width: 20, show: sessionPathSample(kept.length, 20, createPrng(seed)) });

describe('sessionPathSample', () => {
  it('keeps the best-ranked half and fills the rest from lower ranks, all distinct and in range', () => {
    const s = sessionPathSample(40, 20, createPrng(7));
    expect(s).toHaveLength(20);
    expect(s.slice(0, 10)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(new Set(s).size).toBe(20);
    expect(s.slice(10).every((i) => i >= 10 && i < 40)).toBe(true);
    expect(s).toEqual([...s].sort((a, b) => a - b));
  });

  it('shows every candidate when there are no more than the width', () => {
    expect(sessionPathSample(6, 20, createPrng(1))).toEqual([0, 1, 2, 3, 4, 5]);
    expect(sessionPathSample(0, 20, createPrng(1))).toEqual([]);
  });

  it('is deterministic within a session and differs between sessions', () => {
    const draws = [1, 2, 3, 4, 5].map((seed) => sessionPathSample(40, 20, createPrng(seed)).slice(10).join(','));
    expect(sessionPathSample(40, 20, createPrng(3))).toEqual(sessionPathSample(40, 20, createPrng(3)));
    expect(new Set(draws).size).toBeGreaterThan(1);
  });
});

describe('rankingPayload with a per-session draw', () => {
  it('two sessions show the same top paths and different lower-ranked ones; candidates index the kept paths', () => {
    const a = build(11);
    const b = build(12);
    const lines = (p: ReturnType<typeof build>) => p.paths.map((x) => x.nodes.join(' '));
    expect(a.paths).toHaveLength(20);
    expect(lines(a).slice(0, 10)).toEqual(lines(b).slice(0, 10));
    expect(lines(a).slice(0, 10)).toEqual(kept.slice(0, 10).map((k) => k.nodes.join(' ')));
    expect(lines(a).slice(10)).not.toEqual(lines(b).slice(10));
    for (const p of [a, b]) for (const x of p.paths) expect(x.nodes).toEqual(kept[x.candidate].nodes);
    expect(a.paths.map((x) => x.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});

describe('withTokens', () => {
  it('shows a hub as its aggregate everywhere in the text, keeping ids, candidates and the line form', () => {
    const p = build(5);
    const hub = p.paths[0].nodes[1];
    const out = withTokens(p, new Map([[hub, 'A_c0ffee00aa11']]));
    expect(out.paths.map((x) => [x.id, x.candidate])).toEqual(p.paths.map((x) => [x.id, x.candidate]));
    expect(out.text).not.toContain(hub);
    expect(out.text).toMatch(/^P1\. E_a0 <-\[directed_by\]- A_c0ffee00aa11$/m);
    expect(out.text.split('\n').filter((l) => /^P\d+\. /.test(l))).toHaveLength(20);
    expect(withTokens(p, new Map())).toBe(p);
  });
});
