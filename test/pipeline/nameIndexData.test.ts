import { describe, expect, it } from 'vitest';
import { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { buildNameIndexData, buildNameIndexDataPausing, compactKeysOf, MIN_COMPACT, scrubEntityOf } from '../../src-main/engine/graph/nameIndexData.js';
import { nameKey, scrubbable } from '../../src-main/engine/core/nameKey.js';
import { createPrng } from '../../src-main/engine/random/prng.js';
import { EntityNameIndex, isMediatorName, stemToken, wordSpans } from '../../src-main/engine/qa/stages/entityNameIndex.js';

const SYLLABLES = ['ka', 'lo', 'mi', 'ren', 'tas', 'vor', 'qui', 'el', 'ba', 'dun', 'sha', 'ter', 'o', 'is', 'ant', 'ley'];

/** Seeded names: one to four words, repeats (homonyms), copies with a suffix, mediator ids, punctuation, accents. */
function randomNames(seed: number, n: number): string[] {
  const rng = createPrng(seed);
  const word = (): string => Array.from({ length: 1 + rng.int(3) }, () => SYLLABLES[rng.int(SYLLABLES.length)]).join('');
  const names: string[] = [];
  for (let i = 0; i < n; i++) {
    const roll = rng.next();
    if (roll < 0.05 && names.length) names.push(names[rng.int(names.length)]);
    else if (roll < 0.08) names.push(`m.0${rng.int(1e6).toString(36)}`);
    else if (roll < 0.15 && names.length) names.push(`${names[rng.int(names.length)]} v${rng.int(9)}`);
    else {
      const words = Array.from({ length: 1 + rng.int(4) }, word);
      if (rng.next() < 0.2) words[0] = words[0][0].toUpperCase() + words[0].slice(1) + "'s";
      if (rng.next() < 0.1) words.push('Ésta');
      names.push(words.join(rng.next() < 0.1 ? '_' : ' '));
    }
  }
  return names;
}

function trigrams(s: string): Set<string> {
  const t = ` ${s} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= t.length; i++) out.add(t.slice(i, i + 3));
  return out;
}

/** The closest-names scan as it was before the trigram postings: every key's trigrams against the query's. */
function scanClosest(keyGrams: Set<string>[], text: string): [number, number][] {
  const query = trigrams(text);
  const scored: [number, number][] = [];
  keyGrams.forEach((grams, k) => {
    let hits = 0;
    for (const g of grams) if (query.has(g)) hits++;
    if (hits) scored.push([k, hits / Math.sqrt(grams.size * query.size)]);
  });
  return scored.sort((x, y) => y[1] - x[1] || x[0] - y[0]);
}

const names = randomNames(11, 4000);
const graph = MemoryGraph.fromTriples(
  'names',
  names.map((name, i) => ({ id: `e${i}`, name })),
  names.slice(1).map((_, i) => ({ head: `e${i}`, relation: 'next', tail: `e${i + 1}` })),
);
const index = EntityNameIndex.build(graph);

/** The linking keys as the index built them before the tables: folded words of each non-mediator name. */
function referenceKeys(): { keys: string[]; entities: number[][] } {
  const keys: string[] = [];
  const entities: number[][] = [];
  const at = new Map<string, number>();
  names.forEach((name, e) => {
    if (isMediatorName(name)) return;
    const words = wordSpans(name).map((w) => w.norm);
    if (!words.length) return;
    const key = words.join(' ');
    const k = at.get(key);
    if (k === undefined) (at.set(key, keys.length), keys.push(key), entities.push([e]));
    else entities[k].push(e);
  });
  return { keys, entities };
}

describe('name tables (nameIndexData)', () => {
  it('keys every non-mediator name by its folded words, entities in graph order, as the index did', () => {
    const { keys, entities } = referenceKeys();
    expect(index.keyCount).toBe(keys.length);
    expect(keys.length).toBeGreaterThan(3000);
    keys.forEach((key, k) => {
      expect(index.key(k)).toBe(key);
      expect([...index.keyEntities(k)]).toEqual(entities[k]);
      expect(index.lookup(key.split(' '))).toBe(k);
      expect(index.keyTokens(k).join(' ')).toBe(key);
    });
    expect(entities.some((list) => list.length > 1)).toBe(true);
  });

  it('builds the same tables stage by stage, pausing between stages (an import builds them while its database loads)', async () => {
    const names = ['Top Hat', 'Swing Time', 'Ginger Rogers', 'Fred Astaire', 'International Business Machines', 'm.0abc12', ''];
    let pauses = 0;
    const paused = await buildNameIndexDataPausing(names, async () => void pauses++);
    expect(pauses).toBe(5);
    expect(JSON.stringify(paused)).toBe(JSON.stringify(buildNameIndexData(names)));
    expect(paused.linkKeys.size).toBe(5);
    // A pause that throws (the import's cancel) stops the build there.
    let stages = 0;
    await expect(buildNameIndexDataPausing(names, async () => {
      if (++stages === 2) throw new Error('cancelled');
    })).rejects.toThrow('cancelled');
    expect(stages).toBe(2);
  });

  it('gives each stem its keys and each key the IDF weight of its distinct stems', () => {
    const { keys } = referenceKeys();
    const postings = new Map<string, number[]>();
    keys.forEach((key, k) => {
      for (const s of new Set(key.split(' ').map(stemToken))) postings.set(s, [...(postings.get(s) ?? []), k]);
    });
    for (const [s, list] of postings) expect([...index.keysWith(s)]).toEqual(list);
    keys.forEach((key, k) => {
      let w = 0;
      for (const s of new Set(key.split(' ').map(stemToken))) w += Math.log((keys.length + 1) / (postings.get(s)!.length + 1)) + 1;
      expect(index.keyWeight[k]).toBe(w);
    });
    expect([...index.keysWith('zzznever')]).toEqual([]);
  });

  it('finds the closest names through trigram postings exactly as the scan over every name did', () => {
    const { keys } = referenceKeys();
    const keyGrams = keys.map(trigrams);
    const rng = createPrng(5);
    let nonEmpty = 0;
    for (let i = 0; i < 100; i++) {
      // A name's words, some cut short or misspelt, plus an unrelated word.
      const words = keys[rng.int(keys.length)].split(' ').map((w) => (rng.next() < 0.3 ? w.slice(0, Math.max(2, w.length - 2)) + 'x' : w));
      const text = [...words, SYLLABLES[rng.int(SYLLABLES.length)]].join(' ');
      const expected = scanClosest(keyGrams, text);
      expect(index.closestByTrigrams(text)).toEqual(expected);
      if (expected.length) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(90);
  });

  it('gives exactly the head of the full ranking when bounded, over many names sharing common trigrams', () => {
    // Common words make long postings (the case the bound skips); syllable words make rare ones.
    const rng = createPrng(23);
    const common = ['the', 'of', 'and', 'new', 'san', 'city', 'man', 'ana', 'ton', 'ter'];
    const word = (): string => (rng.next() < 0.4 ? common[rng.int(common.length)] : Array.from({ length: 1 + rng.int(3) }, () => SYLLABLES[rng.int(SYLLABLES.length)]).join(''));
    const many = Array.from({ length: 30_000 }, () => Array.from({ length: 1 + rng.int(4) }, word).join(' '));
    const big = EntityNameIndex.build(
      MemoryGraph.fromTriples(
        'many',
        many.map((name, i) => ({ id: `e${i}`, name })),
        [{ head: 'e0', relation: 'r', tail: 'e1' }],
      ),
    );
    let compared = 0;
    for (let i = 0; i < 150; i++) {
      const words = big.key(rng.int(big.keyCount)).split(' ').map((w) => (rng.next() < 0.3 ? w.slice(0, Math.max(2, w.length - 2)) + 'x' : w));
      const text = [...words, common[rng.int(common.length)], rng.next() < 0.5 ? word() : 'zq'].join(' ');
      const full = big.closestByTrigrams(text);
      for (const k of [1, 5, 20]) {
        expect(big.closestByTrigrams(text, k)).toEqual(full.slice(0, k));
        if (full.length > k) compared++;
      }
    }
    expect(compared).toBeGreaterThan(400);
  });

  it("finds the linking keys of a space-free spelling, as a map of every key's space-free form would", () => {
    const data = buildNameIndexData(names);
    const expected = new Map<string, number[]>();
    for (let k = 0; k < data.linkKeys.size; k++) {
      const c = data.linkKeys.key(k).replace(/ /g, '');
      if (c.length >= MIN_COMPACT) expected.set(c, [...(expected.get(c) ?? []), k]);
    }
    expect(expected.size).toBeGreaterThan(100);
    expect([...expected.values()].some((keys) => keys.length > 1)).toBe(true);
    for (const [c, keys] of expected) expect([...compactKeysOf(data, c)!]).toEqual(keys);
    expect(data.compact.items.length).toBe([...expected.values()].flat().length);
    expect(compactKeysOf(data, 'zzzzzzzzzz')).toBeUndefined();
  });

  it('keeps the scrubbable name keys of the sanitizer, with the longest key in words', () => {
    const data = buildNameIndexData(names);
    const expected = new Map<string, number[]>();
    names.forEach((name, e) => {
      const key = nameKey(name);
      if (scrubbable(key)) expected.set(key, [...(expected.get(key) ?? []), e]);
    });
    expect(data.scrubKeys.items.length).toBe([...expected.values()].flat().length);
    for (const [key, list] of expected) {
      expect(scrubEntityOf(data, names, key)).toBe(list[0]);
      // Through the filter, each entity of the key in graph order.
      for (const e of list) expect(scrubEntityOf(data, names, key, (x) => x >= e)).toBe(e);
    }
    expect(expected.size).toBeGreaterThan(100);
    expect(scrubEntityOf(data, names, 'no such name at all')).toBeUndefined();
    expect(data.maxScrubWords).toBe(Math.max(1, ...[...expected.keys()].map((k) => k.split(' ').length)));
  });
});
