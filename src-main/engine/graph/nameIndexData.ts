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
  const steps = nameIndexSteps(names);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * buildNameIndexData, awaiting `pause` between its stages (a few seconds each at 3.4M names): an import builds the
 * tables while the database loads in another process, and its cancel is heard between stages.
 */
export async function buildNameIndexDataPausing(names: readonly string[], pause: () => Promise<void>): Promise<NameIndexData> {
  const steps = nameIndexSteps(names);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pause();
  }
}

/** The build, stage by stage: it yields after each. */
function* nameIndexSteps(names: readonly string[]): Generator<void, NameIndexData> {
  // A key is its words joined by spaces, read back by splitting it: no word list per name stays alive (at 3.4M
  // names those lists were most of the build's garbage-collection time). Only a folded word that holds a space
  // itself (a few compatibility characters, never ASCII) keeps its name's list.
  const spaced = new Map<number, string[]>();
  const linkKeys = KeyedLists.collect((emit) => {
    for (let e = 0; e < names.length; e++) {
      const name = names[e];
      if (isMediatorName(name)) continue;
      const w = wordNorms(name);
      if (!w.length) continue;
      const key = w.join(' ');
      if (w.some((x) => x.includes(' '))) spaced.set(e, w);
      emit(key, e);
    }
  });
  yield;
  const K = linkKeys.size;
  // Words of each key: those of its first entity (the key is made of them).
  const keyWords = (k: number): string[] => (spaced.size ? spaced.get(linkKeys.list(k)[0]) : undefined) ?? linkKeys.key(k).split(' ');
  // One pass over the keys' words makes the stems and the acronyms (both collected as they come) and the longest key.
  let maxKeyLength = 0;
  let stemPairs!: ReturnType<typeof KeyedLists.collectPairs>;
  const acronyms = KeyedLists.collect((emitAcronym) => {
    stemPairs = KeyedLists.collectPairs((emitStem) => {
      // Each distinct stem once, in word order; a key has a few words, so a list beats a Set per key.
      const seen: string[] = [];
      for (let k = 0; k < K; k++) {
        const words = keyWords(k);
        if (words.length > maxKeyLength) maxKeyLength = words.length;
        seen.length = 0;
        for (const w of words) {
          const s = stemToken(w);
          if (!seen.includes(s)) seen.push(s), emitStem(s, k);
        }
        for (const a of acronymsOf(words)) emitAcronym(a, k);
      }
    });
  });
  yield;
  const { lists: stems, keys: stemOf, values: keyOf } = stemPairs;
  // Each key's distinct stems came in its words' order: the weights are summed in that order, stem by stem.
  const keyWeight = new Float64Array(K);
  for (let n = 0; n < stemOf.length; n++) keyWeight[keyOf[n]] += stemIdf(K, stems.start[stemOf[n] + 1] - stems.start[stemOf[n]]);
  yield;
  const closest = buildTrigramIndex(K, (k) => linkKeys.key(k));
  yield;
  // The space-free forms and the sanitizer keys are not stored: items are bucketed by the hash of their string.
  const compact = HashedLists.build(K, (k) => {
    const from = k ? linkKeys.ends[k - 1] : 0;
    const to = linkKeys.ends[k];
    let length = 0;
    for (let i = from; i < to; i++) if (linkKeys.text.charCodeAt(i) !== 32) length++;
    return length >= MIN_COMPACT ? hashSpaceless(linkKeys.text, from, to) : -1;
  });
  yield;
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
