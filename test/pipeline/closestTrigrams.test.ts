import { describe, expect, it } from 'vitest';
import { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { KeyedLists } from '../../src-main/engine/graph/keyedLists.js';
import { buildTrigramIndex, keyTrigrams, trigramIndexFits } from '../../src-main/engine/graph/trigramIndex.js';
import { createPrng } from '../../src-main/engine/random/prng.js';
import { EntityNameIndex } from '../../src-main/engine/qa/stages/entityNameIndex.js';

/** Names a user misspells: people, places, works, with accents and other scripts, plus fillers sharing words. */
const NAMED = [
  "Chris O'Donnell",
  'Christopher Nolan',
  'Christine Baranski',
  'Zoë Saldaña',
  'Björk Guðmundsdóttir',
  'São Paulo',
  'San Paolo',
  'Москва',
  'Московская область',
  '東京タワー',
  'The Lord of the Rings: The Return of the King',
  'The Lord of the Rings',
  'Lord of War',
  'Return of the Jedi',
  'New York City',
  'New York',
  'York',
  'Yorkshire',
  'The Man Who Knew Too Much',
  'The Man Who Wasn’t There',
  'Man on Fire',
  'Ann',
  'Anna',
  'Annie Hall',
  'Hall',
  'a',
  'ab',
];

/** The toy graph: the names above among seeded fillers made of their words and of common ones. */
function toyNames(): string[] {
  const rng = createPrng(31);
  const words = [...new Set(NAMED.flatMap((n) => n.toLowerCase().split(/\s+/)))];
  const common = ['the', 'of', 'and', 'new', 'man', 'city', 'film', 'river'];
  const fillers = Array.from({ length: 3000 }, () =>
    Array.from({ length: 1 + rng.int(4) }, () => (rng.next() < 0.5 ? common[rng.int(common.length)] : words[rng.int(words.length)])).join(' '),
  );
  return [...NAMED, ...fillers];
}

const names = toyNames();
const index = EntityNameIndex.build(
  MemoryGraph.fromTriples(
    'toy',
    names.map((name, i) => ({ id: `e${i}`, name })),
    [{ head: 'e0', relation: 'r', tail: 'e1' }],
  ),
);

/** The exhaustive ranking: every key's trigrams against the text's, no index. */
function scan(text: string): [number, number][] {
  const query = keyTrigrams(text);
  const scored: [number, number][] = [];
  for (let k = 0; k < index.keyCount; k++) {
    const grams = keyTrigrams(index.key(k));
    let h = 0;
    for (const g of grams) if (query.has(g)) h++;
    if (h) scored.push([k, h / Math.sqrt(grams.size * query.size)]);
  }
  return scored.sort((x, y) => y[1] - x[1] || x[0] - y[0]);
}

const QUERIES = [
  'chris odonel', // typo, a word run together
  'chirs o donnell', // transposition
  'christopher nolna',
  'nolan', // a missing word
  'lord rings king', // missing words
  'the lord of the rigns',
  'retrun of the king',
  'zoe saldana',
  'zoë saldaña', // accents as typed
  'bjork gudmundsdottir', // ð typed as d
  'sao paolo',
  'моcква', // a Latin c among Cyrillic letters
  'московская',
  '東京',
  'new yrok',
  'yorkshir',
  'man who knew',
  'an',
  'a',
  'the the the',
  'xqzj vvkw', // nothing near
];

describe('closest names through the size-ordered trigram index', () => {
  it('gives the exhaustive ranking, and exactly its head when bounded (typos, transpositions, missing words, unicode)', () => {
    let compared = 0;
    for (const text of QUERIES) {
      const full = scan(text);
      expect(index.closestByTrigrams(text)).toEqual(full);
      for (const k of [1, 3, 5, 10]) {
        expect(index.closestByTrigrams(text, k)).toEqual(full.slice(0, k));
        if (full.length > k) compared++;
      }
    }
    expect(compared).toBeGreaterThan(60);
  });

  it('suggests the misspelt name (fillers share its words, so it need not come first)', () => {
    const top = (text: string): string[] => index.closestByTrigrams(text, 5).map(([k]) => index.key(k));
    expect(top('chirs o donnell')).toContain('chris o donnell');
    expect(top('christopher nolna')[0]).toBe('christopher nolan');
    expect(top('zoe saldnaa')[0]).toBe('zoe saldana');
    expect(top('bjork gudmundsdottir')).toContain('bjork guðmundsdottir');
    expect(top('московская облсть')).toContain('московская область');
    expect(top('東京')[0]).toBe('東京タワー');
  });

  it('gives the head of random misspellings of random keys, ties included', () => {
    const rng = createPrng(8);
    let ties = 0;
    for (let q = 0; q < 200; q++) {
      const chars = [...index.key(rng.int(index.keyCount))];
      const at = rng.int(chars.length);
      const roll = rng.next();
      if (roll < 0.3 && at + 1 < chars.length) [chars[at], chars[at + 1]] = [chars[at + 1], chars[at]];
      else if (roll < 0.6) chars.splice(at, 1);
      else chars.splice(at, 0, 'x');
      const text = chars.join('');
      const full = scan(text);
      expect(index.closestByTrigrams(text, 5)).toEqual(full.slice(0, 5));
      if (full.length > 5 && full[4][1] === full[5][1]) ties++;
    }
    expect(ties).toBeGreaterThan(5);
  });
});

describe('trigramIndex', () => {
  const keys = ['ann', 'anna', 'a', 'annie hall', 'hall', 'ann', 'zoë'];
  const built = buildTrigramIndex(keys.length, (k) => keys[k]);

  it('ranks keys by size, then by key, and posts each key under each of its trigrams once, in rank order', () => {
    const sizeOf = (k: number): number => keyTrigrams(keys[k]).size;
    expect([...built.keyOfRank]).toEqual([2, 0, 5, 6, 1, 4, 3]);
    for (let s = 0; s + 1 < built.sizeStart.length; s++)
      for (let r = built.sizeStart[s]; r < built.sizeStart[s + 1]; r++) expect(sizeOf(built.keyOfRank[r])).toBe(s);
    let posted = 0;
    for (let g = 0; g < built.postings.size; g++) {
      const ranks = [...built.postings.list(g)];
      expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
      expect(new Set(ranks).size).toBe(ranks.length);
      for (const r of ranks) expect(keyTrigrams(keys[built.keyOfRank[r]]).has(built.postings.key(g))).toBe(true);
      posted += ranks.length;
    }
    expect(posted).toBe(keys.reduce((n, _, k) => n + keyTrigrams(keys[k]).size, 0));
    expect(trigramIndexFits(built, keys.length)).toBe(true);
  });

  it('holds the lists KeyedLists.build makes over keyTrigrams, for any UTF-16 (non-ASCII, astral, a table that grows)', () => {
    // The definition, with a string per trigram: numbered first seen first, each posting in rank order.
    const reference = (ks: string[]) => {
      const size = ks.map((k) => keyTrigrams(k).size);
      const order = ks.map((_, k) => k).sort((a, b) => size[a] - size[b] || a - b);
      const postings = KeyedLists.build((emit, pass) => {
        if (pass === 0) ks.forEach((k) => keyTrigrams(k).forEach((g) => emit(g, 0)));
        else order.forEach((k, r) => keyTrigrams(ks[k]).forEach((g) => emit(g, r)));
      });
      return { postings, keyOfRank: Int32Array.from(order) };
    };
    const alphabet = ['a', 'b', ' ', 'é', 'ß', '漢', '字', '\ud83d\ude00', '\ud800', 'Ω', '0', 'z', 'q', 'ж', 'ü'];
    const rng = createPrng(7);
    const ks = ['', 'a', 'aaaa', 'zoë', '\ud83d\ude00x'];
    for (let i = 0; i < 3000; i++) ks.push(Array.from({ length: 1 + rng.int(12) }, () => alphabet[rng.int(alphabet.length)]).join(''));
    const ref = reference(ks);
    const got = buildTrigramIndex(ks.length, (k) => ks[k]);
    expect(got.postings.size).toBeGreaterThan(2048);
    expect(got.postings.text).toBe(ref.postings.text);
    for (const f of ['ends', 'table', 'start', 'items'] as const) expect([...got.postings[f]]).toEqual([...ref.postings[f]]);
    expect([...got.keyOfRank]).toEqual([...ref.keyOfRank]);
  });

  it('refuses arrays that would read out of range (not a permutation, a size run past the keys)', () => {
    const twice = { ...built, keyOfRank: Int32Array.from(built.keyOfRank, (k) => (k === 3 ? 2 : k)) };
    expect(trigramIndexFits(twice, keys.length)).toBe(false);
    const past = { ...built, sizeStart: Int32Array.from(built.sizeStart, (v, i) => (i === built.sizeStart.length - 1 ? v + 1 : v)) };
    expect(trigramIndexFits(past, keys.length)).toBe(false);
    expect(trigramIndexFits(built, keys.length + 1)).toBe(false);
  });
});
