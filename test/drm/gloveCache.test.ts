// The cache builder streams the package's JSON format; a synthetic file in that format, read with tiny chunks,
// crosses every parser boundary (inside keys, numbers, escapes, the words list and the `vectors` key). The cache
// it writes must give back exactly the parsed vectors, and a cache that is stale or damaged in any way is rebuilt,
// never trusted and never a crash.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cachePaths, loadGloveTable, parseWinkJson, readCache, type GloveTable, type GloveVectors } from '../../src-main/engine/drm/gloveCache.js';

const dir = mkdtempSync(join(tmpdir(), 'ctrlg-glove-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writeSource(name = 'source.json', vectors: Record<string, number[]> = { the: [3, 4, 0], vectors: [0, 0, 2], 'say "hi"': [1e-3, -2.5e1, 0.5], café: [-1, 0, 0] }): string {
  const words = Object.keys(vectors);
  const body: Record<string, number[]> = {};
  words.forEach((w, i) => {
    const v = vectors[w];
    body[w] = [...v, Math.hypot(...v), i];
  });
  const json = JSON.stringify({ precision: 8, l2NormIndex: 3, wordIndex: 4, size: words.length, dimensions: 3, words, vectors: body, unkVector: [0, 0, 0, 0, -1] });
  const path = join(dir, name);
  writeFileSync(path, json);
  return path;
}

/** Every word's row and vector in `table` equal the parsed source's. */
function expectSameAsSource(table: GloveTable, source: GloveVectors): void {
  expect(table.size).toBe(source.words.length);
  expect(table.dim).toBe(source.dim);
  expect(source.words.length).toBeGreaterThan(0);
  source.words.forEach((w, i) => {
    expect(table.rowOf(w)).toBe(i);
    expect(table.word(i)).toBe(w);
    expect(Array.from(table.row(i))).toEqual(Array.from(source.matrix.subarray(i * source.dim, (i + 1) * source.dim)));
  });
}

describe('GloVe binary cache', () => {
  it('parses the wink format across chunk boundaries into unit rows by rank', async () => {
    const table = await parseWinkJson(writeSource(), undefined, 7);
    expect(table.words).toEqual(['the', 'vectors', 'say "hi"', 'café']);
    expect(table.dim).toBe(3);
    expect(Array.from(table.matrix.subarray(0, 3))).toEqual([expect.closeTo(0.6, 6), expect.closeTo(0.8, 6), 0]);
    expect(Array.from(table.matrix.subarray(3, 6))).toEqual([0, 0, 1]);
    expect(table.matrix[9]).toBeCloseTo(-1, 6);
  });

  it('round-trips through the cache files (identical vectors to the source) and reports progress', async () => {
    const path = writeSource();
    const source = await parseWinkJson(path);
    const cacheDir = join(dir, 'cache');
    const progress: number[] = [];
    const built = await loadGloveTable({ sourcePath: path, cacheDir, chunkBytes: 16, onProgress: (f) => progress.push(f) });
    expect(progress.at(-1)).toBe(1);
    expect(progress.length).toBeGreaterThan(1);
    // No temporary files are left behind by the atomic writes.
    expect(readdirSync(cacheDir).some((f) => f.includes('.tmp-'))).toBe(false);
    expectSameAsSource(built, source);
    const loaded = readCache(cacheDir, path);
    expect(loaded).toBeDefined();
    expectSameAsSource(loaded!, source);
    expect(loaded!.rowOf('unknown')).toBe(-1);
    expect(loaded!.rowOf('')).toBe(-1);
  });

  it('ignores a cache whose source changed, and rebuilds it from the new source', async () => {
    const path = writeSource('changing.json');
    const cacheDir = join(dir, 'stale');
    await loadGloveTable({ sourcePath: path, cacheDir });
    writeSource('changing.json', { new: [1, 0, 0], words: [0, 1, 0] });
    expect(readCache(cacheDir, path)).toBeUndefined();
    const rebuilt = await loadGloveTable({ sourcePath: path, cacheDir });
    expect(rebuilt.rowOf('words')).toBe(1);
    expect(rebuilt.rowOf('the')).toBe(-1);
    expect(readCache(cacheDir, path)?.rowOf('words')).toBe(1);
  });

  const damages: [string, (p: ReturnType<typeof cachePaths>) => void][] = [
    ['a missing meta file', (p) => rmSync(p.meta)],
    ['an unreadable meta file', (p) => writeFileSync(p.meta, '{"version": 2, "si')],
    ['a meta file of another version', (p) => writeFileSync(p.meta, readFileSync(p.meta, 'utf8').replace('"version":2', '"version":1'))],
    ['a missing index', (p) => rmSync(p.index)],
    ['a truncated index', (p) => truncateSync(p.index, 30)],
    ['an index of zeros with the right size', (p) => writeFileSync(p.index, Buffer.alloc(readFileSync(p.index).length))],
    ['an index whose rows point past the vocabulary', (p) => {
      const b = readFileSync(p.index);
      b.fill(0x7f, 20, 60);
      writeFileSync(p.index, b);
    }],
    ['an index whose string offsets run backwards', (p) => {
      const b = readFileSync(p.index);
      b.fill(0xff, b.length - 40, b.length - 24);
      writeFileSync(p.index, b);
    }],
    ['a truncated matrix', (p) => truncateSync(p.matrix, 8)],
    ['a missing matrix', (p) => rmSync(p.matrix)],
  ];
  for (const [what, damage] of damages)
    it(`rebuilds, without throwing, after ${what}`, async () => {
      const path = writeSource();
      const source = await parseWinkJson(path);
      const cacheDir = join(dir, `damaged-${what.replace(/\W+/g, '-')}`);
      await loadGloveTable({ sourcePath: path, cacheDir });
      expect(readCache(cacheDir, path)).toBeDefined();
      damage(cachePaths(cacheDir));
      expect(() => readCache(cacheDir, path)).not.toThrow();
      expect(readCache(cacheDir, path)).toBeUndefined();
      expectSameAsSource(await loadGloveTable({ sourcePath: path, cacheDir }), source);
      expectSameAsSource(readCache(cacheDir, path)!, source);
    });

  it('still answers when the cache folder cannot be written', async () => {
    const path = writeSource();
    const source = await parseWinkJson(path);
    const blocker = join(dir, 'not-a-folder');
    writeFileSync(blocker, 'a file where the cache folder would go');
    const cacheDir = join(blocker, 'cache');
    expectSameAsSource(await loadGloveTable({ sourcePath: path, cacheDir }), source);
    expect(existsSync(cacheDir)).toBe(false);
  });

  it('keeps its files apart from an older version’s, so checkouts sharing node_modules do not rebuild each other’s', async () => {
    const path = writeSource();
    const cacheDir = join(dir, 'versions');
    mkdirSync(cacheDir, { recursive: true });
    const old = join(cacheDir, 'glove-sg-100d.json');
    writeFileSync(old, '{"version":1}');
    await loadGloveTable({ sourcePath: path, cacheDir });
    expect(readFileSync(old, 'utf8')).toBe('{"version":1}');
    expect(readCache(cacheDir, path)).toBeDefined();
  });
});
