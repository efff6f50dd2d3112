// Test graphs for the sanitizer: a small film-like graph with people, genres, dates and ratings, a BFS that
// builds the QuestionSubgraph the way the pipeline would, and a larger random graph for timing.
import type { Entity, Triple } from '../../src-main/common/graphTypes.js';
import { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import type { QuestionSubgraph, RawEdge } from '../../src-main/engine/core/types.js';

/** Bounded expansion around anchors, both directions, like the pipeline's G_Q^raw. */
export function subgraphAround(graph: MemoryGraph, anchors: number[], hops: number): QuestionSubgraph {
  const distance = new Map<number, number>();
  for (const a of anchors) distance.set(a, 0);
  const edges: RawEdge[] = [];
  const seen = new Set<string>();
  let frontier = [...anchors];
  for (let d = 0; d < hops; d++) {
    const next: number[] = [];
    for (const u of frontier)
      for (let k = graph.offsets[u]; k < graph.offsets[u + 1]; k++) {
        const v = graph.edgeNeighbor[k];
        if (!distance.has(v)) {
          distance.set(v, d + 1);
          next.push(v);
        }
        const [head, tail] = graph.edgeDirection[k] === 0 ? [u, v] : [v, u];
        const key = `${head} ${graph.edgeRelation[k]} ${tail}`;
        if (!seen.has(key)) {
          seen.add(key);
          edges.push({ head, relation: graph.edgeRelation[k], tail });
        }
      }
    frontier = next;
  }
  return { anchors, nodes: [...distance.keys()], edges, distance, cut: [] };
}

/** Names avoid hex-only words so a substring scan over tokens cannot hit by accident. */
export function filmGraph(): MemoryGraph {
  const entities: Entity[] = [
    { id: 'p:wren', name: 'Wren Halvorsen' },
    { id: 'p:juno', name: 'Juno Marquez' },
    { id: 'p:oskar', name: 'Oskar Lindqvist' },
    { id: 'p:tilly', name: 'Tilly Okonkwo' },
    { id: 'p:ravi', name: 'Ravi Sundaram' },
    { id: 'p:yusuf', name: 'Yusuf Holm' },
    { id: 'f:night', name: 'Night Harbour' },
    { id: 'f:salt', name: 'Salt Kingdom' },
    { id: 'f:glass', name: 'Glass Orchard' },
    { id: 'f:winter', name: 'Winter Protocol' },
    { id: 'f:quiet', name: 'Quiet Storm Rising' },
    { id: 'f:iron', name: 'Iron Lullaby' },
    { id: 'g:noir', name: 'Noir' },
    { id: 'g:comedy', name: 'Comedy' },
    { id: 'd:1', name: '1994-05-12', literal: 'date' },
    { id: 'd:2', name: '1996-11-30', literal: 'date' },
    { id: 'd:3', name: '2003-02-14', literal: 'date' },
    { id: 'r:1', name: '7.3', literal: 'number' },
    { id: 'r:2', name: '7.9', literal: 'number' },
    { id: 'r:3', name: '4.2', literal: 'number' },
    { id: 'v:1', name: '123456', literal: 'number' },
    { id: 'y:1', name: '1987' },
  ];
  const t = (head: string, relation: string, tail: string): Triple => ({ head, relation, tail });
  const triples: Triple[] = [
    // Wren directs four films; Salt Kingdom and Glass Orchard are interchangeable (same director, same genre).
    t('f:night', 'directed_by', 'p:wren'),
    t('f:salt', 'directed_by', 'p:wren'),
    t('f:glass', 'directed_by', 'p:wren'),
    t('f:winter', 'directed_by', 'p:wren'),
    t('f:salt', 'has_genre', 'g:noir'),
    t('f:glass', 'has_genre', 'g:noir'),
    t('f:night', 'has_genre', 'g:noir'),
    t('f:night', 'starred_actors', 'p:juno'),
    t('f:night', 'starred_actors', 'p:oskar'),
    t('f:night', 'release_date', 'd:1'),
    t('f:night', 'rating', 'r:1'),
    t('f:night', 'votes', 'v:1'),
    t('f:winter', 'starred_actors', 'p:tilly'),
    t('f:winter', 'written_by', 'p:ravi'),
    t('f:winter', 'release_date', 'd:2'),
    t('f:winter', 'rating', 'r:2'),
    t('f:winter', 'has_genre', 'g:comedy'),
    t('f:winter', 'release_year', 'y:1'),
    // A second cluster two hops out.
    t('f:quiet', 'starred_actors', 'p:juno'),
    t('f:quiet', 'directed_by', 'p:yusuf'),
    t('f:quiet', 'release_date', 'd:3'),
    t('f:iron', 'starred_actors', 'p:oskar'),
    t('f:iron', 'directed_by', 'p:yusuf'),
    t('f:iron', 'rating', 'r:3'),
    t('f:iron', 'has_genre', 'g:comedy'),
  ];
  return MemoryGraph.fromTriples('films', entities, triples);
}

/** Deterministic pseudo-random generator (mulberry32), so the timing graph is the same on every run. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A film-shaped random graph: films → people (3 relations), genres, years, ratings. Sized so that a 2-hop
 * subgraph around a busy person reaches a few thousand nodes.
 */
export function randomFilmGraph(films: number, people: number, seed = 7): MemoryGraph {
  const rand = rng(seed);
  const pick = (n: number): number => Math.floor(rand() * n);
  const entities: Entity[] = [];
  for (let p = 0; p < people; p++) entities.push({ id: `person/${p}`, name: `Person Zq${p}` });
  for (let f = 0; f < films; f++) entities.push({ id: `film/${f}`, name: `Film Xw${f}` });
  for (let g = 0; g < 20; g++) entities.push({ id: `genre/${g}`, name: `Genre Vk${g}` });
  for (let y = 1950; y < 2020; y++) entities.push({ id: `year/${y}`, name: String(y), literal: 'date' });
  for (let r = 10; r <= 99; r++) entities.push({ id: `rating/${r}`, name: (r / 10).toFixed(1), literal: 'number' });
  const triples: Triple[] = [];
  // Person popularity is skewed so some people are hubs, as in real film graphs.
  const person = (): number => Math.floor(people * rand() ** 3);
  for (let f = 0; f < films; f++) {
    const film = `film/${f}`;
    triples.push({ head: film, relation: 'directed_by', tail: `person/${person()}` });
    const writers = 1 + pick(2);
    for (let w = 0; w < writers; w++) triples.push({ head: film, relation: 'written_by', tail: `person/${person()}` });
    const actors = 2 + pick(4);
    for (let a = 0; a < actors; a++) triples.push({ head: film, relation: 'starred_actors', tail: `person/${person()}` });
    triples.push({ head: film, relation: 'has_genre', tail: `genre/${pick(20)}` });
    triples.push({ head: film, relation: 'release_year', tail: `year/${1950 + pick(70)}` });
    if (rand() < 0.6) triples.push({ head: film, relation: 'rating', tail: `rating/${10 + pick(90)}` });
  }
  return MemoryGraph.fromTriples('random-films', entities, triples);
}

/** Every string in a JSON value (keys and values). */
export function allStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) allStrings(v, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      allStrings(v, out);
    }
  return out;
}
