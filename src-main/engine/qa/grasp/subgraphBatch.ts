// Turns a relevance subgraph into encoder input. Node features: the DRM name vector, log of the node's degree
// inside the subgraph (not the graph: in training the graph degree would count the masked edge and leak it), and
// an anchor flag, so the encoder knows where the question starts.
import { groupByDestination, type GraphBatch } from './encoder/graphBatch.js';
import { toDType, zeros, type DType } from './encoder/tensor.js';
import type { EntityVectors } from './entityVectors.js';
import type { RelevantSubgraph } from './relevantSubgraph.js';

export const EXTRA_FEATURES = 2;

export function subgraphBatch(sub: RelevantSubgraph, vectors: EntityVectors, question: ArrayLike<number>, dtype: DType = 'f32'): GraphBatch {
  const n = sub.nodes.length;
  const D = vectors.dim;
  const F = D + EXTRA_FEATURES;
  const features = zeros(dtype, n * F);
  const grouped = groupByDestination(n, sub.edgeSrc, sub.edgeDst, sub.edgeKey);
  for (let i = 0; i < n; i++) {
    const v = vectors.of(sub.nodes[i]);
    for (let d = 0; d < D; d++) features[i * F + d] = v[d];
    features[i * F + D] = Math.log1p(grouped.inStart[i + 1] - grouped.inStart[i]) / 4;
    features[i * F + D + 1] = i < sub.anchorCount ? 1 : 0;
  }
  return { n, featureDim: F, features, question: toDType(dtype, question), ...grouped };
}
