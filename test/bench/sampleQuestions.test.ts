import { describe, expect, it } from 'vitest';
import { sampleQuestions } from '../../bench/lib/sampleQuestions.js';

const items = Array.from({ length: 1000 }, (_, i) => `q${i}`);

describe('sampleQuestions', () => {
  it('is deterministic per seed and differs across seeds', () => {
    expect(sampleQuestions(items, 50, 1)).toEqual(sampleQuestions(items, 50, 1));
    expect(sampleQuestions(items, 50, 2)).toEqual(sampleQuestions(items, 50, 2));
    expect(sampleQuestions(items, 50, 1)).not.toEqual(sampleQuestions(items, 50, 2));
  });

  it('draws min(n, length) distinct items of the input', () => {
    const s = sampleQuestions(items, 300, 7);
    expect(s).toHaveLength(300);
    expect(new Set(s).size).toBe(300);
    for (const q of s) expect(items).toContain(q);
    expect(sampleQuestions(items.slice(0, 57), 300, 7)).toHaveLength(57);
    expect(new Set(sampleQuestions(items.slice(0, 57), 300, 7)).size).toBe(57);
    expect(sampleQuestions(items, 0, 7)).toEqual([]);
    expect(sampleQuestions([], 10, 7)).toEqual([]);
  });

  it('is not the head of the file, in any order', () => {
    for (const seed of [1, 2, 3]) {
      const s = sampleQuestions(items, 100, seed);
      const head = new Set(items.slice(0, 100));
      // A uniform sample of 100 of 1000 holds about 10 of the first 100; the head would hold all of them.
      expect(s.filter((q) => head.has(q)).length).toBeLessThan(30);
    }
  });

  it('spreads over the whole file', () => {
    const idx = sampleQuestions(items, 300, 1).map((q) => Number(q.slice(1)));
    const quarters = [0, 0, 0, 0];
    for (const i of idx) quarters[Math.floor(i / 250)]++;
    for (const c of quarters) expect(c).toBeGreaterThan(40);
  });

  it('does not change its input', () => {
    const copy = [...items];
    sampleQuestions(items, 100, 1);
    expect(items).toEqual(copy);
  });
});
