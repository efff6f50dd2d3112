import { describe, expect, it } from 'vitest';
import { exploreTopicPaths } from '../../src-main/engine/qa/stages/exploreTopicPaths.js';
import type { SanitizedView } from '../../src-main/engine/core/types.js';
import { viewAdjacency } from '../../src-main/engine/qa/stages/viewAdjacency.js';

function view(edges: [string, string, string][], anchors: string[]): SanitizedView {
  const tokens = [...new Set(edges.flatMap(([h, , t]) => [h, t]))];
  return {
    question: 'q',
    anchors,
    nodes: tokens.map((token) => ({ token, kind: 'entity', size: 1, anchor: anchors.includes(token) })),
    edges: edges.map(([head, relation, tail]) => ({ head, relation, tail })),
    stats: { rawNodes: 0, rawEdges: 0, nodes: 0, edges: 0, supernodes: 0, literalNodes: 0, pruned: 0, achievedK: 1, k: 1, relationsVisible: 0 },
  };
}

// A ─r1→ B ─r2→ C ─r3→ D, plus distractors off A and B.
const chainView = view(
  [
    ['E_a', 'r1', 'E_b'],
    ['E_b', 'r2', 'E_c'],
    ['E_c', 'r3', 'E_d'],
    ['E_a', 'x', 'E_x1'],
    ['E_x1', 'x', 'E_x2'],
    ['E_x2', 'x', 'E_x3'],
    ['E_b', 'y', 'E_y1'],
  ],
  ['E_a'],
);
const guide = { steps: [{ visible: 'r1', direction: 'out' as const }, { visible: 'r2', direction: 'out' as const }, { visible: 'r3', direction: 'out' as const }], answerPosition: 3, weight: 1 };

describe('exploreTopicPaths', () => {
  it('finds a known 3-hop path and ranks it above off-chain paths', () => {
    const paths = exploreTopicPaths(viewAdjacency(chainView), { anchors: ['E_a'], guides: [guide], depth: 3 });
    expect(paths[0].nodes).toEqual(['E_a', 'E_b', 'E_c', 'E_d']);
    expect(paths[0].edges.map((e) => e.relation)).toEqual(['r1', 'r2', 'r3']);
    expect(paths[0].answerAt).toBe(3);
    expect(paths[0].score).toBe(1);
    // The x-chain is also 3 hops long but follows no guide: kept, scored lower.
    const off = paths.find((p) => p.nodes[3] === 'E_x3');
    expect(off && off.score).toBeLessThan(1);
  });

  it('respects the depth window m·(D−1) < len ≤ m·D', () => {
    const adj = viewAdjacency(chainView);
    for (const depth of [1, 2, 3]) {
      const paths = exploreTopicPaths(adj, { anchors: ['E_a'], guides: [guide], depth });
      expect(paths.length).toBeGreaterThan(0);
      for (const p of paths) expect(p.edges.length).toBe(depth);
    }
    expect(exploreTopicPaths(adj, { anchors: ['E_a'], guides: [guide], depth: 4 })).toEqual([]);
  });

  it('connects two anchors through the answer in the middle', () => {
    // P1 ─treats→ X ←treats─ P2 is the answer X; Y is reached from P1 only.
    const v = view(
      [
        ['E_p1', 'treats', 'E_x'],
        ['E_p2', 'treats', 'E_x'],
        ['E_p1', 'treats', 'E_y'],
        ['E_p2', 'lives', 'E_z'],
      ],
      ['E_p1', 'E_p2'],
    );
    const g2 = { steps: [{ visible: 'treats', direction: 'out' as const }, { visible: 'treats', direction: 'in' as const }], answerPosition: 1, weight: 1 };
    const paths = exploreTopicPaths(viewAdjacency(v), { anchors: ['E_p1', 'E_p2'], guides: [g2], depth: 1 });
    expect(paths.length).toBe(1);
    expect(paths[0].nodes).toEqual(['E_p1', 'E_x', 'E_p2']);
    expect(paths[0].answerAt).toBe(1);
    expect(paths[0].edges).toEqual([
      { relation: 'treats', direction: 'out' },
      { relation: 'treats', direction: 'in' },
    ]);
  });

  it('never walks back through an anchor or repeats a plain node', () => {
    const v = view(
      [
        ['E_a', 'r', 'E_b'],
        ['E_b', 'r', 'E_a'],
        ['E_b', 'r', 'E_c'],
      ],
      ['E_a'],
    );
    const paths = exploreTopicPaths(viewAdjacency(v), { anchors: ['E_a'], guides: [], depth: 2 });
    for (const p of paths) {
      expect(new Set(p.nodes).size).toBe(p.nodes.length);
      expect(p.nodes.slice(1)).not.toContain('E_a');
    }
  });

  it('lets the last step of a 3-step path land on an earlier bridge, never on the start or straight back', () => {
    // X is written by W; W wrote F2 and F3; W directed F2 (the writer directed their own film), D directed F3.
    const v = view(
      [
        ['E_x', 'written_by', 'E_w'],
        ['E_f2', 'written_by', 'E_w'],
        ['E_f3', 'written_by', 'E_w'],
        ['E_f2', 'directed_by', 'E_w'],
        ['E_f3', 'directed_by', 'E_d'],
        ['E_f2', 'sequel_of', 'E_x'],
      ],
      ['E_x'],
    );
    const g = {
      steps: [
        { visible: 'written_by', direction: 'out' as const },
        { visible: 'written_by', direction: 'in' as const },
        { visible: 'directed_by', direction: 'out' as const },
      ],
      answerPosition: 3,
      weight: 1,
    };
    const paths = exploreTopicPaths(viewAdjacency(v), { anchors: ['E_x'], guides: [g], depth: 3 });
    const onGuide = paths.filter((p) => p.score === 1).map((p) => p.nodes.join(' '));
    expect(onGuide.sort()).toEqual(['E_x E_w E_f2 E_w', 'E_x E_w E_f3 E_d']);
    for (const p of paths) {
      expect(p.nodes.slice(1)).not.toContain('E_x');
      // Never straight back along the edge just walked (W → F2 → W by written_by twice).
      const n = p.nodes.length;
      if (p.nodes[n - 1] === p.nodes[n - 3]) expect(p.edges[n - 2].relation === p.edges[n - 3].relation && p.edges[n - 2].direction !== p.edges[n - 3].direction).toBe(false);
    }
    // Shorter paths stay simple.
    for (const p of exploreTopicPaths(viewAdjacency(v), { anchors: ['E_x'], guides: [], depth: 2 })) expect(new Set(p.nodes).size).toBe(p.nodes.length);
  });
});
