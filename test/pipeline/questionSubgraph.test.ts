// G_Q^raw on small hand-built graphs with synthetic relation vectors (relation 0 relevant, the others not), so
// the caps are predictable without a DRM.
import { describe, expect, it } from 'vitest';
import type { Triple } from '../../src-main/common/graphTypes.js';
import { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { buildQuestionSubgraph, relationRelevance } from '../../src-main/engine/qa/stages/questionSubgraph.js';

const unit = (...xs: number[]): Float32Array => {
  const n = Math.hypot(...xs);
  return Float32Array.from(xs, (x) => x / n);
};

function graphOf(triples: Triple[]): MemoryGraph {
  return MemoryGraph.fromTriples('t', [], triples);
}

/** Vectors aligned with graph.relationLabels: `relevant` labels point along the question, others away. */
function vectors(graph: MemoryGraph, relevant: string[]): { q: Float32Array; rel: Float32Array[] } {
  return { q: unit(1, 0), rel: graph.relationLabels.map((l) => (relevant.includes(l) ? unit(1, 0.05) : unit(0, 1))) };
}

describe('relationRelevance', () => {
  it('rescales to [0, 1] with the most similar relation at 1', () => {
    const r = relationRelevance(unit(1, 0), [unit(1, 0), unit(0, 1), unit(1, 1)]);
    expect(r[0]).toBeCloseTo(1);
    expect(r[1]).toBeCloseTo(0);
    expect(r[2]).toBeGreaterThan(0);
    expect(r[2]).toBeLessThan(1);
  });
});

describe('buildQuestionSubgraph', () => {
  const chain = graphOf([
    { head: 'a', relation: 'r', tail: 'b' },
    { head: 'c', relation: 'r', tail: 'b' },
    { head: 'c', relation: 'r', tail: 'd' },
    { head: 'd', relation: 'r', tail: 'e' },
  ]);

  it('expands in both directions up to dMax hops and records distances', () => {
    const { q, rel } = vectors(chain, ['r']);
    const a = chain.indexOf('a')!;
    const sub = buildQuestionSubgraph(chain, [a], q, rel);
    const dist = Object.fromEntries([...sub.distance].map(([n, d]) => [chain.ids[n], d]));
    expect(dist).toEqual({ a: 0, b: 1, c: 2, d: 3 });
    expect(sub.nodes.map((n) => chain.ids[n]).sort()).toEqual(['a', 'b', 'c', 'd']);
    // Edges keep the stored direction (c → b is an incoming edge of b).
    expect(sub.edges.map((e) => `${chain.ids[e.head]}>${chain.ids[e.tail]}`).sort()).toEqual(['a>b', 'c>b', 'c>d']);
    expect(sub.cut).toEqual([]);
    expect(buildQuestionSubgraph(chain, [a], q, rel, { dMax: 1 }).nodes).toHaveLength(2);
  });

  // A film with a director and a tag; the tag and the director are hubs.
  const triples: Triple[] = [{ head: 'film', relation: 'directed_by', tail: 'director' }, { head: 'film', relation: 'has_tags', tail: 'tag' }];
  for (let i = 0; i < 60; i++) triples.push({ head: `tagged${i}`, relation: 'has_tags', tail: 'tag' });
  for (let i = 0; i < 40; i++) triples.push({ head: `directed${i}`, relation: 'directed_by', tail: 'director' });
  triples.push({ head: 'directed39', relation: 'starred_actors', tail: 'actor' });
  const hubs = graphOf(triples);
  const film = hubs.indexOf('film')!;

  it('caps hub groups by relevance and records every cut', () => {
    const { q, rel } = vectors(hubs, ['directed_by', 'starred_actors']);
    const sub = buildQuestionSubgraph(hubs, [film], q, rel, { fanoutCap: 24, dMax: 2 });
    const tag = hubs.indexOf('tag')!;
    const director = hubs.indexOf('director')!;
    const cutOf = (e: number) => sub.cut.find((c) => c.entity === e);
    // Irrelevant relation: low cap (24/12 = 2 new neighbours, plus the film already inside).
    expect(cutOf(tag)).toMatchObject({ relation: hubs.relationIndexOf('has_tags'), direction: 'in', total: 61, kept: 3 });
    // Relevant relation: the full cap.
    expect(cutOf(director)).toMatchObject({ relation: hubs.relationIndexOf('directed_by'), direction: 'in', total: 41, kept: 25 });
    for (const c of sub.cut) expect(c.kept).toBeLessThan(c.total);
  });

  it('keeps a known 3-hop path through a hub when the path follows relevant relations', () => {
    const { q, rel } = vectors(hubs, ['directed_by', 'starred_actors']);
    // directed39 has the highest-relevance other relation (starred_actors), so the cap keeps it.
    const sub = buildQuestionSubgraph(hubs, [film], q, rel, { fanoutCap: 4 });
    const actor = hubs.indexOf('actor')!;
    expect(sub.distance.get(actor)).toBe(3);
    expect(sub.nodes).toContain(hubs.indexOf('directed39')!);
  });

  it('respects maxNodes and is deterministic', () => {
    const { q, rel } = vectors(hubs, ['directed_by']);
    const a = buildQuestionSubgraph(hubs, [film], q, rel, { maxNodes: 10 });
    const b = buildQuestionSubgraph(hubs, [film], q, rel, { maxNodes: 10 });
    expect(a.nodes.length).toBeLessThanOrEqual(10);
    expect(a.nodes).toEqual(b.nodes);
    expect(new Set(a.nodes).size).toBe(a.nodes.length);
    // Every edge joins two kept nodes.
    const kept = new Set(a.nodes);
    for (const e of a.edges) expect(kept.has(e.head) && kept.has(e.tail)).toBe(true);
    expect(a.cut.length).toBeGreaterThan(0);
  });

  it('unions expansions around several anchors', () => {
    const { q, rel } = vectors(chain, ['r']);
    const sub = buildQuestionSubgraph(chain, [chain.indexOf('a')!, chain.indexOf('e')!], q, rel, { dMax: 1 });
    expect(sub.anchors).toHaveLength(2);
    expect(sub.nodes.map((n) => chain.ids[n]).sort()).toEqual(['a', 'b', 'd', 'e']);
    expect(sub.distance.get(chain.indexOf('d')!)).toBe(1);
  });
});
