// Name lookup for topic entity recognition, built once per graph: exact token-sequence keys (so "Chris O'Donnell",
// "chris o’donnell" and "chris_o_donnell" meet), an inverted index token → names for fuzzy matching, and token
// document frequencies over the names (how much a matching word says about which entity is meant). Mediator
// nodes (Freebase CVT ids such as `m.0abc12`, which stand for no name) get no key: text never names them.
import type { MemoryGraph } from '../../graph/memoryGraph.js';
import { acronymsOf } from './mentionVariants.js';

const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const COMBINING_MARKS = /[\u0300-\u036f]/g;

/** A word of a text with its character span; `norm` is case- and diacritic-folded, `raw` as written. */
export interface WordSpan {
  norm: string;
  raw: string;
  start: number;
  end: number;
}

/**
 * Words of a question or name with their spans. Everything but letters and digits separates words (`_`, `-`,
 * apostrophes, dots), and the possessive "s" after an apostrophe is dropped, on both sides of the match alike.
 */
export function wordSpans(text: string): WordSpan[] {
  const out: WordSpan[] = [];
  for (const m of text.matchAll(WORD)) {
    const raw = m[0];
    const start = m.index ?? 0;
    if ((raw === 's' || raw === 'S') && start > 0 && /['’`´]/.test(text[start - 1])) continue;
    const norm = raw.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase();
    if (norm) out.push({ norm, raw, start, end: start + raw.length });
  }
  return out;
}

/** A Freebase-style machine id in place of a name (`m.0abc12`, `g.11bc…`): a mediator node, never a mention. */
export function isMediatorName(name: string): boolean {
  return /^[mg]\.[0-9a-z_]+$/.test(name.trim());
}

/** Light plural folding for fuzzy matching ("dinosaur" ↔ "dinosaurs"); exact keys never use it. */
export function stemToken(t: string): string {
  if (t.length > 4 && t.endsWith('ies')) return `${t.slice(0, -3)}y`;
  if (t.length > 3 && t.endsWith('s') && !t.endsWith('ss') && !t.endsWith('us')) return t.slice(0, -1);
  return t;
}

export class EntityNameIndex {
  /** Distinct name keys (folded words joined by a space) and the entities carrying each. */
  readonly keys: string[] = [];
  readonly keyEntities: number[][] = [];
  /** Folded words of each key, and their stems (for fuzzy matching). */
  readonly keyTokens: string[][] = [];
  /** Sum of the IDF of a key's distinct stems: the weight a full fuzzy match must reach. */
  readonly keyWeight: Float64Array;
  /** Longest key, in words: the longest span worth looking up. */
  readonly maxKeyLength: number;
  private readonly keyIndex = new Map<string, number>();
  /** stem → keys containing it (each key once). */
  private readonly postings = new Map<string, number[]>();
  /** acronym → multi-word keys it abbreviates; built on first use. */
  private acronyms?: Map<string, number[]>;

  private constructor(readonly graph: MemoryGraph) {
    let maxLen = 0;
    const { names } = graph;
    for (let e = 0; e < names.length; e++) {
      if (isMediatorName(names[e])) continue;
      const words = wordSpans(names[e]).map((w) => w.norm);
      if (words.length === 0) continue;
      const key = words.join(' ');
      let k = this.keyIndex.get(key);
      if (k === undefined) {
        k = this.keys.length;
        this.keys.push(key);
        this.keyEntities.push([e]);
        this.keyTokens.push(words);
        this.keyIndex.set(key, k);
        if (words.length > maxLen) maxLen = words.length;
        for (const s of new Set(words.map(stemToken))) {
          const list = this.postings.get(s);
          if (list) list.push(k);
          else this.postings.set(s, [k]);
        }
      } else this.keyEntities[k].push(e);
    }
    this.maxKeyLength = maxLen;
    this.keyWeight = new Float64Array(this.keys.length);
    for (let k = 0; k < this.keys.length; k++) {
      let w = 0;
      for (const s of new Set(this.keyTokens[k].map(stemToken))) w += this.idf(s);
      this.keyWeight[k] = w;
    }
  }

  static build(graph: MemoryGraph): EntityNameIndex {
    return new EntityNameIndex(graph);
  }

  get keyCount(): number {
    return this.keys.length;
  }

  /** Key id of an exact word sequence, if some entity is named so. */
  lookup(words: readonly string[]): number | undefined {
    return this.keyIndex.get(words.join(' '));
  }

  /** Number of distinct names containing the (stemmed) word. */
  documentFrequency(word: string): number {
    return this.postings.get(stemToken(word))?.length ?? 0;
  }

  /** Smoothed inverse document frequency of a word over the names (unseen words weigh the most). */
  idf(word: string): number {
    return Math.log((this.keys.length + 1) / (this.documentFrequency(word) + 1)) + 1;
  }

  /** Multi-word keys whose initials spell the folded word ("esrb" → "entertainment software rating board"). */
  keysAbbreviatedAs(word: string): readonly number[] {
    if (!this.acronyms) {
      const map = new Map<string, number[]>();
      for (let k = 0; k < this.keys.length; k++)
        for (const a of new Set(acronymsOf(this.keyTokens[k]))) {
          const list = map.get(a);
          if (list) list.push(k);
          else map.set(a, [k]);
        }
      this.acronyms = map;
    }
    return this.acronyms.get(word) ?? [];
  }

  /** Keys containing the (stemmed) word. */
  keysWith(word: string): readonly number[] {
    return this.postings.get(stemToken(word)) ?? [];
  }
}
