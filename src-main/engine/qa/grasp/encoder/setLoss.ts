// Set-valued softmax loss: a question can have several right entities, so the loss is −log of the probability mass
// the softmax over candidates puts on the whole answer set (not one cross-entropy per answer, which would punish
// a correct answer for sharing mass with another correct one).
import { zerosLike, type Arr } from './tensor.js';

export interface SetLoss {
  loss: number;
  /** dL/ds per node (0 outside the candidates). */
  dScores: Arr;
}

/** candidates: 1 where a node competes; positive: 1 where it is an answer (a subset of candidates). */
export function setSoftmaxLoss(scores: Arr, candidates: Uint8Array, positive: Uint8Array): SetLoss {
  const n = scores.length;
  let max = -Infinity;
  for (let i = 0; i < n; i++) if (candidates[i] && scores[i] > max) max = scores[i];
  const p = zerosLike(scores, n);
  let z = 0;
  let zPos = 0;
  for (let i = 0; i < n; i++) {
    if (!candidates[i]) continue;
    p[i] = Math.exp(scores[i] - max);
    z += p[i];
    if (positive[i]) zPos += p[i];
  }
  const dScores = zerosLike(scores, n);
  if (zPos === 0) return { loss: 0, dScores };
  for (let i = 0; i < n; i++) {
    if (!candidates[i]) continue;
    dScores[i] = p[i] / z - (positive[i] ? p[i] / zPos : 0);
  }
  return { loss: Math.log(z) - Math.log(zPos), dScores };
}
