// The closest names of an unknown entity: keys sharing character trigrams with a text, scored by shared trigrams
// over √(key's × text's), through the trigram index (graph/trigramIndex.ts), whose postings are sorted by key size.
// With a limit, an exact top-k by count filtering: every key scoring at least a threshold t is found, size by size
// (a key of s trigrams needs T = ⌈t·√(s·Q)⌉ of the text's Q, so a key that holds none of the text's m − T + 1
// rarest runs of that size cannot make it: only those runs are read, the others only searched for the keys found).
// The threshold starts high and is lowered until the top holds `limit` keys, and within a pass it rises to the
// limit-th best score found (sizes whose keys can score best go first): common trigrams are read only where the
// best names are poor matches. The ranking is the full one's head, ties included.
import { lowerBound } from '../../graph/sortedSearch.js';
import { keyTrigrams, type TrigramIndex } from '../../graph/trigramIndex.js';

/** The threshold of the first pass; each pass that finds fewer than the limit lowers it by this factor (0.6 and 0.6
 * read 10–15% fewer postings than 0.9 and 0.75 over bench:trigram's queries; the rising floor makes up the overshoot). */
const FIRST_THRESHOLD = 0.6;
const LOWER = 0.6;
/** Below this the next pass reads every run (threshold 0: every key sharing a trigram). */
const LAST_THRESHOLD = 0.05;

/**
 * Keys sharing trigrams with `text`, best first (ties by key), the first `limit` of them, as [key, score]. `hits`
 * is a zeroed counter per key rank, reused across calls (only the ranks touched are read, and they are reset).
 */
export function closestByTrigrams(index: TrigramIndex, hits: Int32Array, text: string, limit = Infinity): [number, number][] {
  const query = keyTrigrams(text);
  const Q = query.size;
  const lists: Int32Array[] = [];
  for (const g of query) {
    const posting = index.postings.get(g);
    if (posting && posting.length) lists.push(posting);
  }
  const m = lists.length;
  if (m === 0 || limit <= 0) return [];
  const { sizeStart, keyOfRank } = index;
  // The sizes that hold keys, and where each posting's run of each of them starts (cut[i·(S+1) + j]; the last cut
  // is the posting's end: sizes between two held ones hold no rank, so one run ends where the next begins).
  const sizes: number[] = [];
  for (let s = 1; s + 1 < sizeStart.length; s++) if (sizeStart[s + 1] > sizeStart[s]) sizes.push(s);
  const S = sizes.length;
  const cut = new Int32Array(m * (S + 1));
  for (let i = 0; i < m; i++) {
    const list = lists[i];
    let at = 0;
    for (let j = 0; j < S; j++) cut[i * (S + 1) + j] = at = lowerBound(list, sizeStart[sizes[j]], at, list.length);
    cut[i * (S + 1) + S] = list.length;
  }
  const found: number[] = [];
  const touched: number[] = [];
  const order = Array.from({ length: m }, (_, i) => i);
  const runLength = new Int32Array(m);
  // Sizes by the best score a key of theirs can reach, best first, so that good keys raise the floor early.
  const bySize = Array.from({ length: S }, (_, j) => j);
  const reach = (s: number): number => Math.min(s, m) / Math.sqrt(s * Q);
  bySize.sort((x, y) => reach(sizes[y]) - reach(sizes[x]) || x - y);
  const best: number[] = [];
  /** Every key scoring at least `floor` (0: every key sharing a trigram), pushed to `found` as rank, score. */
  const collect = (floor: number): void => {
    best.length = 0;
    for (const j of bySize) {
      const s = sizes[j];
      const d = Math.sqrt(s * Q);
      // Once `limit` keys are found, the limit-th best of them is a floor too: no key below it can make the top.
      const t = best.length === limit ? Math.max(floor, best[limit - 1]) : floor;
      // No key of this size, nor of any later one, can reach t (the same division as the score).
      if (reach(s) < t) break;
      // The fewest shared trigrams scoring ≥ t, by the very division the score is (no rounding can differ).
      let T = t <= 0 ? 1 : Math.max(1, Math.ceil(t * d) - 1);
      while (T / d < t) T++;
      if (T > Math.min(s, m)) continue;
      for (let i = 0; i < m; i++) runLength[i] = cut[i * (S + 1) + j + 1] - cut[i * (S + 1) + j];
      order.sort((x, y) => runLength[x] - runLength[y]);
      const prefix = m - T + 1;
      for (let a = 0; a < prefix; a++) {
        const i = order[a];
        countRun(lists[i], cut[i * (S + 1) + j], cut[i * (S + 1) + j + 1], hits, touched);
      }
      // The keys touched, ascending, with their counts; each unread run (shortest first) is merged with those that
      // can still reach T, a sequential walk instead of a binary search per key and run.
      const keys = Int32Array.from(touched).sort();
      touched.length = 0;
      const counts = new Int32Array(keys.length);
      for (let x = 0; x < keys.length; x++) (counts[x] = hits[keys[x]]), (hits[keys[x]] = 0);
      let alive = keys.length;
      for (let b = prefix; b < m && alive > 0; b++) {
        alive = keepReaching(keys, counts, alive, T - (m - b));
        const i = order[b];
        countMerged(lists[i], cut[i * (S + 1) + j], cut[i * (S + 1) + j + 1], keys, counts, alive);
      }
      for (let x = 0; x < alive; x++)
        if (counts[x] >= T) {
          found.push(keys[x], counts[x] / d);
          if (limit !== Infinity) keepBest(best, limit, counts[x] / d);
        }
    }
  };
  if (limit === Infinity) collect(0);
  else
    for (let t = FIRST_THRESHOLD; ; t = t * LOWER < LAST_THRESHOLD ? 0 : t * LOWER) {
      found.length = 0;
      collect(t);
      if (found.length >= 2 * limit || t === 0) break;
    }
  const scored: [number, number][] = [];
  for (let x = 0; x < found.length; x += 2) scored.push([keyOfRank[found[x]], found[x + 1]]);
  scored.sort((x, y) => y[1] - x[1] || x[0] - y[0]);
  return scored.length > limit ? scored.slice(0, limit) : scored;
}

// The inner loops stand alone: small functions the JIT optimises within the first search, where the loops of one
// large closure ran interpreted for most of it (the first unknown name at 10M triples: 72 ms, later ones 21).

/** Counts each rank of list[from .. to) in `hits`, listing the ranks seen for the first time in `touched`. */
function countRun(list: Int32Array, from: number, to: number, hits: Int32Array, touched: number[]): void {
  for (let p = from; p < to; p++) if (hits[list[p]]++ === 0) touched.push(list[p]);
}

/** Keeps (in place, in order) the first `alive` keys whose count is at least `need`; returns how many. */
function keepReaching(keys: Int32Array, counts: Int32Array, alive: number, need: number): number {
  let kept = 0;
  for (let x = 0; x < alive; x++)
    if (counts[x] >= need) {
      keys[kept] = keys[x];
      counts[kept++] = counts[x];
    }
  return kept;
}

/** Adds one to the count of each of the first `alive` keys (ascending) that run[lo .. hi) (ascending) holds. */
function countMerged(run: Int32Array, lo: number, hi: number, keys: Int32Array, counts: Int32Array, alive: number): void {
  let p = lo;
  for (let x = 0; x < alive && p < hi; x++) {
    const key = keys[x];
    if (run[p] < key) {
      // Gallop: double the step while still below, then search the last step.
      let step = 1;
      let q = p + 1;
      while (q < hi && run[q] < key) {
        p = q;
        step *= 2;
        q = p + step;
      }
      p = lowerBound(run, key, p + 1, Math.min(q, hi));
    }
    if (p < hi && run[p] === key) counts[x]++;
  }
}

/** Inserts v into the descending list of at most n values. */
function keepBest(best: number[], n: number, v: number): void {
  if (best.length === n && v <= best[n - 1]) return;
  let i = best.length === n ? n - 1 : best.length;
  while (i > 0 && best[i - 1] < v) {
    best[i] = best[i - 1];
    i--;
  }
  best[i] = v;
}
