// One encoder input: a small local graph with node features, the question vector, and incoming edges grouped by
// destination (CSR), so each node's attention softmax runs over a contiguous range.
import type { Arr } from './tensor.js';

export interface GraphBatch {
  n: number;
  featureDim: number;
  /** n × featureDim. */
  features: Arr;
  /** The question's DRM vector (length = DRM dim). */
  question: Arr;
  /** Incoming edges of node i: inStart[i] .. inStart[i+1]-1. */
  inStart: Int32Array;
  /** Source node of each incoming edge. */
  edgeSrc: Int32Array;
  /** relation * 2 + direction (direction seen from the destination: 0 = destination is the triple's head). */
  edgeKey: Int32Array;
}

/** Groups (src → dst, key) edges by destination. */
export function groupByDestination(n: number, src: ArrayLike<number>, dst: ArrayLike<number>, key: ArrayLike<number>): Pick<GraphBatch, 'inStart' | 'edgeSrc' | 'edgeKey'> {
  const m = src.length;
  const inStart = new Int32Array(n + 1);
  for (let e = 0; e < m; e++) inStart[dst[e] + 1]++;
  for (let i = 0; i < n; i++) inStart[i + 1] += inStart[i];
  const fill = inStart.slice(0, n);
  const edgeSrc = new Int32Array(m);
  const edgeKey = new Int32Array(m);
  for (let e = 0; e < m; e++) {
    const at = fill[dst[e]]++;
    edgeSrc[at] = src[e];
    edgeKey[at] = key[e];
  }
  return { inStart, edgeSrc, edgeKey };
}
