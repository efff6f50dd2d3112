// What each relation joins — the dominant schema type of its heads and of its tails, and whether its tails are
// literals — for the sanitizer's relation clusters (qa/sanitize/relationClusters.ts). A pass over every edge, so it
// is computed at import and kept in the graph snapshot.
import { DIR_OUT } from './edgeDirection.js';
import { schemaTypes, type SchemaGraph } from './schemaTypes.js';

/** What signatures read of a graph (a MemoryGraph; structural, so memoryGraph.ts can compute them without a cycle). */
export interface SignatureGraph extends SchemaGraph {
  readonly offsets: Int32Array;
  readonly edgeNeighbor: Int32Array;
  readonly edgeRelation: Int32Array;
  readonly edgeDirection: Uint8Array;
  relationSignatures(): RelationSignature[];
}

/** What a relation joins: dominant schema type of its heads and of its tails, and whether tails are literals. */
export interface RelationSignature {
  headType: string;
  tailType: string;
  literalTail: boolean;
}

const LITERAL_TYPES = new Set(['date', 'number', 'string']);

/** Signature of every relation of the graph (relations with no triple get `none`): kept by the graph, in its snapshot. */
export function relationSignatures(graph: Pick<SignatureGraph, 'relationSignatures'>): RelationSignature[] {
  return graph.relationSignatures();
}

/** relationSignatures computed: one pass over every edge (MemoryGraph memoises it; the snapshot stores it). */
export function computeRelationSignatures(graph: SignatureGraph): RelationSignature[] {
  const types = schemaTypes(graph);
  const r = graph.relationLabels.length;
  const headCounts: Map<string, number>[] = Array.from({ length: r }, () => new Map());
  const tailCounts: Map<string, number>[] = Array.from({ length: r }, () => new Map());
  const literalTails = new Int32Array(r);
  const total = new Int32Array(r);
  for (let i = 0; i < graph.size; i++)
    for (let k = graph.offsets[i]; k < graph.offsets[i + 1]; k++) {
      if (graph.edgeDirection[k] !== DIR_OUT) continue;
      const rel = graph.edgeRelation[k];
      const tail = graph.edgeNeighbor[k];
      bump(headCounts[rel], types[i]);
      bump(tailCounts[rel], types[tail]);
      total[rel]++;
      if (LITERAL_TYPES.has(types[tail])) literalTails[rel]++;
    }
  return Array.from({ length: r }, (_, rel) => ({
    headType: dominant(headCounts[rel]),
    tailType: dominant(tailCounts[rel]),
    literalTail: total[rel] > 0 && literalTails[rel] * 2 > total[rel],
  }));
}

function bump(m: Map<string, number>, key: string): void {
  m.set(key, (m.get(key) ?? 0) + 1);
}

function dominant(m: Map<string, number>): string {
  let best = 'none';
  let bestCount = 0;
  for (const [k, c] of m) if (c > bestCount || (c === bestCount && k < best)) [best, bestCount] = [k, c];
  return best;
}

