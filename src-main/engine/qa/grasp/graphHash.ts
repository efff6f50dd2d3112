// Content hash of a graph (entity ids, relation labels, adjacency), stored with a trained encoder so a model is
// never silently used on a different graph version than it was trained on.
import { createHash } from 'node:crypto';
import type { MemoryGraph } from '../../graph/memoryGraph.js';

export function graphContentHash(graph: MemoryGraph): string {
  const h = createHash('sha256');
  for (const id of graph.ids) h.update(id).update('\u0000');
  for (const r of graph.relationLabels) h.update(r).update('\u0001');
  for (const a of [graph.offsets, graph.edgeNeighbor, graph.edgeRelation]) h.update(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
  h.update(graph.edgeDirection);
  return h.digest('hex');
}
