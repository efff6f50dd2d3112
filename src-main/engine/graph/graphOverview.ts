// Whole-graph facts the explorer shows beside the canvas: the most connected entities and the inverse-relation
// pairs. Computed once per loaded version of a graph (a re-import builds a new MemoryGraph).
import type { Entity, InversePair, Triple } from '../../common/graphTypes.js';
import { detectInversePairs } from './inversePairs.js';
import { DIR_OUT, type MemoryGraph } from './memoryGraph.js';

const pairsCache = new WeakMap<MemoryGraph, InversePair[]>();

export function inversePairsOf(graph: MemoryGraph): InversePair[] {
  let pairs = pairsCache.get(graph);
  if (!pairs) {
    pairs = detectInversePairs(storedTriples(graph));
    pairsCache.set(graph, pairs);
  }
  return pairs;
}

/** Every stored fact once (the CSR holds each twice, once per direction). */
function* storedTriples(graph: MemoryGraph): Generator<Triple> {
  for (let i = 0; i < graph.size; i++)
    for (let k = graph.offsets[i]; k < graph.offsets[i + 1]; k++)
      if (graph.edgeDirection[k] === DIR_OUT)
        yield { head: graph.ids[i], relation: graph.relationLabels[graph.edgeRelation[k]], tail: graph.ids[graph.edgeNeighbor[k]] };
}

/** The `limit` entities of highest degree (literals such as years left out unless asked), ties by name. */
export function mostConnected(graph: MemoryGraph, limit: number, includeLiterals = false): Entity[] {
  const picked: number[] = [];
  for (let i = 0; i < graph.size; i++) if (includeLiterals || !graph.literalOf(i)) picked.push(i);
  picked.sort((a, b) => graph.degreeOf(b) - graph.degreeOf(a) || graph.names[a].localeCompare(graph.names[b]));
  return picked.slice(0, limit).map((i) => graph.entityAt(i));
}
