// The closest-names index: character trigram → the linking keys holding it. Keys are numbered here by rank, in
// order of their number of distinct trigrams (their "size"), then by key: each posting is then sorted by size, and
// the keys of one size are one contiguous run of ranks, found in a posting by binary search. The search
// (qa/stages/closestTrigrams.ts) reads, size by size, only the runs that can hold a key scoring above its bound.
// Built at import and kept in the graph snapshot beside the other name tables.
import { grownInt32 } from './intColumn.js';
import { KeyedLists } from './keyedLists.js';
import { buildKeyTable } from './stringTable.js';

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

/**
 * The index over keys 0 … keyCount − 1. The same lists as KeyedLists.build over keyTrigrams (trigrams numbered first
 * seen first, each posting in rank order), but a trigram is three UTF-16 units packed into two integers and numbered
 * through an integer hash table: at 10M triples the 3.4M keys hold ~50M trigrams, and a sliced string and a Map
 * lookup for each, twice, took most of the name tables' build.
 */
export function buildTrigramIndex(keyCount: number, key: (k: number) => string): TrigramIndex {
  const codes = new TrigramCodes();
  const { size, counts } = countGrams(codes, keyCount, key);
  // Ranks by a counting sort on size (stable: by key within a size), then each posting filled in rank order.
  let maxSize = 0;
  for (let k = 0; k < keyCount; k++) if (size[k] > maxSize) maxSize = size[k];
  const sizeStart = new Int32Array(maxSize + 2);
  for (let k = 0; k < keyCount; k++) sizeStart[size[k] + 1]++;
  for (let s = 0; s <= maxSize; s++) sizeStart[s + 1] += sizeStart[s];
  const keyOfRank = new Int32Array(keyCount);
  const rankFill = sizeStart.slice(0, maxSize + 1);
  for (let k = 0; k < keyCount; k++) keyOfRank[rankFill[size[k]]++] = k;
  const G = codes.count;
  const start = new Int32Array(G + 1);
  for (let g = 0; g < G; g++) start[g + 1] = start[g] + counts[g];
  const items = fillPostings(codes, keyCount, (r) => key(keyOfRank[r]), start);
  const grams = codes.strings();
  const ends = new Int32Array(G);
  for (let g = 0; g < G; g++) ends[g] = (g + 1) * 3;
  const postings = new KeyedLists(grams.join(''), ends, buildKeyTable(G, (g) => grams[g]), start, items);
  return { postings, keyOfRank, sizeStart };
}

/** Pass 0: numbers the trigrams first seen first; each key's distinct trigrams and each trigram's keys, counted. */
function countGrams(codes: TrigramCodes, keyCount: number, key: (k: number) => string): { size: Int32Array; counts: Int32Array } {
  const size = new Int32Array(keyCount);
  let counts = new Int32Array(1024);
  let stamp = new Int32Array(1024);
  for (let k = 0; k < keyCount; k++) {
    const n = codes.read(key(k));
    const grams = codes.grams;
    if (codes.count > counts.length) (counts = grownInt32(counts, codes.count)), (stamp = grownInt32(stamp, codes.count));
    let distinct = 0;
    for (let i = 0; i < n; i++) {
      const g = grams[i];
      if (stamp[g] === k + 1) continue;
      stamp[g] = k + 1;
      counts[g]++;
      distinct++;
    }
    size[k] = distinct;
  }
  return { size, counts };
}

/** Pass 1: each trigram's list of the ranks holding it, in rank order. */
function fillPostings(codes: TrigramCodes, keyCount: number, keyOfRank: (r: number) => string, start: Int32Array): Int32Array {
  const G = codes.count;
  const fill = start.slice(0, G);
  const stamp = new Int32Array(G);
  const items = new Int32Array(start[G]);
  for (let r = 0; r < keyCount; r++) {
    const n = codes.read(keyOfRank(r));
    const grams = codes.grams;
    for (let i = 0; i < n; i++) {
      const g = grams[i];
      if (stamp[g] === r + 1) continue;
      stamp[g] = r + 1;
      items[fill[g]++] = r;
    }
  }
  return items;
}

/** Trigram numbers by code: an open-addressing table over (first unit, second and third units) pairs. */
class TrigramCodes {
  private hi = new Int32Array(1 << 12);
  private lo = new Int32Array(1 << 12);
  /** Slot → trigram number + 1 (0 = empty). */
  private slots = new Int32Array(1 << 12);
  count = 0;

  /** Trigram numbers of the padded key, in order (repeats included), in grams[0 … returned count). */
  grams = new Int32Array(64);

  read(s: string): number {
    if (s.length + 1 > this.grams.length) this.grams = new Int32Array(2 * (s.length + 1));
    // ` ${s} `: a space before the first unit and after the last.
    let a = 32;
    let b = s.length ? s.charCodeAt(0) : 32;
    for (let j = 1; j <= s.length; j++) {
      const c = j < s.length ? s.charCodeAt(j) : 32;
      this.grams[j - 1] = this.number(a, (b << 16) | c);
      a = b;
      b = c;
    }
    return s.length;
  }

  /** Trigrams of three ASCII units (most of them), numbered + 1 by their 21-bit code without hashing. */
  private readonly ascii = new Int32Array(1 << 21);

  private number(hi: number, lo: number): number {
    const ascii = (hi | (lo >>> 16) | (lo & 0xffff)) < 128;
    const code = ascii ? (hi << 14) | ((lo >>> 16) << 7) | (lo & 0x7f) : 0;
    if (ascii && this.ascii[code] !== 0) return this.ascii[code] - 1;
    let mask = this.slots.length - 1;
    let slot = mix(hi, lo);
    for (slot &= mask; ; slot = (slot + 1) & mask) {
      const at = this.slots[slot];
      if (at === 0) break;
      if (this.hi[at - 1] === hi && this.lo[at - 1] === lo) return at - 1;
    }
    const g = this.count++;
    if (g >= this.hi.length) (this.hi = grownInt32(this.hi)), (this.lo = grownInt32(this.lo));
    this.hi[g] = hi;
    this.lo[g] = lo;
    if (this.count * 2 > this.slots.length) {
      this.rehash();
      mask = this.slots.length - 1;
      slot = mix(hi, lo);
      for (slot &= mask; this.slots[slot] !== 0; slot = (slot + 1) & mask);
    }
    this.slots[slot] = g + 1;
    if (ascii) this.ascii[code] = g + 1;
    return g;
  }

  private rehash(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    const mask = this.slots.length - 1;
    for (let g = 0; g < this.count - 1; g++) {
      let slot = mix(this.hi[g], this.lo[g]) & mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
      this.slots[slot] = g + 1;
    }
  }

  strings(): string[] {
    return Array.from({ length: this.count }, (_, g) => String.fromCharCode(this.hi[g], this.lo[g] >>> 16, this.lo[g] & 0xffff));
  }
}

/** A slot hash of a trigram's two halves; the final shift brings the high bits (the middle unit) into the low ones. */
function mix(hi: number, lo: number): number {
  const h = Math.imul(hi ^ Math.imul(lo, 0x9e3779b1), 0x85ebca6b);
  return (h ^ (h >>> 15)) >>> 0;
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
