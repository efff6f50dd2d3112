// The closest-names index: character trigram → the linking keys holding it. Keys are numbered here by rank, in
// order of their number of distinct trigrams (their "size"), then by key: each posting is then sorted by size, and
// the keys of one size are one contiguous run of ranks, found in a posting by binary search. The search
// (qa/stages/closestTrigrams.ts) reads, size by size, only the runs that can hold a key scoring above its bound.
// Built at import and kept in the graph snapshot beside the other name tables.
import { KeyedLists } from './keyedLists.js';

export interface TrigramIndex {
  /** Character trigram → ranks of the keys holding it (each once), ascending. */
  postings: KeyedLists;
  /** Key of each rank. */
  keyOfRank: Int32Array;
  /** Ranks of the keys with s distinct trigrams: sizeStart[s] .. sizeStart[s + 1]. */
  sizeStart: Int32Array;
}

/** Character trigrams of a key, padded with a space at each end (the closest-names measure). */
export function keyTrigrams(s: string): Set<string> {
  const t = ` ${s} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= t.length; i++) out.add(t.slice(i, i + 3));
  return out;
}

/** The index over keys 0 … keyCount − 1: two passes over their trigrams, as the other name tables take. */
export function buildTrigramIndex(keyCount: number, key: (k: number) => string): TrigramIndex {
  const size = new Int32Array(keyCount);
  let keyOfRank = new Int32Array(0);
  let sizeStart = new Int32Array(1);
  const postings = KeyedLists.build((emit, pass) => {
    if (pass === 0) {
      for (let k = 0; k < keyCount; k++) {
        const grams = keyTrigrams(key(k));
        size[k] = grams.size;
        for (const g of grams) emit(g, 0);
      }
      return;
    }
    // Ranks by a counting sort on size (stable: by key within a size), then each posting filled in rank order.
    let maxSize = 0;
    for (let k = 0; k < keyCount; k++) if (size[k] > maxSize) maxSize = size[k];
    sizeStart = new Int32Array(maxSize + 2);
    for (let k = 0; k < keyCount; k++) sizeStart[size[k] + 1]++;
    for (let s = 0; s <= maxSize; s++) sizeStart[s + 1] += sizeStart[s];
    keyOfRank = new Int32Array(keyCount);
    const fill = sizeStart.slice(0, maxSize + 1);
    for (let k = 0; k < keyCount; k++) keyOfRank[fill[size[k]]++] = k;
    for (let r = 0; r < keyCount; r++) for (const g of keyTrigrams(key(keyOfRank[r]))) emit(g, r);
  });
  return { postings, keyOfRank, sizeStart };
}

/** Whether arrays read from a file make a consistent index over `keyCount` keys (so no search reads out of range). */
export function trigramIndexFits(index: TrigramIndex, keyCount: number): boolean {
  const { keyOfRank, sizeStart } = index;
  if (keyOfRank.length !== keyCount || sizeStart.length < 2 || sizeStart[0] !== 0 || sizeStart[sizeStart.length - 1] !== keyCount) return false;
  for (let s = 1; s < sizeStart.length; s++) if (sizeStart[s] < sizeStart[s - 1]) return false;
  const seen = new Uint8Array(keyCount);
  for (let r = 0; r < keyCount; r++) {
    const k = keyOfRank[r];
    if (k < 0 || k >= keyCount || seen[k]) return false;
    seen[k] = 1;
  }
  return index.postings.fits(keyCount);
}

/** Bytes the index holds (its arrays and its trigram text as UTF-16). */
export function trigramIndexBytes(index: TrigramIndex): number {
  const p = index.postings;
  return p.text.length * 2 + p.ends.byteLength + p.table.byteLength + p.start.byteLength + p.items.byteLength + index.keyOfRank.byteLength + index.sizeStart.byteLength;
}
