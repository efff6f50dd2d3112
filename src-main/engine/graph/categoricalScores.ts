// How categorical each relation's values are, per direction: a graph-wide statistic the Hand reads on the first
// question that needs it, so it is computed at import and kept in the graph snapshot (graphSnapshot.ts).
import type { LiteralKind } from '../../common/graphTypes.js';
import { DIR_OUT } from './edgeDirection.js';

/** The parts of a MemoryGraph the scores read (kept structural: the graph calls this, not the other way). */
export interface CsrView {
  readonly relationLabels: readonly string[];
  readonly size: number;
  readonly offsets: Int32Array;
  readonly edgeNeighbor: Int32Array;
  readonly edgeRelation: Int32Array;
  readonly edgeDirection: Uint8Array;
  literalOf(i: number): LiteralKind | undefined;
}

/**
 * Per relation and direction, how categorical the landing values are: log10 of the mean number of edges per
 * distinct value, over 3 (a thousand entities per value is fully categorical), 0 when most values are literals.
 */
export function categoricalScores(graph: CsrView): Float32Array {
  const R = graph.relationLabels.length;
  const edges = new Float64Array(R * 2);
  // Distinct values of a (relation, direction) are the entities holding the opposite key (each triple is an out-edge
  // of its head and an in-edge of its tail): counted once per entity through a stamp, not gathered in Sets of
  // millions. The literal test reads each key's first 50 distinct values in the order the scan meets them.
  const distinct = new Float64Array(R * 2);
  const heldBy = new Int32Array(R * 2);
  const firstValues = Array.from({ length: R * 2 }, () => new Set<number>());
  for (let u = 0; u < graph.size; u++)
    for (let k = graph.offsets[u]; k < graph.offsets[u + 1]; k++) {
      // The edge seen from u lands on its neighbour: out-edges land on tails, in-edges on heads.
      const out = graph.edgeDirection[k] === DIR_OUT;
      const slot = graph.edgeRelation[k] * 2 + (out ? 0 : 1);
      edges[slot]++;
      if (heldBy[slot] !== u + 1) {
        heldBy[slot] = u + 1;
        distinct[graph.edgeRelation[k] * 2 + (out ? 1 : 0)]++;
      }
      const first = firstValues[slot];
      if (first.size < FIRST_VALUES) first.add(graph.edgeNeighbor[k]);
    }
  const out = new Float32Array(R * 2);
  for (let i = 0; i < R * 2; i++) {
    if (distinct[i] === 0) continue;
    let lit = 0;
    for (const v of firstValues[i]) {
      const kind = graph.literalOf(v);
      if (kind === 'date' || kind === 'number') lit++;
    }
    if (lit > firstValues[i].size / 2) continue;
    out[i] = Math.max(0, Math.min(1, Math.log10(edges[i] / distinct[i]) / 3));
  }
  return out;
}

/** How many of a key's values the literal test reads. */
const FIRST_VALUES = 50;
