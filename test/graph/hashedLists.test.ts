import { describe, expect, it } from 'vitest';
import { HashedLists } from '../../src-main/engine/graph/hashedLists.js';
import { hashSpaceless, hashString } from '../../src-main/engine/graph/stringTable.js';
import { createPrng } from '../../src-main/engine/random/prng.js';

describe('HashedLists', () => {
  const derived = ['apple', 'pear', 'apple', undefined, 'fig', 'pear', 'apple'];
  const lists = HashedLists.build(derived.length, (i) => (derived[i] === undefined ? -1 : hashString(derived[i]!)));
  const same = (key: string) => (i: number) => derived[i] === key;

  it('finds every item whose derived string is the key, in ascending order, and leaves out the unhashed', () => {
    expect([...lists.all('apple', same('apple'))!]).toEqual([0, 2, 6]);
    expect([...lists.all('pear', same('pear'))!]).toEqual([1, 5]);
    expect(lists.find('fig', same('fig'))).toBe(4);
    expect(lists.find('apple', (i) => same('apple')(i) && i > 0)).toBe(2);
    expect(lists.all('plum', same('plum'))).toBeUndefined();
    expect(lists.items).toHaveLength(6);
    expect([...lists.items]).not.toContain(3);
  });

  it('agrees with a map of the strings on thousands of random keys, colliding buckets included', () => {
    const rng = createPrng(5);
    const strings = Array.from({ length: 5000 }, () => `k${rng.int(3000)}`);
    const big = HashedLists.build(strings.length, (i) => hashString(strings[i]));
    const map = new Map<string, number[]>();
    strings.forEach((s, i) => map.set(s, [...(map.get(s) ?? []), i]));
    for (const [s, list] of map) expect([...big.all(s, (i) => strings[i] === s)!]).toEqual(list);
    // About one item a bucket, so some buckets hold several strings: the caller's comparison tells them apart.
    const buckets = big.start.length - 1;
    let shared = 0;
    for (let b = 0; b < buckets; b++) if (new Set([...big.items.subarray(big.start[b], big.start[b + 1])].map((i) => strings[i])).size > 1) shared++;
    expect(shared).toBeGreaterThan(10);
    expect(big.fits(strings.length)).toBe(true);
  });

  it('hashes a string with its spaces left out as the space-free string itself', () => {
    expect(hashSpaceless('the white album')).toBe(hashString('thewhitealbum'));
    expect(hashSpaceless('xx the white album', 3, 15)).toBe(hashString('thewhiteal'));
  });

  it('refuses arrays that do not make a table', () => {
    expect(lists.fits(derived.length)).toBe(true);
    expect(lists.fits(4)).toBe(false);
    expect(new HashedLists(Int32Array.from([0, 1, 0, 0, 0, 0, 0, 0, 1]), Int32Array.from([0])).fits(1)).toBe(false);
    expect(new HashedLists(new Int32Array(8), new Int32Array(0)).fits(1)).toBe(false);
    expect(new HashedLists(new Int32Array(9), new Int32Array(0)).fits(1)).toBe(true);
  });
});
