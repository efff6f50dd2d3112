// Keyed lists built in one pass (collect) are the lists the two-pass build makes from the same pairs: keys numbered
// first seen first, each list in the order its values came, the same key table.
import { describe, expect, it } from 'vitest';
import { KeyedLists } from '../../src-main/engine/graph/keyedLists.js';

const pairs: [string, number][] = [
  ['b', 3],
  ['a', 1],
  ['b', 0],
  ['ç', 7],
  ['a', 1],
  ['', 2],
];
// Enough distinct keys to grow the counts and pair buffers past their first size.
const many: [string, number][] = Array.from({ length: 5000 }, (_, i) => [`k${i % 1700}`, i]);

describe('KeyedLists.collect', () => {
  it('makes the same lists as build, in the order the values came', () => {
    for (const input of [pairs, many]) {
      const one = KeyedLists.collect((emit) => input.forEach(([k, v]) => emit(k, v)));
      const two = KeyedLists.build((emit) => input.forEach(([k, v]) => emit(k, v)));
      expect(one.size).toBe(new Set(input.map(([k]) => k)).size);
      expect(one.text).toBe(two.text);
      expect([...one.ends]).toEqual([...two.ends]);
      expect([...one.table]).toEqual([...two.table]);
      expect([...one.start]).toEqual([...two.start]);
      expect([...one.items]).toEqual([...two.items]);
    }
    const one = KeyedLists.collect((emit) => pairs.forEach(([k, v]) => emit(k, v)));
    expect([...one.get('b')!]).toEqual([3, 0]);
    expect([...one.get('a')!]).toEqual([1, 1]);
    expect([...one.get('')!]).toEqual([2]);
    expect(one.get('z')).toBeUndefined();
    expect(one.fits(8)).toBe(true);
  });
});
