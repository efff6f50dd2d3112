// Integers grouped by the hash of a string derived from each (a linking key's space-free form, an entity's sanitizer
// key), as a CSR over hash buckets. The strings are never stored: a lookup derives them again for the few candidates
// of one bucket. Built at import in one pass without a Map of millions of strings (two such Maps were a third of
// a 10M-triple graph's name tables), and written into the graph snapshot as two arrays.
import { hashString } from './stringTable.js';

export class HashedLists {
  constructor(
    /** Bucket b holds items[start[b] .. start[b+1]); the bucket count is a power of two. */
    readonly start: Int32Array,
    readonly items: Int32Array,
  ) {}

  /**
   * Every i below `count` whose `hashOf(i)` is a hash (uint32; -1 leaves i out), in the bucket of its hash, each
   * bucket in ascending order.
   */
  static build(count: number, hashOf: (i: number) => number): HashedLists {
    const hashes = new Uint32Array(count);
    const kept = new Uint8Array(count);
    let n = 0;
    for (let i = 0; i < count; i++) {
      const h = hashOf(i);
      if (h < 0) continue;
      hashes[i] = h;
      kept[i] = 1;
      n++;
    }
    // About one item a bucket: a lookup derives one or two strings.
    let buckets = 8;
    while (buckets < n) buckets *= 2;
    const mask = buckets - 1;
    const start = new Int32Array(buckets + 1);
    for (let i = 0; i < count; i++) if (kept[i]) start[(hashes[i] & mask) + 1]++;
    for (let b = 0; b < buckets; b++) start[b + 1] += start[b];
    const fill = start.slice(0, buckets);
    const items = new Int32Array(n);
    for (let i = 0; i < count; i++) if (kept[i]) items[fill[hashes[i] & mask]++] = i;
    return new HashedLists(start, items);
  }

  /** Candidates whose derived string hashes like `key` (hashString), ascending: a superset of the matches. */
  bucket(key: string): Int32Array {
    const b = hashString(key) & (this.start.length - 2);
    return this.items.subarray(this.start[b], this.start[b + 1]);
  }

  /** The first candidate of `key` that `matches`, in ascending order. */
  find(key: string, matches: (i: number) => boolean): number | undefined {
    for (const i of this.bucket(key)) if (matches(i)) return i;
    return undefined;
  }

  /** Every candidate of `key` that `matches`, ascending; undefined when none does. */
  all(key: string, matches: (i: number) => boolean): Int32Array | undefined {
    const out = this.bucket(key).filter(matches);
    return out.length ? out : undefined;
  }

  /** Whether arrays read from a file make a consistent table whose items lie below `valueLimit`. */
  fits(valueLimit: number): boolean {
    const buckets = this.start.length - 1;
    if (buckets < 8 || (buckets & (buckets - 1)) !== 0 || this.start[0] !== 0 || this.start[buckets] !== this.items.length) return false;
    for (let b = 0; b < buckets; b++) if (this.start[b + 1] < this.start[b]) return false;
    for (let i = 0; i < this.items.length; i++) if (this.items[i] < 0 || this.items[i] >= valueLimit) return false;
    return true;
  }
}
