// Binary search over ascending Int32Arrays (holder lists, postings, bands): one definition for every reader.

/** First position in list[lo .. hi) (ascending) whose value is ≥ v. */
export function lowerBound(list: Int32Array, v: number, lo = 0, hi = list.length): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether the ascending list holds x. */
export function sortedHas(list: Int32Array, x: number): boolean {
  const at = lowerBound(list, x);
  return at < list.length && list[at] === x;
}
