// How strongly a question word points at a relation, relative to the graph's other relations. Raw word-vector
// similarity is high for generic words ("movies" is close to most film relations), so a word's mean similarity to
// all of the graph's relations is subtracted: only words that single a relation out support a hop.
import type { WordVectors } from './wordSimilarity.js';

export class RelationMatcher {
  private readonly memo = new Map<string, Float32Array>();

  constructor(
    private readonly words: WordVectors,
    /** Content words of each relation label, by relation index. */
    readonly relationWords: readonly (readonly string[])[],
  ) {}

  /** Raw similarity: the best match between the word and any word of the label. */
  raw(word: string, relation: number): number {
    return this.row(word)[relation * 2];
  }

  /** Similarity minus the word's mean similarity over all relations of the graph. */
  contrast(word: string, relation: number): number {
    return this.row(word)[relation * 2 + 1];
  }

  private row(word: string): Float32Array {
    let r = this.memo.get(word);
    if (r) return r;
    const n = this.relationWords.length;
    r = new Float32Array(n * 2);
    let sum = 0;
    for (let k = 0; k < n; k++) {
      let best = 0;
      for (const lw of this.relationWords[k]) best = Math.max(best, this.words.similarity(word, lw));
      r[k * 2] = best;
      sum += best;
    }
    const mean = n ? sum / n : 0;
    for (let k = 0; k < n; k++) r[k * 2 + 1] = r[k * 2] - mean;
    if (this.memo.size > 50_000) this.memo.clear();
    this.memo.set(word, r);
    return r;
  }
}
