// The guard's question of the attack (which tokens are above a risk bound?) read one candidate at a time: the same
// tokens and the same risks as the whole attack's, on graphs where tokens have many twins (answered by the walk
// alone), where some are unique (the whole attack answers), and with a cluster label (the whole attack answers).
import { describe, expect, it } from 'vitest';
import type { Triple } from '../../src-main/common/graphTypes.js';
import { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { localRisks, riskAbove } from '../../src-main/engine/egress/exposure/attack/guardRisk.js';
import { observeSession } from '../../src-main/engine/egress/exposure/attack/observedSession.js';
import { referenceIndex } from '../../src-main/engine/egress/exposure/attack/referenceIndex.js';
import { reidentificationRisk } from '../../src-main/engine/egress/exposure/attack/reidentificationRisk.js';
import { sessionModel } from '../../src-main/engine/egress/exposure/attack/sessionModel.js';
import { createPrng } from '../../src-main/engine/random/prng.js';

const RELATIONS = ['directed_by', 'starred_actors', 'has_genre', 'release_year', 'written_by'];

/** A seeded random film graph, repeated `copies` times with the entity names suffixed per copy (exact twins). */
function filmGraph(seed: number, copies: number): MemoryGraph {
  const rng = createPrng(seed);
  const base: Triple[] = [];
  for (let f = 0; f < 40; f++)
    for (const r of RELATIONS) {
      const n = r === 'starred_actors' ? 1 + rng.int(3) : rng.int(3) === 0 ? 0 : 1;
      for (let k = 0; k < n; k++) base.push({ head: `film ${f}`, relation: r, tail: `${r} ${rng.int(r === 'has_genre' ? 4 : 25)}` });
    }
  const triples = Array.from({ length: copies }, (_, c) => base.map((x) => ({ head: `${x.head} #${c}`, relation: x.relation, tail: `${x.tail} #${c}` }))).flat();
  return MemoryGraph.fromTriples('films', [], triples);
}

interface Session {
  text: string;
  members: Map<string, number[]>;
}

/** A payload of `paths` random walks (1–3 edges) from one random film, each entity shown as its own token. */
function randomSession(g: MemoryGraph, seed: number, paths: number, relabel?: string): Session {
  const rng = createPrng(seed);
  const members = new Map<string, number[]>();
  const tokenOf = (x: number): string => {
    const t = `E_${x.toString(16).padStart(4, '0')}`;
    members.set(t, [x]);
    return t;
  };
  let anchor = rng.int(g.size);
  while (!g.names[anchor].startsWith('film')) anchor = rng.int(g.size);
  const lines = [`ANCHORS: ${tokenOf(anchor)}`];
  for (let p = 1; p <= paths; p++) {
    let x = anchor;
    let line = `P${p}. ${tokenOf(x)}`;
    const seen = new Set([x]);
    for (let hop = 0, hops = 1 + rng.int(3); hop < hops; hop++) {
      const k = g.offsets[x] + rng.int(g.offsets[x + 1] - g.offsets[x]);
      const y = g.edgeNeighbor[k];
      if (seen.has(y)) break;
      seen.add(y);
      const label = relabel && hop === 0 && p === 1 ? relabel : g.relationLabels[g.edgeRelation[k]];
      line += g.edgeDirection[k] === 0 ? ` -[${label}]-> ${tokenOf(y)}` : ` <-[${label}]- ${tokenOf(y)}`;
      x = y;
    }
    lines.push(line);
  }
  return { text: lines.join('\n'), members };
}

/** The whole attack's answer: every token above the bound, with its risk. */
function wholeAttack(g: MemoryGraph, s: Session, bound: number): Map<string, number> {
  const all = reidentificationRisk(g, 2).tokenRisk(s.text, (t) => s.members.get(t) ?? []);
  return new Map([...all].filter(([, r]) => r > bound));
}

describe('riskAbove', () => {
  it('answers from the candidate walk alone where every token has enough twins, as the whole attack does', () => {
    const g = filmGraph(7, 12);
    let walked = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const s = randomSession(g, seed, 4);
      const members = (t: string): number[] => s.members.get(t) ?? [];
      const local = localRisks(referenceIndex(g), sessionModel(referenceIndex(g), observeSession([s.text])), members, 0.1, 2);
      if (local) walked++;
      expect(riskAbove(referenceIndex(g), observeSession([s.text]), members, 0.1, 2)).toEqual(wholeAttack(g, s, 0.1));
    }
    // Twelve exact copies put at most 1/12 on any token: the walk certifies every session.
    expect(walked).toBe(30);
  });

  it('gives the whole attack’s risks where tokens are rare or unique, at several bounds', () => {
    let above = 0;
    let walked = 0;
    for (const copies of [1, 2, 3]) {
      const g = filmGraph(11 + copies, copies);
      for (let seed = 1; seed <= 25; seed++) {
        const s = randomSession(g, 100 * copies + seed, 1 + (seed % 5));
        const members = (t: string): number[] => s.members.get(t) ?? [];
        for (const bound of [0, 0.1, 0.3, 0.5]) {
          const expected = wholeAttack(g, s, bound);
          above += expected.size;
          if (localRisks(referenceIndex(g), sessionModel(referenceIndex(g), observeSession([s.text])), members, bound, 2)) walked++;
          expect(riskAbove(referenceIndex(g), observeSession([s.text]), members, bound, 2)).toEqual(expected);
        }
      }
    }
    // Both kinds of answer were exercised: tokens above the bound, and sessions the walk settled alone.
    expect(above).toBeGreaterThan(50);
    expect(walked).toBeGreaterThan(10);
  });

  it('leaves a session where a token is pinned to one entity to the whole attack (it takes that entity from the others)', () => {
    // X and Y both star Sam and have a language; only Y's language (French) has a film with a genre. So B is Y
    // alone, and once Y is taken, A (X's token, tied with Y on what it shows) is X alone: risk 1, not ½.
    const triples: Triple[] = [
      { head: 'X', relation: 'starred_actors', tail: 'Sam' },
      { head: 'X', relation: 'in_language', tail: 'German' },
      { head: 'Y', relation: 'starred_actors', tail: 'Sam' },
      { head: 'Y', relation: 'in_language', tail: 'French' },
      { head: 'Z', relation: 'in_language', tail: 'French' },
      { head: 'Z', relation: 'has_genre', tail: 'Noir' },
      ...[1, 2, 3].map((i) => ({ head: `W${i}`, relation: 'starred_actors', tail: `Actor ${i}` })),
    ];
    const g = MemoryGraph.fromTriples('pinned', [], triples);
    const ids = ['X', 'Sam', 'Y', 'French', 'Z', 'Noir'];
    const text = ['ANCHORS: E_0001', 'P1. E_0001 -[starred_actors]-> E_0002 <-[starred_actors]- E_0003 -[in_language]-> E_0004', 'P2. E_0004 <-[in_language]- E_0005 -[has_genre]-> E_0006'].join('\n');
    const s: Session = { text, members: new Map(ids.map((id, i) => [`E_000${i + 1}`, [g.indexOf(id)!]])) };
    const members = (t: string): number[] => s.members.get(t) ?? [];
    for (const bound of [0.1, 0.5]) {
      const expected = wholeAttack(g, s, bound);
      expect(expected.get('E_0001')).toBe(1);
      expect(riskAbove(referenceIndex(g), observeSession([s.text]), members, bound, 2)).toEqual(expected);
    }
  });

  it('reads an aggregate with a band by its band, not by its keys (its members hold its edges together)', () => {
    // Twenty films of 1998, two of them on the very day two people were born: the aggregate's (born, in) key is
    // held by that one date, but every film's date is a member of the band.
    const triples: Triple[] = [
      ...Array.from({ length: 20 }, (_, f) => ({ head: `F${f}`, relation: 'release_year', tail: `1998-01-${String(f < 2 ? 1 : f).padStart(2, '0')}` })),
      { head: 'P0', relation: 'born', tail: '1998-01-01' },
      { head: 'P1', relation: 'born', tail: '1998-01-01' },
    ];
    const g = MemoryGraph.fromTriples('band', [], triples);
    const text = ['ANCHORS: E_0001', 'P1. E_0001 -[release_year]-> A_0001(1998) <-[born]- E_0002'].join('\n');
    const s: Session = { text, members: new Map([['E_0001', [g.indexOf('F0')!]], ['E_0002', [g.indexOf('P0')!]]]) };
    const members = (t: string): number[] => s.members.get(t) ?? [];
    const expected = wholeAttack(g, s, 0.1);
    // The whole attack: the film is one of twenty (0.05), the person one of two (0.5).
    expect([...expected.keys()]).toEqual(['E_0002']);
    expect(riskAbove(referenceIndex(g), observeSession([s.text]), members, 0.1, 2)).toEqual(expected);
  });

  it('reads a truth listed twice as one entity, as the whole attack does', () => {
    // Four films, each with a genre of its own: the film token is one of four (0.25), however its truth is listed.
    const g = MemoryGraph.fromTriples('genres', [], [0, 1, 2, 3].map((k) => ({ head: `F${k}`, relation: 'genre', tail: `G${k}` })));
    const text = ['ANCHORS: E_0001', 'P1. E_0001 -[genre]-> E_0002'].join('\n');
    const truth = new Map([['E_0001', [g.indexOf('F0')!, g.indexOf('F0')!]], ['E_0002', [g.indexOf('G0')!]]]);
    const members = (t: string): number[] => truth.get(t) ?? [];
    const expected = wholeAttack(g, { text, members: truth }, 0.2);
    expect(expected.get('E_0001')).toBe(0.25);
    expect(riskAbove(referenceIndex(g), observeSession([text]), members, 0.2, 2)).toEqual(expected);
  });

  it('leaves a session with a cluster label to the whole attack', () => {
    const g = filmGraph(7, 12);
    const s = randomSession(g, 3, 3, 'R_c1');
    const members = (t: string): number[] => s.members.get(t) ?? [];
    expect(s.text).toContain('[R_c1]');
    expect(localRisks(referenceIndex(g), sessionModel(referenceIndex(g), observeSession([s.text])), members, 0.1, 2)).toBeUndefined();
    expect(riskAbove(referenceIndex(g), observeSession([s.text]), members, 0.1, 2)).toEqual(wholeAttack(g, s, 0.1));
  });
});
