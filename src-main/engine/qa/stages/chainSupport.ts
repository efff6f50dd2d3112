// How many walks of one relation chain lead from an anchor to each entity, counted on the raw graph. An answer
// reached through many of the anchor's neighbours is better supported than one reached through a single edge;
// on an incomplete graph, where the chain is partly broken, that count is the strongest local evidence left.
// The count covers the whole graph, not only the paths that survived pruning.
import { DIR_OUT, type MemoryGraph } from '../../graph/memoryGraph.js';
import type { RawStep } from '../../core/types.js';

/** Edge visits before giving up (a chain through hubs can touch much of a big graph). */
export const DEFAULT_SUPPORT_BUDGET = 200_000;

/** Walk counts per end entity, or undefined when the walk would visit more than `budget` edges. Pure. */
export function chainSupport(graph: MemoryGraph, anchor: number, steps: readonly RawStep[], budget = DEFAULT_SUPPORT_BUDGET): Map<number, number> | undefined {
  let frontier = new Map<number, number>([[anchor, 1]]);
  const spent = { visits: 0 };
  for (const step of steps) {
    const next = new Map<number, number>();
    const from = frontier;
    if (!stepEdges(graph, from.keys(), step, spent, budget, (u, v) => next.set(v, (next.get(v) ?? 0) + from.get(u)!))) return undefined;
    frontier = next;
  }
  return frontier;
}

/**
 * Calls fn(u, v) for every edge of one chain step out of the frontier's entities, counting the edges looked at in
 * `spent`; false (and stops) once more than `budget` have been.
 */
export function stepEdges(graph: MemoryGraph, frontier: Iterable<number>, step: RawStep, spent: { visits: number }, budget: number, fn: (u: number, v: number) => void): boolean {
  const want = step.direction === 'out' ? DIR_OUT : 1 - DIR_OUT;
  for (const u of frontier) {
    const end = graph.offsets[u + 1];
    spent.visits += end - graph.offsets[u];
    if (spent.visits > budget) return false;
    for (let k = graph.offsets[u]; k < end; k++) if (graph.edgeRelation[k] === step.relation && graph.edgeDirection[k] === want) fn(u, graph.edgeNeighbor[k]);
  }
  return true;
}
