// The closest names of an unknown entity: keys sharing character trigrams with a text, scored by shared trigrams
// over √(key's × text's). With a limit, an exact top-k by a MaxScore bound: postings are read rarest first, and once
// no key seen only in the remaining (common) postings could still enter the top, those postings are only probed for
// the keys already seen that can still reach it. The ranking is the full one's head, ties included.
import { keyTrigrams } from '../../graph/nameIndexData.js';
import type { KeyedLists } from '../../graph/keyedLists.js';

const NONE = new Int32Array(0);

/**
 * Keys sharing trigrams with `text`, best first (ties by key), the first `limit` of them. `hits` is a zeroed counter
 * per key, reused across calls (only the keys touched are read, and they are reset before returning).
 */
export function closestByTrigrams(
  postings: KeyedLists,
  keyGrams: Int32Array,
  hits: Int32Array,
  text: string,
  limit = Infinity,
): [number, number][] {
  const query = keyTrigrams(text);
  const Q = query.size;
  // Rarest postings first: they hold the few keys worth scoring; the common ones mostly add noise.
  const grams = [...query].map((g) => ({ g, keys: postings.get(g) ?? NONE })).filter((p) => p.keys.length > 0);
  grams.sort((x, y) => x.keys.length - y.keys.length);
  const touched: number[] = [];
  const score = (k: number, h: number): number => h / Math.sqrt(keyGrams[k] * Q);
  let read = 0;
  let floor = -1;
  while (read < grams.length) {
    for (const k of grams[read++].keys) if (hits[k]++ === 0) touched.push(k);
    const left = grams.length - read;
    if (left === 0 || touched.length < limit) continue;
    // A key not yet seen gets at most min(left, g) of its g trigrams: score ≤ √(left/Q). The margin keeps the
    // cut safe against rounding, so float ties are never cut.
    floor = kthLargest(touched, limit, (k) => score(k, hits[k]));
    if (Math.sqrt(left / Q) * (1 + 1e-9) < floor) break;
    floor = -1;
  }
  let keys = touched;
  if (floor >= 0) {
    // Only keys already seen can still make the top. Those that cannot reach the floor even with every trigram left
    // are dropped (counter zeroed); the rest finish their counts posting by posting, by binary search in a long
    // posting, or by a pass over it when it is short next to them (a zero counter marks a key out of the race).
    let left = grams.length - read;
    const reachable = (k: number): boolean => {
      const h = hits[k];
      if (score(k, h + Math.min(left, keyGrams[k] - h)) * (1 + 1e-9) >= floor) return true;
      hits[k] = 0;
      return false;
    };
    keys = touched.filter(reachable);
    for (; read < grams.length; read++) {
      const posting = grams[read].keys;
      if (keys.length * Math.log2(posting.length + 1) < posting.length) {
        for (const k of keys) if (holds(posting, k)) hits[k]++;
      } else for (const k of posting) if (hits[k] > 0) hits[k]++;
      left--;
      floor = Math.max(floor, kthLargest(keys, limit, (k) => score(k, hits[k])));
      keys = keys.filter(reachable);
    }
  }
  const scored: [number, number][] = [];
  for (const k of keys) {
    scored.push([k, score(k, hits[k])]);
    hits[k] = 0;
  }
  scored.sort((x, y) => y[1] - x[1] || x[0] - y[0]);
  return scored.length > limit ? scored.slice(0, limit) : scored;
}

/** The n-th largest value over the items (n ≥ 1, at most items.length), by a small sorted buffer. */
function kthLargest(items: readonly number[], n: number, value: (item: number) => number): number {
  const top: number[] = [];
  for (const item of items) {
    const v = value(item);
    if (top.length === n && v <= top[n - 1]) continue;
    let i = top.length === n ? n - 1 : top.length;
    while (i > 0 && top[i - 1] < v) {
      top[i] = top[i - 1];
      i--;
    }
    top[i] = v;
  }
  return top[n - 1];
}

/** Whether the ascending posting holds key k. */
function holds(posting: Int32Array, k: number): boolean {
  let lo = 0;
  let hi = posting.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (posting[mid] < k) lo = mid + 1;
    else hi = mid;
  }
  return lo < posting.length && posting[lo] === k;
}
