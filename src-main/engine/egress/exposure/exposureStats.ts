// Summary statistics of node exposure: how concentrated the ledger's exposure is on a few entities.

/** Nearest-rank percentile (p in 0..100) of an ascending-sorted list; 0 for an empty list. */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** Share of the total held by the top `fraction` of items (at least one item); 0 when the total is 0. */
export function topShare(values: readonly number[], fraction: number): number {
  const total = values.reduce((a, b) => a + b, 0);
  if (total === 0) return 0;
  const sorted = [...values].sort((a, b) => b - a);
  const n = Math.max(1, Math.ceil(sorted.length * fraction));
  return sorted.slice(0, n).reduce((a, b) => a + b, 0) / total;
}
