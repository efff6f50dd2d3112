// A hub anchor whose paths pass the cap: the cap cuts the longest sequences, never a relation's one-hop path, and
// below the cap the sequences come in depth-first order, each before its extensions.
import { describe, expect, it } from 'vitest';
import type { RawEdge } from '../../src-main/engine/core/types.js';
import { LocalAdjacency } from '../../src-main/engine/qa/stages/localAdjacency.js';
import { chainKey, schemaPaths } from '../../src-main/engine/qa/stages/schemaPaths.js';

/** Anchor 0 with `relations` relations, each to its own node that has `fan` relations of its own to leaves. */
function hub(relations: number, fan: number): RawEdge[] {
  const edges: RawEdge[] = [];
  let next = 1;
  for (let r = 0; r < relations; r++) {
    const mid = next++;
    edges.push({ head: 0, relation: r, tail: mid });
    for (let k = 0; k < fan; k++) edges.push({ head: mid, relation: relations + k, tail: next++ });
  }
  return edges;
}

describe('schemaPaths under its cap', () => {
  it("keeps every relation's one-hop path when longer walks pass the cap", () => {
    const adj = new LocalAdjacency(hub(40, 30));
    const paths = schemaPaths(adj, 0, { dMax: 3, maxPaths: 200 });
    expect(paths.length).toBe(200);
    const oneHop = paths.filter((p) => p.steps.length === 1).map((p) => p.steps[0].relation);
    expect(oneHop).toEqual(Array.from({ length: 40 }, (_, r) => r));
  });

  it('lists a sequence before its extensions, steps by key, when nothing is cut', () => {
    const adj = new LocalAdjacency(hub(3, 2));
    const keys = schemaPaths(adj, 0, { dMax: 2 }).map((p) => chainKey(p.steps));
    expect(keys).toEqual(['0>', '0> 3>', '0> 4>', '1>', '1> 3>', '1> 4>', '2>', '2> 3>', '2> 4>']);
  });
});
