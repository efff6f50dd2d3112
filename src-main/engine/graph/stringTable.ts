// A string → index lookup stored as one Int32Array (open addressing over FNV-1a hashes): it is built once at
// import, written into the graph snapshot, and read back without work, where a Map of millions of ids took
// seconds to rebuild in every process. Lookups compare the candidate with the strings themselves.

/** FNV-1a over UTF-16 code units (32-bit). */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * hashString of s[from, to) with its spaces left out, without building that string: the hash of a linking key's
 * space-free form (nameIndexData.ts).
 */
export function hashSpaceless(s: string, from = 0, to = s.length): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c === 32) continue;
    h ^= c;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Slots for `count` keys: a power of two at least twice the count (probe chains stay short). */
export function tableSlots(count: number): number {
  let size = 8;
  while (size < count * 2) size *= 2;
  return size;
}

/** Slot holds index + 1 (0 = empty). A repeated string maps to its LAST index, as Map.set would. */
export function buildStringTable(strings: readonly string[]): Int32Array {
  return buildKeyTable(strings.length, (i) => strings[i]);
}

/** buildStringTable over `count` strings given by `keyAt` (strings kept in one blob, sliced on demand). */
export function buildKeyTable(count: number, keyAt: (i: number) => string): Int32Array {
  const table = new Int32Array(tableSlots(count));
  const mask = table.length - 1;
  for (let i = 0; i < count; i++) {
    const key = keyAt(i);
    let slot = hashString(key) & mask;
    for (;;) {
      const at = table[slot];
      if (at === 0 || keyAt(at - 1) === key) {
        table[slot] = i + 1;
        break;
      }
      slot = (slot + 1) & mask;
    }
  }
  return table;
}

/** Index of `key` in `strings`, through a table built by buildStringTable over the same strings. */
export function findString(table: Int32Array, strings: readonly string[], key: string): number | undefined {
  const mask = table.length - 1;
  let slot = hashString(key) & mask;
  for (;;) {
    const at = table[slot];
    if (at === 0) return undefined;
    if (strings[at - 1] === key) return at - 1;
    slot = (slot + 1) & mask;
  }
}

/** findString over strings given by `keyAt`. */
export function findKey(table: Int32Array, keyAt: (i: number) => string, key: string): number | undefined {
  const mask = table.length - 1;
  let slot = hashString(key) & mask;
  for (;;) {
    const at = table[slot];
    if (at === 0) return undefined;
    if (keyAt(at - 1) === key) return at - 1;
    slot = (slot + 1) & mask;
  }
}

/** Whether a table read from disk has the shape its strings need (power-of-two size, indexes in range). */
export function tableFits(table: Int32Array, count: number): boolean {
  if (table.length < 8 || (table.length & (table.length - 1)) !== 0 || table.length < count) return false;
  for (let i = 0; i < table.length; i++) if (table[i] < 0 || table[i] > count) return false;
  return true;
}
