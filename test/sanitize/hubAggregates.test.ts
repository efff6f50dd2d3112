// Hubs as payload aggregates (sanitizer stage 10): a non-anchor entity of very high degree is given an A_ token that
// stands for it and its highest-degree peers holding the same visible keys; registered in φ_Q, fresh every session,
// never for an anchor, and nothing when no entity is a hub.
import { describe, expect, it } from 'vitest';
import type { Triple } from '../../src-main/common/graphTypes.js';
import { DEFAULT_SANITIZE_CONFIG } from '../../src-main/engine/core/types.js';
import { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { ascendingUnion, hubDegree } from '../../src-main/engine/qa/sanitize/hubAggregates.js';
import { sanitizeView } from '../../src-main/engine/qa/sanitize/sanitizeView.js';
import { newSessionSecret } from '../../src-main/engine/qa/sanitize/sessionSecret.js';
import { subgraphAround } from './fixtures.js';

/** 60 films over 6 genres (genre g has 20 − 3g films), each film with its own director; two films by "Ada Quist". */
function genreGraph(extra: Triple[] = []): MemoryGraph {
  const triples: Triple[] = [...extra];
  let film = 0;
  for (let g = 0; g < 6; g++)
    for (let i = 0; i < 20 - 3 * g; i++, film++) {
      triples.push({ head: `film${film}`, relation: 'has_genre', tail: `genre${g}` });
      triples.push({ head: `film${film}`, relation: 'directed_by', tail: film < 2 ? 'Ada Quist' : `director${film}` });
    }
  return MemoryGraph.fromTriples('genres', [], triples);
}

function sanitize(graph: MemoryGraph, anchorId: string, members = 4, shownBefore?: ReadonlySet<number>, recurring = true) {
  const anchor = graph.indexOf(anchorId)!;
  const subgraph = subgraphAround(graph, [anchor], 2);
  const topics = [{ entity: anchor, mention: anchorId, start: 0, end: anchorId.length, score: 1 }];
  const protect = new Set(subgraph.nodes);
  return sanitizeView({ graph, subgraph, question: `${anchorId} films genres`, topics, config: DEFAULT_SANITIZE_CONFIG, secret: newSessionSecret(), protect, hubs: { share: 0.05, members, recurring }, ...(shownBefore ? { shownBefore } : {}) });
}

describe('hubAggregates', () => {
  it('gives a reached hub an A_ token standing for it and its highest-degree peers with the same keys', () => {
    const graph = genreGraph();
    const { view, mapping, payloadTokens } = sanitize(graph, 'Ada Quist');
    const genre0 = graph.indexOf('genre0')!;
    const entityToken = mapping.tokenOf(genre0)!;
    expect(entityToken).toMatch(/^E_/);
    const aggregate = payloadTokens?.get(entityToken);
    expect(aggregate).toMatch(/^A_[0-9a-f]{12}$/);
    const members = mapping.members(aggregate!).map((e) => graph.ids[e]).sort();
    // genre0 (20 films) with the next three by degree: genre1 (17), genre2 (14), genre3 (11).
    expect(members).toEqual(['genre0', 'genre1', 'genre2', 'genre3']);
    // The view itself is unchanged: the entity keeps its token; the aggregate is a payload-only token.
    expect(mapping.tokenOf(genre0)).toBe(entityToken);
    expect(view.nodes.some((n) => n.token === aggregate)).toBe(false);
    // Films and the anchor are no hubs.
    expect(payloadTokens?.size).toBe(1);
  });

  it('drops the rarest visible key when no other entity holds them all', () => {
    // Only genre0 is also some film's "mood": with both keys it would have no peer.
    const graph = genreGraph([{ head: 'film1', relation: 'mood', tail: 'genre0' }]);
    const { mapping, payloadTokens } = sanitize(graph, 'Ada Quist');
    const aggregate = payloadTokens?.get(mapping.tokenOf(graph.indexOf('genre0')!)!);
    expect(aggregate).toMatch(/^A_/);
    expect(mapping.members(aggregate!).map((e) => graph.ids[e]).sort()).toEqual(['genre0', 'genre1', 'genre2', 'genre3']);
  });

  it('aggregates an entity shown alone in an earlier session, whatever its degree (the repeated signature coarsened)', () => {
    const graph = genreGraph();
    const film0 = graph.indexOf('film0')!;
    const first = sanitize(graph, 'Ada Quist');
    expect(first.payloadTokens?.has(first.mapping.tokenOf(film0)!)).toBe(false);
    const later = sanitize(graph, 'Ada Quist', 4, new Set([film0]));
    const aggregate = later.payloadTokens?.get(later.mapping.tokenOf(film0)!);
    expect(aggregate).toMatch(/^A_/);
    const members = later.mapping.members(aggregate!);
    expect(members).toContain(film0);
    expect(members).toHaveLength(4);
    // Every peer holds what the view shows of film0: a genre and a director.
    for (const m of members) expect(graph.ids[m]).toMatch(/^film\d+$/);
    const off = sanitize(graph, 'Ada Quist', 4, new Set([film0]), false);
    expect(off.mapping.tokenOf(film0)).toMatch(/^E_/);
    expect(off.payloadTokens?.has(off.mapping.tokenOf(film0)!)).toBe(false);
  });

  it('mints fresh aggregate tokens every session over the same members', () => {
    const graph = genreGraph();
    const a = sanitize(graph, 'Ada Quist');
    const b = sanitize(graph, 'Ada Quist');
    const [ta] = [...a.payloadTokens!.values()];
    const [tb] = [...b.payloadTokens!.values()];
    expect(ta).not.toBe(tb);
    expect(a.mapping.members(ta).sort()).toEqual(b.mapping.members(tb).sort());
  });

  it('never aggregates an anchor, even a hub', () => {
    const graph = genreGraph();
    const { mapping, payloadTokens } = sanitize(graph, 'genre0');
    const anchorToken = mapping.tokenOf(graph.indexOf('genre0')!)!;
    expect(payloadTokens?.has(anchorToken)).toBe(false);
  });

  it('finds no hub in a graph without high-degree entities, and none when asked for fewer than two members', () => {
    const chain = MemoryGraph.fromTriples('chain', [], Array.from({ length: 30 }, (_, i) => ({ head: `n${i}`, relation: 'next', tail: `n${i + 1}` })));
    expect(hubDegree(chain, 0.05)).toBe(3);
    expect(sanitize(chain, 'n5').payloadTokens?.size).toBe(0);
    expect(sanitize(genreGraph(), 'Ada Quist', 1).payloadTokens?.size).toBe(0);
  });
});

describe('ascendingUnion', () => {
  it('merges ascending lists into their distinct members, ascending, without sorting', () => {
    const of = (...xs: number[]) => Int32Array.from(xs);
    expect([...ascendingUnion([of(1, 4, 9), of(2, 4, 10), of()])]).toEqual([1, 2, 4, 9, 10]);
    expect([...ascendingUnion([of(3, 3, 5)])]).toEqual([3, 5]);
    expect([...ascendingUnion([of(), of()])]).toEqual([]);
    expect([...ascendingUnion([of(0, 7), of(7), of(0, 8)])]).toEqual([0, 7, 8]);
  });
});
