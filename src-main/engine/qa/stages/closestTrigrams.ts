// The closest names of an unknown entity: keys sharing character trigrams with a text, scored by shared trigrams
// over √(key's × text's). With a limit, an exact top-k by a MaxScore bound: postings are read rarest first, and once
// no key seen only in the remaining (common) postings could still enter the top, those postings are not read; the
// keys already seen finish their counts from their own trigrams. The ranking is the full one's head, ties included.
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
  keyText: (k: number) => string,
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
  const scored: [number, number][] = [];
  if (floor < 0) {
    for (const k of touched) {
      scored.push([k, score(k, hits[k])]);
      hits[k] = 0;
    }
  } else {
    // Only keys already seen can still make the top: finish their counts from their own trigrams.
    const rest = new Set(grams.slice(read).map((p) => p.g));
    const left = rest.size;
    for (const k of touched) {
      const h = hits[k];
      hits[k] = 0;
      const best = score(k, h + Math.min(left, keyGrams[k] - h));
      if (best * (1 + 1e-9) < floor) continue;
      let more = 0;
      for (const g of keyTrigrams(keyText(k))) if (rest.has(g)) more++;
      scored.push([k, score(k, h + more)]);
    }
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
