// Sanitizer stage 4: the node budget. Exempt nodes (anchors, protected entities) always stay; then whole distance
// rings from the anchors outwards, the ring that overflows keeping its best-connected nodes. Whatever the budget
// cut off from every anchor goes too: a view fragment with no path to an anchor cannot support an answer and only
// exposes structure.
import { bfsDistances, UNREACHED, type LocalSubgraph } from './localSubgraph.js';
import type { LabelledCsr } from './wlColours.js';

export interface Pruned {
  /** 1 for each local node the view keeps. */
  kept: Uint8Array;
  /** Hop distance from the nearest anchor through kept nodes (UNREACHED for an exempt node cut off). */
  reach: Int32Array;
}

/** Keeps at most `budget` nodes (plus the exempt ones), all connected to an anchor. Pure. */
export function pruneToBudget(local: LocalSubgraph, exempt: Uint8Array, budget: number): Pruned {
  const n = local.entities.length;
  const dist = bfsDistances(n, local.csr, local.anchors);
  const kept = keepWithinBudget(n, local.csr, dist, exempt, budget);
  const reach = bfsDistances(n, local.csr, local.anchors, kept);
  for (let u = 0; u < n; u++) if (kept[u] && !exempt[u] && reach[u] === UNREACHED) kept[u] = 0;
  return { kept, reach };
}

/**
 * Nodes kept under the budget: exempt nodes always; then whole distance rings from the anchors outwards; the
 * ring that overflows keeps the nodes with the most edges into what is already kept (ties: subgraph order).
 */
export function keepWithinBudget(n: number, csr: LabelledCsr, dist: Int32Array, exempt: Uint8Array, budget: number): Uint8Array {
  const kept = new Uint8Array(n);
  let count = 0;
  for (let u = 0; u < n; u++)
    if (exempt[u]) {
      kept[u] = 1;
      count++;
    }
  if (n <= budget) {
    kept.fill(1);
    return kept;
  }
  // Non-exempt nodes by distance, then subgraph order: a counting sort, distances being small integers.
  let maxDist = 0;
  for (let u = 0; u < n; u++) if (!exempt[u] && dist[u] !== UNREACHED) maxDist = Math.max(maxDist, dist[u]);
  const bucketOf = (u: number): number => (dist[u] === UNREACHED ? maxDist + 1 : dist[u]);
  const start = new Int32Array(maxDist + 3);
  for (let u = 0; u < n; u++) if (!exempt[u]) start[bucketOf(u) + 1]++;
  for (let b = 1; b < start.length; b++) start[b] += start[b - 1];
  const order = new Int32Array(start[start.length - 1]);
  const fill = start.slice();
  for (let u = 0; u < n; u++) if (!exempt[u]) order[fill[bucketOf(u)]++] = u;
  let i = 0;
  while (i < order.length && count < budget) {
    let j = i;
    while (j < order.length && dist[order[j]] === dist[order[i]]) j++;
    const ring = order.slice(i, j);
    if (count + ring.length <= budget) {
      for (const u of ring) kept[u] = 1;
      count += ring.length;
    } else {
      const links = new Int32Array(ring.length);
      ring.forEach((u, r) => {
        for (let k = csr.offsets[u]; k < csr.offsets[u + 1]; k++) links[r] += kept[csr.neighbor[k]];
      });
      // Most links first, then subgraph order: one numeric key per node, sorted without a comparator.
      let most = 0;
      for (let r = 0; r < ring.length; r++) most = Math.max(most, links[r]);
      const keys = new Float64Array(ring.length);
      for (let r = 0; r < ring.length; r++) keys[r] = (most - links[r]) * ring.length + r;
      keys.sort();
      for (let r = 0; r < budget - count; r++) kept[ring[keys[r] % ring.length]] = 1;
      count = budget;
    }
    i = j;
  }
  return kept;
}
