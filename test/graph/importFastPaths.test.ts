// The import's fast paths must give what the general code gives: ASCII shortcuts of name folding, the CSR filled
// in sorted order without a sort, the categorical scores counted without a Set of values per key.
import { describe, expect, it } from 'vitest';
import { normalizeName } from '../../src-main/common/normalizeName.js';
import { nameKey } from '../../src-main/engine/core/nameKey.js';
import { acronymsOf, wordNorms, wordSpans } from '../../src-main/engine/core/nameWords.js';
import { categoricalScores } from '../../src-main/engine/graph/categoricalScores.js';
import { DIR_IN, DIR_OUT } from '../../src-main/engine/graph/edgeDirection.js';
import type { Entity, Triple } from '../../src-main/common/graphTypes.js';
import { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { createPrng } from '../../src-main/engine/random/prng.js';

const ALPHABET = "aBz09 _-'`.,\"&s\tS:/Éé’´ñ";

function randomTexts(seed: number, n: number, alphabet: string): string[] {
  const rng = createPrng(seed);
  return Array.from({ length: n }, () => Array.from({ length: rng.int(14) }, () => alphabet[rng.int(alphabet.length)]).join(''));
}

describe('name folding fast paths', () => {
  const texts = [
    ...randomTexts(1, 4000, ALPHABET),
    ...randomTexts(2, 4000, ALPHABET.slice(0, 17)),
    "O'Brien's", 'Rock `s Roll', "s's", "'s", 'The_Big_Lebowski', '  2001: A Space Odyssey ', 'Gert Fröbe', 'x’s',
  ];

  it('wordNorms gives the norms of wordSpans, ASCII or not', () => {
    const asciiWithWords = texts.filter((t) => /^[\x00-\x7f]*$/.test(t) && wordSpans(t).length > 1);
    expect(asciiWithWords.length).toBeGreaterThan(500);
    for (const t of texts) expect(wordNorms(t)).toEqual(wordSpans(t).map((w) => w.norm));
  });

  it('normalizeName and nameKey of ASCII text equal the Unicode path', () => {
    const general = (t: string): string => t.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/_/g, ' ').replace(/\s+/g, ' ').trim();
    const ascii = texts.filter((t) => /^[\x00-\x7f]*$/.test(t));
    expect(ascii.length).toBeGreaterThan(4000);
    for (const t of texts) {
      expect(normalizeName(t)).toBe(general(t));
      expect(nameKey(t)).toBe(general(t).replace(/[^\p{L}\p{N}]+/gu, ' ').trim());
    }
  });

  it('acronymsOf: initials of all words, and of the content words when some are skipped', () => {
    expect(acronymsOf(['university', 'of', 'north', 'texas'])).toEqual(['uont', 'unt']);
    expect(acronymsOf(['new', 'york', 'times'])).toEqual(['nyt']);
    expect(acronymsOf(['école', 'normale'])).toEqual(['én']);
    expect(acronymsOf(['the', 'who'])).toEqual(['tw']);
    expect(acronymsOf(['2001', 'odyssey'])).toEqual([]);
    expect(acronymsOf(['solo'])).toEqual([]);
  });
});

function randomTriples(seed: number, n: number, m: number, relations: number): { entities: Entity[]; triples: Triple[] } {
  const rng = createPrng(seed);
  const entities = Array.from({ length: n }, (_, i) => (i % 7 === 0 ? { id: `e${i}`, name: `${1900 + i}`, literal: 'date' as const } : { id: `e${i}`, name: `E ${i}` }));
  const triples = Array.from({ length: m }, () => ({ head: `e${rng.int(n)}`, relation: `r${rng.int(relations)}`, tail: `e${rng.int(rng.next() < 0.5 ? 12 : n)}` }));
  return { entities, triples };
}

function randomGraph(seed: number, n: number, m: number, relations: number): MemoryGraph {
  const { entities, triples } = randomTriples(seed, n, m, relations);
  return MemoryGraph.fromTriples('g', entities, triples);
}

describe('CSR and categorical scores', () => {
  it("holds each distinct triple as an out-edge of its head and an in-edge of its tail, each entity's edges sorted", () => {
    const { entities, triples } = randomTriples(5, 200, 2500, 7);
    // Self-loops and repeated triples too.
    triples.push({ head: 'e3', relation: 'r1', tail: 'e3' }, { head: 'e3', relation: 'r1', tail: 'e3' }, triples[0]);
    const g = MemoryGraph.fromTriples('g', entities, triples);
    const expected: string[][] = Array.from({ length: g.size }, () => []);
    const key = (r: number, d: number, v: number): string => `${String(r).padStart(4, '0')}/${d}/${String(v).padStart(6, '0')}`;
    for (const t of new Set(triples.map((t) => `${t.head}|${t.relation}|${t.tail}`))) {
      const [h, r, tl] = t.split('|');
      const hi = g.ids.indexOf(h);
      const ti = g.ids.indexOf(tl);
      const ri = g.relationLabels.indexOf(r);
      expected[hi].push(key(ri, DIR_OUT, ti));
      expected[ti].push(key(ri, DIR_IN, hi));
    }
    let edges = 0;
    for (let u = 0; u < g.size; u++) {
      const actual: string[] = [];
      for (let k = g.offsets[u]; k < g.offsets[u + 1]; k++) actual.push(key(g.edgeRelation[k], g.edgeDirection[k], g.edgeNeighbor[k]));
      expect(actual).toEqual(expected[u].sort());
      edges += actual.length;
    }
    expect(edges).toBeGreaterThan(4000);
  });

  it("fills each entity's edges sorted by (relation, direction, neighbour), one out- and one in-edge per triple", () => {
    const g = randomGraph(3, 300, 3000, 9);
    let checked = 0;
    let out = 0;
    for (let u = 0; u < g.size; u++)
      for (let k = g.offsets[u] + 1; k < g.offsets[u + 1]; k++) {
        const a = [g.edgeRelation[k - 1], g.edgeDirection[k - 1], g.edgeNeighbor[k - 1]];
        const b = [g.edgeRelation[k], g.edgeDirection[k], g.edgeNeighbor[k]];
        expect(a[0] < b[0] || (a[0] === b[0] && (a[1] < b[1] || (a[1] === b[1] && a[2] <= b[2])))).toBe(true);
        checked++;
      }
    for (let k = 0; k < g.edgeDirection.length; k++) if (g.edgeDirection[k] === DIR_OUT) out++;
    expect(checked).toBeGreaterThan(5000);
    expect(out).toBe(g.tripleCount);
    expect(g.edgeDirection.length).toBe(2 * g.tripleCount);
  });

  it('scores each key by edges per distinct value, as counted with a Set of values', () => {
    const g = randomGraph(4, 400, 5000, 6);
    const R = g.relationLabels.length;
    const scores = categoricalScores(g);
    let scored = 0;
    for (let slot = 0; slot < 2 * R; slot++) {
      const values: number[] = [];
      const seen = new Set<number>();
      let edges = 0;
      for (let u = 0; u < g.size; u++)
        for (let k = g.offsets[u]; k < g.offsets[u + 1]; k++)
          if (g.edgeRelation[k] * 2 + (g.edgeDirection[k] === DIR_OUT ? 0 : 1) === slot) {
            edges++;
            if (!seen.has(g.edgeNeighbor[k])) seen.add(g.edgeNeighbor[k]), values.push(g.edgeNeighbor[k]);
          }
      const first = values.slice(0, 50);
      const literal = first.filter((v) => g.literalOf(v) === 'date').length > first.length / 2;
      const expected = values.length === 0 || literal ? 0 : Math.max(0, Math.min(1, Math.log10(edges / values.length) / 3));
      expect(scores[slot]).toBeCloseTo(expected, 6);
      if (expected > 0) scored++;
    }
    expect(scored).toBeGreaterThan(3);
  });
});
