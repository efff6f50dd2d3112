// The default dense retrieval model: GloVe word vectors combined into a sentence vector by SIF weighting
// (Arora et al. 2017: weight a/(a+p(w)), so frequent words like "the", "of", "by" barely count). Runs locally,
// in microseconds per short text, and needs no model download — the vectors ship as an npm package.
import type { Drm } from '../core/types.js';
import { loadGloveTable, resolveCacheDir, type GloveTable } from './gloveCache.js';
import { tokenizeText } from './tokenize.js';

/** SIF smoothing constant; 1e-3 is the paper's recommended range for vocabulary-scale frequencies. */
const SIF_A = 1e-3;
const NOT_FOUND = -1;

export interface GloveDrmOptions {
  cacheDir?: string;
  onProgress?: (fraction: number) => void;
}

export class GloveDrm implements Drm {
  readonly name = 'glove-sg-100d-sif';
  readonly dim: number;
  /** Memo of word → row after morphological fallbacks (NOT_FOUND when none applies). */
  private readonly lookupMemo = new Map<string, number>();
  /** H_n, the normaliser of the Zipf stand-in for word frequencies. */
  private readonly harmonic: number;

  constructor(private readonly table: GloveTable) {
    this.dim = table.dim;
    // The package has no counts; the words are in frequency order, so Zipf's law p(r) ∝ 1/(r+1) stands in.
    let harmonic = 0;
    for (let r = 1; r <= table.size; r++) harmonic += 1 / r;
    this.harmonic = harmonic;
  }

  get vocabularySize(): number {
    return this.table.size;
  }

  /** SIF weight of row r, rounded to float32 as when the weights were a Float32Array (answers stay bit-identical). */
  private weightAt(r: number): number {
    const p = 1 / ((r + 1) * this.harmonic);
    return Math.fround(SIF_A / (SIF_A + p));
  }

  /** Vocabulary row of a word (its frequency rank), trying plural/-ed/-ing variants; undefined if unknown. */
  rankOf(word: string): number | undefined {
    const r = this.lookup(word.toLowerCase());
    return r === NOT_FOUND ? undefined : r;
  }

  /** Vocabulary row of the word as written (no variants); undefined if absent. */
  exactRankOf(word: string): number | undefined {
    const r = this.table.rowOf(word.toLowerCase());
    return r === NOT_FOUND ? undefined : r;
  }

  /** SIF weight of a word in (0, 1): near 0 for function words, near 1 for rare ones; 1 for unknown words. */
  weightOf(word: string): number {
    const r = this.lookup(word.toLowerCase());
    return r === NOT_FOUND ? 1 : this.weightAt(r);
  }

  /** The unit word vector, or undefined when the word (and its variants) is not in the vocabulary. */
  wordVector(word: string): Float32Array | undefined {
    const r = this.lookup(word.toLowerCase());
    if (r === NOT_FOUND) return undefined;
    return this.table.row(r);
  }

  private lookup(word: string): number {
    const memo = this.lookupMemo.get(word);
    if (memo !== undefined) return memo;
    let found = this.table.rowOf(word);
    if (found === NOT_FOUND)
      for (const v of morphologicalVariants(word)) {
        found = this.table.rowOf(v);
        if (found !== NOT_FOUND) break;
      }
    // Bounded memo: questions bring new names forever, the vocabulary lookups themselves stay cheap.
    if (this.lookupMemo.size > 200_000) this.lookupMemo.clear();
    this.lookupMemo.set(word, found);
    return found;
  }

  /** Synchronous sentence embedding (unit length). */
  embedOne(text: string): Float32Array {
    return this.embedTokens(tokenizeText(text));
  }

  /** Sentence embedding of already tokenised words (e.g. tokenizeLabel output). */
  embedTokens(tokens: string[]): Float32Array {
    const out = new Float32Array(this.dim);
    const dim = this.dim;
    let any = false;
    for (const t of tokens) {
      const r = this.lookup(t.toLowerCase());
      if (r === NOT_FOUND) continue;
      const w = this.weightAt(r);
      const row = this.table.row(r);
      for (let d = 0; d < dim; d++) out[d] += w * row[d];
      any = true;
    }
    if (!any) return hashedUnitVector(tokens.join(' '), dim);
    let norm = 0;
    for (let d = 0; d < dim; d++) norm += out[d] * out[d];
    norm = Math.sqrt(norm);
    if (norm === 0) return hashedUnitVector(tokens.join(' '), dim);
    for (let d = 0; d < dim; d++) out[d] /= norm;
    return out;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    return texts.map((t) => this.embedOne(t));
  }
}

/** Candidate base forms of an out-of-vocabulary word: plural, past tense, gerund, possessive. */
export function morphologicalVariants(word: string): string[] {
  const out: string[] = [];
  const add = (w: string): void => {
    if (w.length >= 2 && w !== word && !out.includes(w)) out.push(w);
  };
  if (word.endsWith("'s") || word.endsWith('’s')) add(word.slice(0, -2));
  if (word.endsWith('ies')) add(`${word.slice(0, -3)}y`);
  if (word.endsWith('es')) add(word.slice(0, -2));
  if (word.endsWith('s') && !word.endsWith('ss')) add(word.slice(0, -1));
  if (word.endsWith('ied')) add(`${word.slice(0, -3)}y`);
  if (word.endsWith('ed')) {
    add(word.slice(0, -2));
    add(word.slice(0, -1));
    // "starred" → "star"
    if (word.length > 4 && word[word.length - 3] === word[word.length - 4]) add(word.slice(0, -3));
  }
  if (word.endsWith('ing')) {
    add(word.slice(0, -3));
    add(`${word.slice(0, -3)}e`);
    if (word.length > 5 && word[word.length - 4] === word[word.length - 5]) add(word.slice(0, -4));
  }
  if (word.endsWith('ly')) add(word.slice(0, -2));
  return out;
}

/**
 * A deterministic pseudo-random unit vector for text with no known word (codes, foreign names): identical texts
 * still match each other, different ones are near-orthogonal, and the result is never a zero vector.
 */
function hashedUnitVector(text: string, dim: number): Float32Array {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  const out = new Float32Array(dim);
  let norm = 0;
  for (let d = 0; d < dim; d++) {
    // xorshift32 stream seeded by the FNV hash.
    h ^= h << 13;
    h ^= h >>> 17;
    h ^= h << 5;
    out[d] = ((h >>> 0) / 0xffffffff) * 2 - 1;
    norm += out[d] * out[d];
  }
  norm = Math.sqrt(norm) || 1;
  for (let d = 0; d < dim; d++) out[d] /= norm;
  return out;
}

const singletons = new Map<string, Promise<GloveDrm>>();

/**
 * The process-wide GloVe DRM: the first call builds or reads the binary cache, later calls (any module, any test in
 * the same worker) share the instance. A failed load is not remembered, so a retry can succeed.
 */
export function loadGloveDrm(options: GloveDrmOptions = {}): Promise<GloveDrm> {
  const key = resolveCacheDir(options.cacheDir);
  let p = singletons.get(key);
  if (!p) {
    p = loadGloveTable({ cacheDir: key, onProgress: options.onProgress }).then((t) => new GloveDrm(t));
    p.catch(() => singletons.delete(key));
    singletons.set(key, p);
  } else if (options.onProgress) {
    const report = options.onProgress;
    void p.then(() => report(1), () => undefined);
  }
  return p;
}
