import { describe, expect, it } from 'vitest';
import type { ExperienceRow } from '../../src-main/engine/memory/experienceStore.js';
import { KeyIndex } from '../../src-main/engine/memory/keyIndex.js';

const DIM = 16;
let seed = 7;
function rand(): number {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff - 0.5;
}
function unit(v: Float32Array): Float32Array {
  const n = Math.hypot(...v) || 1;
  return v.map((x) => x / n);
}
function row(id: string, key: Float32Array, pi = 'p'): ExperienceRow {
  return { id, pi, key, outcome: 0, uses: 0, successes: 0, seen: 1, weight: 1, createdAt: 0, updatedAt: 0, lastUsedAt: 0, sealed: new Uint8Array(1) };
}
function bruteForce(rows: ExperienceRow[], q: Float32Array, k: number): string[] {
  const dot = (a: Float32Array) => a.reduce((s, x, d) => s + x * q[d], 0);
  return [...rows].sort((a, b) => dot(b.key) - dot(a.key)).slice(0, k).map((r) => r.id);
}

describe('KeyIndex', () => {
  it('is exact below the clustering threshold and follows upserts, moves between π and removals', () => {
    const rows = Array.from({ length: 300 }, (_, i) => row(`r${i}`, unit(Float32Array.from({ length: DIM }, rand))));
    const index = new KeyIndex();
    index.upsert(rows);
    const q = unit(Float32Array.from({ length: DIM }, rand));
    expect(index.search(q, 'p', 5).map((r) => r.id)).toEqual(bruteForce(rows, q, 5));
    const top = index.search(q, 'p', 1)[0];
    index.upsert([{ ...top, key: top.key.map((x) => -x) }]);
    expect(index.search(q, 'p', 1)[0].id).not.toBe(top.id);
    index.upsert([{ ...top, pi: 'other' }]);
    expect(index.size('p')).toBe(299);
    expect(index.search(q, 'other', 5).map((r) => r.id)).toEqual([top.id]);
    index.remove([top.id]);
    expect(index.size()).toBe(299);
  });

  it('clusters a large partition and still finds the nearest rows of clustered data', () => {
    const centres = Array.from({ length: 24 }, () => unit(Float32Array.from({ length: DIM }, rand)));
    const rows = Array.from({ length: 3000 }, (_, i) => row(`r${i}`, unit(centres[i % 24].map((x) => x + 0.08 * rand()))));
    const index = new KeyIndex({ ivfFrom: 1000 });
    index.upsert(rows);
    let found = 0;
    for (let t = 0; t < 40; t++) {
      const q = unit(centres[t % 24].map((x) => x + 0.05 * rand()));
      const want = bruteForce(rows, q, 5);
      found += index.search(q, 'p', 5).filter((r) => want.includes(r.id)).length;
    }
    expect(found / 200).toBeGreaterThan(0.9);
  });
});
