// The cache builder streams the package's JSON format; a synthetic file in that format, read with tiny chunks,
// crosses every parser boundary (inside keys, numbers, escapes, the words list and the `vectors` key).
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadGloveTable, parseWinkJson, readCache } from '../../src-main/engine/drm/gloveCache.js';

const dir = mkdtempSync(join(tmpdir(), 'ctrlg-glove-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writeSource(): { path: string; vectors: Record<string, number[]> } {
  const vectors: Record<string, number[]> = {
    the: [3, 4, 0],
    vectors: [0, 0, 2],
    'say "hi"': [1e-3, -2.5e1, 0.5],
    café: [-1, 0, 0],
  };
  const words = Object.keys(vectors);
  const body: Record<string, number[]> = {};
  words.forEach((w, i) => {
    const v = vectors[w];
    body[w] = [...v, Math.hypot(...v), i];
  });
  const json = JSON.stringify({ precision: 8, l2NormIndex: 3, wordIndex: 4, size: words.length, dimensions: 3, words, vectors: body, unkVector: [0, 0, 0, 0, -1] });
  const path = join(dir, 'source.json');
  writeFileSync(path, json);
  return { path, vectors };
}

describe('GloVe binary cache', () => {
  it('parses the wink format across chunk boundaries into unit rows by rank', async () => {
    const { path } = writeSource();
    const table = await parseWinkJson(path, undefined, 7);
    expect(table.words).toEqual(['the', 'vectors', 'say "hi"', 'café']);
    expect(table.dim).toBe(3);
    expect(Array.from(table.matrix.subarray(0, 3))).toEqual([expect.closeTo(0.6, 6), expect.closeTo(0.8, 6), 0]);
    expect(Array.from(table.matrix.subarray(3, 6))).toEqual([0, 0, 1]);
    expect(table.matrix[9]).toBeCloseTo(-1, 6);
  });

  it('round-trips through the cache files and reports progress', async () => {
    const { path } = writeSource();
    const cacheDir = join(dir, 'cache');
    const progress: number[] = [];
    const built = await loadGloveTable({ sourcePath: path, cacheDir, chunkBytes: 16, onProgress: (f) => progress.push(f) });
    expect(progress.at(-1)).toBe(1);
    expect(progress.length).toBeGreaterThan(1);
    // No temporary files are left behind by the atomic writes.
    expect(readdirSync(cacheDir).some((f) => f.includes('.tmp-'))).toBe(false);
    const loaded = readCache(cacheDir, path);
    expect(loaded).toBeDefined();
    expect(loaded!.words).toEqual(built.words);
    expect(Array.from(loaded!.matrix)).toEqual(Array.from(built.matrix));
  });

  it('ignores a cache whose source changed', async () => {
    const { path } = writeSource();
    const cacheDir = join(dir, 'stale');
    await loadGloveTable({ sourcePath: path, cacheDir });
    writeFileSync(path, `${JSON.stringify({ size: 1 })}       `);
    expect(readCache(cacheDir, path)).toBeUndefined();
  });
});
