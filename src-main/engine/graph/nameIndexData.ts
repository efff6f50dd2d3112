// Every graph-wide table the name lookups of a question read, built in one go from the names: for topic linking
// (qa/stages/entityNameIndex.ts) the name keys and their entities, word stems and acronyms → keys, each key's
// IDF weight and the trigram index (trigramIndex.ts) for the closest names of an unknown entity; for the sanitizer
// the scrubbable name keys → entities. Built at import and kept in the graph snapshot, so no question pays for a pass over the
// graph's names; a graph built in memory builds them on first use.
import { acronymsOf, isMediatorName, stemToken, wordSpans } from '../core/nameWords.js';
import { nameKey, scrubbable } from '../core/nameKey.js';
import { KeyedLists } from './keyedLists.js';
import { buildTrigramIndex, type TrigramIndex } from './trigramIndex.js';

export interface NameIndexData {
  /** Linking keys (folded words joined by a space) → entities carrying the name; mediator names get none. */
  linkKeys: KeyedLists;
  /**
   * A linking key's words joined without spaces (at least MIN_COMPACT characters) → the keys spelling it, in key
   * order: names a question writes with other word boundaries (qa/stages/compactKeys.ts).
   */
  compact: KeyedLists;
  /** Word stem → linking keys holding it (each key once). */
  stems: KeyedLists;
  /** Acronym → multi-word linking keys it abbreviates. */
  acronyms: KeyedLists;
  /** Character trigram → linking keys holding it, ordered by size (trigramIndex.ts). */
  closest: TrigramIndex;
  /** Sum of the IDF of a key's distinct stems: the weight a full fuzzy match must reach. */
  keyWeight: Float64Array;
  /** Longest linking key, in words. */
  maxKeyLength: number;
  /** Sanitizer keys (core/nameKey.ts, scrubbable only) → entities. */
  scrubKeys: KeyedLists;
  /** Words in the longest sanitizer key. */
  maxScrubWords: number;
}

/** Smoothed inverse document frequency of a stem over `keyCount` keys, `df` of which hold it. */
/** Shortest compact form worth matching: shorter ones spell too many things. */
export const MIN_COMPACT = 5;

export function stemIdf(keyCount: number, df: number): number {
  return Math.log((keyCount + 1) / (df + 1)) + 1;
}

export function buildNameIndexData(names: readonly string[]): NameIndexData {
  // Linking words of each name, once (the passes below read them several times).
  const words: (string[] | undefined)[] = names.map((name) => {
    if (isMediatorName(name)) return undefined;
    const w = wordSpans(name).map((x) => x.norm);
    return w.length ? w : undefined;
  });
  const linkKeys = KeyedLists.collect((emit) => words.forEach((w, e) => w && emit(w.join(' '), e)));
  const K = linkKeys.size;
  // Words of each key: those of its first entity (the key is made of them).
  const keyWords = (k: number): string[] => words[linkKeys.list(k)[0]]!;
  let maxKeyLength = 0;
  for (let k = 0; k < K; k++) maxKeyLength = Math.max(maxKeyLength, keyWords(k).length);
  const stems = KeyedLists.collect((emit) => {
    for (let k = 0; k < K; k++) for (const s of new Set(keyWords(k).map(stemToken))) emit(s, k);
  });
  const keyWeight = new Float64Array(K);
  for (let k = 0; k < K; k++) {
    let w = 0;
    for (const s of new Set(keyWords(k).map(stemToken))) {
      // As the linker's idf(word) reads it: the word is stemmed on lookup (stems are stable under stemming).
      const i = stems.find(stemToken(s))!;
      w += stemIdf(K, stems.start[i + 1] - stems.start[i]);
    }
    keyWeight[k] = w;
  }
  const acronyms = KeyedLists.collect((emit) => {
    for (let k = 0; k < K; k++) for (const a of new Set(acronymsOf(keyWords(k)))) emit(a, k);
  });
  const closest = buildTrigramIndex(K, (k) => linkKeys.key(k));
  const compact = KeyedLists.collect((emit) => {
    for (let k = 0; k < K; k++) {
      const c = linkKeys.key(k).replace(/ /g, '');
      if (c.length >= MIN_COMPACT) emit(c, k);
    }
  });
  const scrubKeys = KeyedLists.collect((emit) =>
    names.forEach((name, e) => {
      const key = nameKey(name);
      if (scrubbable(key)) emit(key, e);
    }),
  );
  let maxScrubWords = 1;
  for (let k = 0; k < scrubKeys.size; k++) {
    const key = scrubKeys.key(k);
    let n = 1;
    for (let i = 0; i < key.length; i++) if (key.charCodeAt(i) === 32) n++;
    if (n > maxScrubWords) maxScrubWords = n;
  }
  return { linkKeys, compact, stems, acronyms, closest, keyWeight, maxKeyLength, scrubKeys, maxScrubWords };
}
