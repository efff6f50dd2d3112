// How strongly a question word points at a relation, relative to the graph's other relations. Raw word-vector
// similarity is high for generic words ("movies" is close to most film relations), so a word's mean similarity to
// all of the graph's relations is subtracted: only words that single a relation out support a hop.
import { STEM_MATCH, type WordVectors } from './wordSimilarity.js';

/** True when `word` spells the initials of a label of two or more words ("pi" / principal investigator). */
export function isInitialism(word: string, label: readonly string[]): boolean {
  return label.length >= 2 && word.length === label.length && label.every((lw, i) => lw[0] === word[i]);
}

/**
 * Similarity at which a question word counts as naming a label word (see unnamed): a stem or a near-identical vector;
 * WordNet's looser synonyms (0.75) do not, nor do the 0.5–0.7 a function word reaches with many label words.
 */
const LABEL_COVER = 0.8;
/**
 * Similarity at which a question word counts as naming a word that sets a label apart from a plainer one (see marked):
 * looser than LABEL_COVER, as the question may say it any way ("former", "once", "before" for "previously").
 */
const MARK_COVER = 0.55;

/**
 * The base of an inflected form (-s, -es, -ed, -ing, -ies, -ied; a doubled final consonant and a final e undone):
 * "plays" and "played" meet at "play", "stars" and "starred" at "star"; "player" and "director" keep their own.
 */
export function inflectionBase(word: string): string {
  if (word.length > 4 && (word.endsWith('ies') || word.endsWith('ied'))) return word.slice(0, -3) + 'y';
  let w = word;
  for (const suf of ['ing', 'ed', 'es', 's'])
    if (w.length - suf.length >= 3 && w.endsWith(suf) && !w.endsWith('ss')) {
      w = w.slice(0, -suf.length);
      if (w.length >= 4 && w[w.length - 1] === w[w.length - 2] && !/[aeiou]/.test(w[w.length - 1])) w = w.slice(0, -1);
      break;
    }
  return w.length >= 4 ? w.replace(/e$/, '') : w;
}

/** What one word says about every relation, computed once per word. */
interface WordRow {
  /** Per relation: raw similarity at k·2, contrast at k·2 + 1. */
  sims: Float32Array;
  /** Per relation: the index of the label word it matches best. */
  at: Uint8Array;
  bestRaw: number;
  bestContrast: number;
  /** The relation of the best contrast (the first of equals; -1 without relations). */
  bestRelation: number;
}

export class RelationMatcher {
  private readonly memo = new Map<string, WordRow>();
  /**
   * Per label word, the graph's label words that inflect one base ("plays", "played"): a question word is as close to one as to
   * the other, so "X's team" favours neither plays_for nor previously_played_for on the vectors' taste for a tense,
   * and the words a label adds ("previously") decide.
   */
  private readonly forms = new Map<string, string[]>();

  constructor(
    private readonly words: WordVectors,
    /** Content words of each relation label, by relation index. */
    readonly relationWords: readonly (readonly string[])[],
    /** The words of each label that name the relation itself (a dotted label's last segment); default: all. */
    private readonly ownWords: readonly (readonly string[])[] = relationWords,
    /** The words of each label's type segment (relationWords.ts typeRelationWords); default: none. */
    private readonly typeWords: readonly (readonly string[])[] = [],
  ) {
    const byStem = new Map<string, string[]>();
    for (const lw of new Set(relationWords.flat())) {
      const k = inflectionBase(lw);
      const group = byStem.get(k);
      if (group) group.push(lw);
      else byStem.set(k, [lw]);
    }
    for (const group of byStem.values()) for (const lw of group) this.forms.set(lw, group);
  }

  /** Raw similarity: the best match between the word and any word of the label (or another inflection of it among the labels). */
  raw(word: string, relation: number): number {
    return this.row(word).sims[relation * 2];
  }

  /** Similarity minus the word's mean similarity over all relations of the graph. */
  contrast(word: string, relation: number): number {
    return this.row(word).sims[relation * 2 + 1];
  }

  /** Which word of the relation's label the word matches best (its index among the label's content words). */
  labelWord(word: string, relation: number): number {
    return this.row(word).at[relation];
  }

  /**
   * How many of a label's own words (a dotted Freebase label's last segment, and its type segment's words that the
   * property does not repeat) none of `words` matches (similarity ≥ LABEL_COVER): "previously played for" has one
   * more than "plays for" for "which club does X play for", magnetic_flux_density_unit one more than
   * magnetic_flux_unit for "the unit of magnetic flux".
   */
  unnamed(relation: number, words: readonly string[]): number {
    let miss = 0;
    for (const lw of this.coverWords(relation)) if (!words.some((w) => this.words.similarity(w, lw) >= LABEL_COVER)) miss++;
    return miss;
  }

  private readonly coverMemo = new Map<number, readonly string[]>();

  /** The words `unnamed` counts: the own words, then the type segment's words the own words do not hold. */
  private coverWords(relation: number): readonly string[] {
    let out = this.coverMemo.get(relation);
    if (!out) {
      const own = this.ownWords[relation];
      out = [...own, ...new Set((this.typeWords[relation] ?? []).filter((w) => !own.includes(w)))];
      this.coverMemo.set(relation, out);
    }
    return out;
  }

  private readonly markedMemo = new Map<number, readonly string[]>();

  /**
   * The words a label adds to another label of the graph, all of whose words it has ("previously" in previously played
   * for, beside plays for): what sets the marked relation apart from the plain one.
   */
  marked(relation: number): readonly string[] {
    let out = this.markedMemo.get(relation);
    if (out) return out;
    const own = this.ownWords[relation];
    const mine = own.map(inflectionBase);
    const found = new Set<string>();
    this.ownWords.forEach((other, r) => {
      if (r === relation || other.length === 0 || other.length >= own.length) return;
      const bases = other.map(inflectionBase);
      if (!bases.every((b) => mine.includes(b))) return;
      own.forEach((w, i) => {
        if (!bases.includes(mine[i])) found.add(w);
      });
    });
    out = [...found];
    this.markedMemo.set(relation, out);
    return out;
  }

  /** How many of the relation's marked words (see marked) none of `words` names (similarity ≥ MARK_COVER). */
  unnamedMarked(relation: number, words: readonly string[]): number {
    let miss = 0;
    for (const lw of this.marked(relation)) if (!words.some((w) => this.words.similarity(w, lw) >= MARK_COVER)) miss++;
    return miss;
  }

  /** The best raw similarity of the word over all relations (STEM_MATCH and above: it shares a stem with a label). */
  bestRaw(word: string): number {
    return this.row(word).bestRaw;
  }

  /** The best contrast of the word over all relations: whether it names any relation of the graph at all. */
  bestContrast(word: string): number {
    return this.row(word).bestContrast;
  }

  /** The relation the word names best (by contrast; the first of equals). */
  bestRelation(word: string): number {
    return this.row(word).bestRelation;
  }

  private row(word: string): WordRow {
    const memo = this.memo.get(word);
    if (memo) return memo;
    const n = this.relationWords.length;
    const r = new Float32Array(n * 2);
    const at = new Uint8Array(n);
    let sum = 0;
    for (let k = 0; k < n; k++) {
      let best = 0;
      this.relationWords[k].forEach((lw, i) => {
        let sim = -Infinity;
        for (const f of this.forms.get(lw) ?? [lw]) sim = Math.max(sim, this.words.similarity(word, f));
        if (sim > best) {
          best = sim;
          at[k] = Math.min(i, 255);
        }
      });
      // An abbreviation of the whole label ("PI" for principal_investigator) names it as surely as a shared stem.
      if (isInitialism(word, this.relationWords[k])) best = Math.max(best, STEM_MATCH);
      r[k * 2] = best;
      sum += best;
    }
    const mean = n ? sum / n : 0;
    let bestRaw = -Infinity;
    let bestContrast = -Infinity;
    let bestRelation = -1;
    for (let k = 0; k < n; k++) {
      r[k * 2 + 1] = r[k * 2] - mean;
      bestRaw = Math.max(bestRaw, r[k * 2]);
      if (r[k * 2 + 1] > bestContrast) [bestContrast, bestRelation] = [r[k * 2 + 1], k];
    }
    const row = { sims: r, at, bestRaw, bestContrast, bestRelation };
    if (this.memo.size > 50_000) this.memo.clear();
    this.memo.set(word, row);
    return row;
  }
}
