import { describe, expect, it } from 'vitest';
import { DIR_OUT, MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { withVotes } from '../../src-main/engine/qa/controller/graspMode.js';
import type { DetailedSelection } from '../../src-main/engine/qa/grasp/graspSelector.js';
import { neighbourVote } from '../../src-main/engine/qa/grasp/neighbourVote.js';

// Films sharing actor Ada are mostly in Latin; Bo's only other film is in Welsh. F0 has no language edge.
const graph = MemoryGraph.fromTriples(
  'films',
  [{ id: 'Lonely', name: 'Lonely' }],
  [
    { head: 'F0', relation: 'starred', tail: 'Ada' },
    { head: 'F1', relation: 'starred', tail: 'Ada' },
    { head: 'F2', relation: 'starred', tail: 'Ada' },
    { head: 'F3', relation: 'starred', tail: 'Ada' },
    { head: 'F5', relation: 'starred', tail: 'Bo' },
    { head: 'F6', relation: 'starred', tail: 'Bo' },
    { head: 'F1', relation: 'in_language', tail: 'Latin' },
    { head: 'F2', relation: 'in_language', tail: 'Latin' },
    { head: 'F3', relation: 'in_language', tail: 'Welsh' },
    { head: 'F5', relation: 'in_language', tail: 'Welsh' },
    { head: 'F6', relation: 'in_language', tail: 'Welsh' },
  ],
);
const id = (n: string): number => graph.indexOf(n)!;
const lang = graph.relationIndexOf('in_language')!;
const names = (xs: { entity: number }[]): string[] => xs.map((x) => graph.names[x.entity]);

describe('neighbourVote', () => {
  it("predicts a missing value from the peers that share a neighbour, over the relation's overall frequency", () => {
    const v = neighbourVote(graph, id('F0'), lang, DIR_OUT);
    // Welsh is the more frequent language overall (3 vs 2), but F0's peers through Ada vote Latin 2:1.
    expect(names(v).slice(0, 2)).toEqual(['Latin', 'Welsh']);
    expect(v[0].peers).toBe(2);
    expect(v[0].score).toBeGreaterThan(v[1].score);
    expect(v.reduce((s, x) => s + x.score, 0)).toBeLessThanOrEqual(1 + 1e-9);
  });

  it('falls back to the value frequency alone for an entity with no peers', () => {
    const v = neighbourVote(graph, id('Lonely'), lang, DIR_OUT);
    expect(names(v)).toEqual(['Welsh', 'Latin']);
    expect(v.every((x) => x.peers === 0)).toBe(true);
  });

  it('ignores hidden edges and shared neighbours above the hub degree', () => {
    // F1's own Latin edge hidden: its peers F2 (Latin) and F3 (Welsh) tie, and the prior breaks it toward Welsh.
    const hidden = (h: number, r: number, t: number): boolean => h === id('F1') && r === lang && t === id('Latin');
    expect(names(neighbourVote(graph, id('F1'), lang, DIR_OUT, { exclude: hidden }))[0]).toBe('Welsh');
    // With Ada counted as a hub, nobody votes for F0: frequency only.
    const v = neighbourVote(graph, id('F0'), lang, DIR_OUT, { hubDegree: 3 });
    expect(names(v)[0]).toBe('Welsh');
    expect(v[0].peers).toBe(0);
  });
});

describe('withVotes', () => {
  it('merges the vote into the selection, each source scaled to its best, without dropping either side', () => {
    const selection = { ranked: [{ entity: 1, score: 0.6 }, { entity: 2, score: 0.4 }], subgraph: {} } as unknown as DetailedSelection;
    const merged = withVotes(selection, new Map([[2, 0.9], [3, 0.1]])).ranked;
    expect(merged.map((r) => r.entity)).toEqual([2, 1, 3]);
    expect(merged[0].score).toBeCloseTo(0.5 * (0.4 / 0.6) + 0.5, 6);
    expect(withVotes(selection, new Map())).toBe(selection);
  });
});
