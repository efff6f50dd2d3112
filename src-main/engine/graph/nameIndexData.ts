// Every graph-wide table the name lookups of a question read, built in one go from the names: for topic linking
// (qa/stages/entityNameIndex.ts) the name keys and their entities, word stems and acronyms → keys, each key's
// IDF weight and the trigram index (trigramIndex.ts) for the closest names of an unknown entity; for the sanitizer
// the scrubbable name keys → entities. Built at import and kept in the graph snapshot, so no question pays for a pass over the
// graph's names; a graph built in memory builds them on first use.
import { acronymsOf, isMediatorName, stemToken, wordNorms } from '../core/nameWords.js';
import { nameKey, scrubbable } from '../core/nameKey.js';
import { HashedLists } from './hashedLists.js';
import { KeyedLists } from './keyedLists.js';
import { hashSpaceless, hashString } from './stringTable.js';
import { buildTrigramIndex, type TrigramIndex } from './trigramIndex.js';

export interface NameIndexData {
  /** Linking keys (folded words joined by a space) → entities carrying the name; mediator names get none. */
  linkKeys: KeyedLists;
  /**
   * Linking keys by their words joined without spaces (at least MIN_COMPACT characters): names a question writes
   * with other word boundaries (qa/stages/compactKeys.ts). Read through compactKeysOf.
   */
  compact: HashedLists;
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
  /** Entities by their sanitizer key (core/nameKey.ts, scrubbable only). Read through scrubEntityOf. */
  scrubKeys: HashedLists;
  /** Words in the longest sanitizer key. */
  maxScrubWords: number;
}

/** Shortest compact form worth matching: shorter ones spell too many things. */
export const MIN_COMPACT = 5;

/** Smoothed inverse document frequency of a stem over `keyCount` keys, `df` of which hold it. */
export function stemIdf(keyCount: number, df: number): number {
  return Math.log((keyCount + 1) / (df + 1)) + 1;
}

export function buildNameIndexData(names: readonly string[]): NameIndexData {
  // Linking words of each name, once (the passes below read them several times).
  const words: (string[] | undefined)[] = names.map((name) => {
    if (isMediatorName(name)) return undefined;
    const w = wordNorms(name);
    return w.length ? w : undefined;
  });
  const linkKeys = KeyedLists.collect((emit) => words.forEach((w, e) => w && emit(w.join(' '), e)));
  const K = linkKeys.size;
  // Words of each key: those of its first entity (the key is made of them).
  const keyWords = (k: number): string[] => words[linkKeys.list(k)[0]]!;
  let maxKeyLength = 0;
  for (let k = 0; k < K; k++) maxKeyLength = Math.max(maxKeyLength, keyWords(k).length);
  const { lists: stems, keys: stemOf, values: keyOf } = KeyedLists.collectPairs((emit) => {
    // Each distinct stem once, in word order; a key has a few words, so a list beats a Set per key.
    const seen: string[] = [];
    for (let k = 0; k < K; k++) {
      seen.length = 0;
      for (const w of keyWords(k)) {
        const s = stemToken(w);
        if (!seen.includes(s)) seen.push(s), emit(s, k);
      }
    }
  });
  // Each key's distinct stems came in its words' order: the weights are summed in that order, stem by stem.
  const keyWeight = new Float64Array(K);
  for (let n = 0; n < stemOf.length; n++) keyWeight[keyOf[n]] += stemIdf(K, stems.start[stemOf[n] + 1] - stems.start[stemOf[n]]);
  const acronyms = KeyedLists.collect((emit) => {
    for (let k = 0; k < K; k++) for (const a of acronymsOf(keyWords(k))) emit(a, k);
  });
  const closest = buildTrigramIndex(K, (k) => linkKeys.key(k));
  // The space-free forms and the sanitizer keys are not stored: items are bucketed by the hash of their string.
  const compact = HashedLists.build(K, (k) => {
    const from = k ? linkKeys.ends[k - 1] : 0;
    const to = linkKeys.ends[k];
    let length = 0;
    for (let i = from; i < to; i++) if (linkKeys.text.charCodeAt(i) !== 32) length++;
    return length >= MIN_COMPACT ? hashSpaceless(linkKeys.text, from, to) : -1;
  });
  let maxScrubWords = 1;
  const scrubKeys = HashedLists.build(names.length, (e) => {
    const key = nameKey(names[e]);
    if (!scrubbable(key)) return -1;
    let n = 1;
    for (let i = 0; i < key.length; i++) if (key.charCodeAt(i) === 32) n++;
    if (n > maxScrubWords) maxScrubWords = n;
    return hashString(key);
  });
  return { linkKeys, compact, stems, acronyms, closest, keyWeight, maxKeyLength, scrubKeys, maxScrubWords };
}

/** Linking keys whose words joined without spaces spell `joined`, in key order; undefined when none does. */
export function compactKeysOf(d: NameIndexData, joined: string): Int32Array | undefined {
  return d.compact.all(joined, (k) => d.linkKeys.key(k).replace(/ /g, '') === joined);
}

/** The first entity (in graph order) whose sanitizer key is `key` and that `accept`s. */
export function scrubEntityOf(d: NameIndexData, names: readonly string[], key: string, accept: (entity: number) => boolean = () => true): number | undefined {
  return d.scrubKeys.find(key, (e) => accept(e) && nameKey(names[e]) === key);
}
