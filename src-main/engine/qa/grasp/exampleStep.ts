// One example through the encoder: relevance subgraph (with the example's hidden edges removed), forward, set
// loss over every non-anchor node, and (when training) backward into the accumulated gradients.
import type { GraspEncoder } from './encoder/graspEncoder.js';
import { setSoftmaxLoss } from './encoder/setLoss.js';
import type { GraspContext } from './graspContext.js';
import { relevantSubgraph, type RelevanceOptions } from './relevantSubgraph.js';
import { subgraphBatch } from './subgraphBatch.js';
import type { TrainingExample } from './trainingExamples.js';

export interface ExampleOutcome {
  /** Undefined when no answer is inside the subgraph (nothing to learn from or rank). */
  loss?: number;
  nodes: number;
  /** Rank (1 = best) of the best-ranked answer among the candidates, when one is present. */
  bestRank?: number;
}

export function runExample(encoder: GraspEncoder, ctx: GraspContext, ex: TrainingExample, relevance: RelevanceOptions, train: boolean): ExampleOutcome {
  const sub = relevantSubgraph(ctx, ex.anchors, ex.question, { ...relevance, exclude: ex.exclude });
  const n = sub.nodes.length;
  const candidates = new Uint8Array(n);
  const positive = new Uint8Array(n);
  for (let i = sub.anchorCount; i < n; i++) candidates[i] = 1;
  for (const t of ex.ignore ?? []) {
    const i = sub.localOf.get(t);
    if (i !== undefined) candidates[i] = 0;
  }
  let present = 0;
  for (const t of ex.targets) {
    const i = sub.localOf.get(t);
    if (i !== undefined && candidates[i]) {
      positive[i] = 1;
      present++;
    }
  }
  if (present === 0) return { nodes: n };
  const batch = subgraphBatch(sub, ctx.entityVectors, ex.question, encoder.params.dtype);
  const pass = encoder.forward(batch);
  const { loss, dScores } = setSoftmaxLoss(pass.scores, candidates, positive);
  if (train) encoder.backward(batch, pass, dScores);
  let best = -Infinity;
  for (let i = 0; i < n; i++) if (positive[i] && pass.scores[i] > best) best = pass.scores[i];
  let rank = 1;
  for (let i = 0; i < n; i++) if (candidates[i] && !positive[i] && pass.scores[i] > best) rank++;
  return { loss, nodes: n, bestRank: rank };
}
