// String keys, each with a list of integers (a name key → its entities, a word → the keys holding it), stored as
// flat arrays: the keys as one string sliced on demand, a hash table (stringTable.ts) and a CSR of the lists. Built
// once at import, written into the graph snapshot and read back as views: no Map of millions of keys per process.
import { grownInt32 } from './intColumn.js';
import { buildKeyTable, findKey, hashString, tableFits, tableSlots } from './stringTable.js';

export class KeyedLists {
  constructor(
    /** Every key, concatenated; key k ends at ends[k] (UTF-16 units). */
    readonly text: string,
    readonly ends: Int32Array,
    readonly table: Int32Array,
    /** List of key k: items[start[k] .. start[k+1]). */
    readonly start: Int32Array,
    readonly items: Int32Array,
  ) {}

  get size(): number {
    return this.ends.length;
  }

  key(k: number): string {
    return this.text.slice(k === 0 ? 0 : this.ends[k - 1], this.ends[k]);
  }

  /** Index of the key, if present. */
  find(key: string): number | undefined {
    return findKey(this.table, (k) => this.key(k), key);
  }

  list(k: number): Int32Array {
    return this.items.subarray(this.start[k], this.start[k + 1]);
  }

  /** The key's list, if the key is present. */
  get(key: string): Int32Array | undefined {
    const k = this.find(key);
    return k === undefined ? undefined : this.list(k);
  }

  /**
   * Two passes over the same (key, value) pairs: the first numbers the keys (first seen first) and counts, the
   * second fills the lists, each in the order its values came. The caller emits each pair once per pass; the
   * values of the first pass are not read, so a caller may settle them (and the order) between the two.
   */
  static build(visit: (emit: (key: string, value: number) => void, pass: 0 | 1) => void): KeyedLists {
    const keying = new Keying();
    visit((key) => keying.count(key), 0);
    const { start, fill } = keying.lists();
    const items = new Int32Array(start[keying.keys.length]);
    visit((key, value) => {
      items[fill[keying.find(key)]++] = value;
    }, 1);
    return keying.finish(start, items);
  }

  /**
   * One pass over (key, value) pairs whose values are final as they come: the same lists as `build` (keys numbered
   * first seen first, each list in the order its values came), with each key computed and hashed once, not twice.
   */
  static collect(visit: (emit: (key: string, value: number) => void) => void): KeyedLists {
    return KeyedLists.collectPairs(visit).lists;
  }

  /** `collect`, with the pairs as they came: each pair's key number and value, in emit order. */
  static collectPairs(visit: (emit: (key: string, value: number) => void) => void): { lists: KeyedLists; keys: Int32Array; values: Int32Array } {
    const keying = new Keying();
    let keyOf = new Int32Array(1024);
    let valueOf = new Int32Array(1024);
    let n = 0;
    visit((key, value) => {
      if (n >= keyOf.length) (keyOf = grownInt32(keyOf)), (valueOf = grownInt32(valueOf));
      keyOf[n] = keying.count(key);
      valueOf[n++] = value;
    });
    const { start, fill } = keying.lists();
    const items = new Int32Array(start[keying.keys.length]);
    for (let i = 0; i < n; i++) items[fill[keyOf[i]]++] = valueOf[i];
    return { lists: keying.finish(start, items), keys: keyOf.subarray(0, n), values: valueOf.subarray(0, n) };
  }

  /** Whether arrays read from a file make a consistent index whose values lie below `valueLimit`. */
  fits(valueLimit: number): boolean {
    const K = this.size;
    if (this.start.length !== K + 1 || this.start[0] !== 0 || this.start[K] !== this.items.length) return false;
    for (let k = 0; k < K; k++) if (this.start[k + 1] < this.start[k] || this.ends[k] < (k ? this.ends[k - 1] : 0)) return false;
    if (K > 0 && this.ends[K - 1] !== this.text.length) return false;
    for (let i = 0; i < this.items.length; i++) if (this.items[i] < 0 || this.items[i] >= valueLimit) return false;
    return tableFits(this.table, K);
  }
}

/**
 * Numbers keys first seen first and counts their values; then lays out the lists and the key table. The keys are
 * found through an open-addressing table of integers (the layout stringTable.ts reads), not a Map: at 3.4M name
 * keys a Map's entries were most of the build's garbage-collection time, and the table is the index's own.
 */
class Keying {
  readonly keys: string[] = [];
  private counts = new Int32Array(1024);
  /** Each key's hash, to re-slot the keys when the table grows. */
  private hashes = new Int32Array(1024);
  /** Slot → key number + 1 (0 = empty), at most half full. */
  private table = new Int32Array(1024);

  /** Counts one value of `key`; returns the key's number. */
  count(key: string): number {
    const hash = hashString(key);
    const mask = this.table.length - 1;
    let slot = hash & mask;
    for (;;) {
      const at = this.table[slot];
      if (at === 0) break;
      // The stored hash first: a probe past another key then never reads that key's string (a cache miss each).
      if (this.hashes[at - 1] === (hash | 0) && this.keys[at - 1] === key) {
        this.counts[at - 1]++;
        return at - 1;
      }
      slot = (slot + 1) & mask;
    }
    const k = this.keys.push(key) - 1;
    if (k >= this.counts.length) (this.counts = grownInt32(this.counts)), (this.hashes = grownInt32(this.hashes));
    this.counts[k] = 1;
    this.hashes[k] = hash;
    this.table[slot] = k + 1;
    if (this.keys.length * 2 > this.table.length) this.grow();
    return k;
  }

  /** The number of a key already counted. */
  find(key: string): number {
    return findKey(this.table, (k) => this.keys[k], key)!;
  }

  private grow(): void {
    const table = new Int32Array(this.table.length * 2);
    const mask = table.length - 1;
    for (let k = 0; k < this.keys.length; k++) {
      let slot = this.hashes[k] & mask;
      while (table[slot] !== 0) slot = (slot + 1) & mask;
      table[slot] = k + 1;
    }
    this.table = table;
  }

  /** List starts (CSR) and a copy of them to fill from. */
  lists(): { start: Int32Array; fill: Int32Array } {
    const K = this.keys.length;
    const start = new Int32Array(K + 1);
    for (let k = 0; k < K; k++) start[k + 1] = start[k] + this.counts[k];
    return { start, fill: start.slice(0, K) };
  }

  finish(start: Int32Array, items: Int32Array): KeyedLists {
    const { keys } = this;
    const ends = new Int32Array(keys.length);
    let at = 0;
    for (let k = 0; k < keys.length; k++) ends[k] = at += keys[k].length;
    // Keys went in by number, so the table is the one buildKeyTable lays out at this size; a few keys get
    // buildKeyTable's smaller size.
    const table = this.table.length === tableSlots(keys.length) ? this.table : buildKeyTable(keys.length, (k) => keys[k]);
    return new KeyedLists(keys.join(''), ends, table, start, items);
  }
}
