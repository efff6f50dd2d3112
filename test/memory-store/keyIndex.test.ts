import { describe, expect, it } from 'vitest';
import type { ExperienceRow } from '../../src-main/engine/memory/experienceRecord.js';
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

describe('KeyIndex storage', () => {
  it('stays exact through many removals and re-inserts, clustered or not', () => {
    for (const ivfFrom of [Infinity, 200]) {
      const rows = Array.from({ length: 600 }, (_, i) => row(`r${i}`, unit(Float32Array.from({ length: DIM }, rand))));
      const index = new KeyIndex({ ivfFrom, probes: 10_000 }); // every list probed: results must equal a brute force
      index.upsert(rows);
      const gone = rows.filter((_, i) => i % 3 === 0).map((r) => r.id);
      index.remove(gone);
      const left = rows.filter((r) => !gone.includes(r.id));
      const moved = left.slice(0, 50).map((r) => ({ ...r, key: unit(Float32Array.from({ length: DIM }, rand)) }));
      index.upsert(moved);
      const now = [...moved, ...left.slice(50)];
      expect(index.size('p')).toBe(400);
      for (let t = 0; t < 10; t++) {
        const q = unit(Float32Array.from({ length: DIM }, rand));
        expect(index.search(q, 'p', 7).map((r) => r.id)).toEqual(bruteForce(now, q, 7));
      }
    }
  });

  it('refuses keys of another dimension instead of mixing them', () => {
    const index = new KeyIndex();
    index.upsert([row('a', unit(Float32Array.from({ length: DIM }, rand)))]);
    expect(() => index.upsert([row('b', new Float32Array(DIM + 2))])).toThrow(/dimensions/);
    expect(() => index.search(new Float32Array(3), 'p', 1)).toThrow(/dimensions/);
  });
});
