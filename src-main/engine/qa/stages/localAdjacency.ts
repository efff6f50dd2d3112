// Adjacency of a question subgraph G_Q^raw, both directions, so schema enumeration and grounding can walk only
// what the subgraph kept (hub control may have cut groups the full graph still has).
import { DIR_IN, DIR_OUT, type MemoryGraph } from '../../graph/memoryGraph.js';
import type { RawEdge } from '../../core/types.js';

export interface AdjacentEdge {
  relation: number;
  /** DIR_OUT when `node` is the head of the stored triple. */
  direction: number;
  neighbor: number;
}

/** What schema enumeration and grounding walk: a subgraph's edges, or a whole MemoryGraph's. */
export interface Adjacency {
  edgesOf(node: number): Iterable<AdjacentEdge>;
}

export class LocalAdjacency implements Adjacency {
  private readonly byNode = new Map<number, AdjacentEdge[]>();

  constructor(edges: readonly RawEdge[]) {
    for (const e of edges) {
      this.push(e.head, { relation: e.relation, direction: DIR_OUT, neighbor: e.tail });
      this.push(e.tail, { relation: e.relation, direction: DIR_IN, neighbor: e.head });
    }
  }

  private push(node: number, edge: AdjacentEdge): void {
    const list = this.byNode.get(node);
    if (list) list.push(edge);
    else this.byNode.set(node, [edge]);
  }

  edgesOf(node: number): readonly AdjacentEdge[] {
    return this.byNode.get(node) ?? [];
  }
}

/** The whole graph as an Adjacency (used when no subgraph bounds the walk, e.g. grounding checks). */
export function graphAdjacency(graph: MemoryGraph): Adjacency {
  return {
    *edgesOf(node: number): Iterable<AdjacentEdge> {
      for (let k = graph.offsets[node]; k < graph.offsets[node + 1]; k++)
        yield { relation: graph.edgeRelation[k], direction: graph.edgeDirection[k], neighbor: graph.edgeNeighbor[k] };
    },
  };
}
