// h⁰ = tanh(W_in·x_i + b_in + W_q·q): node features lifted to the hidden width, with the question added to every
// node (an additive FiLM shift) so even the first message already depends on what is asked.
import { addOuter, matmulT, matmulTBackward, matVec } from './dense.js';
import type { GraphBatch } from './graphBatch.js';
import type { Param } from './params.js';
import { zerosLike, type Arr } from './tensor.js';

export interface InputParams {
  W: Param; // [H × featureDim]
  b: Param; // [H]
  Wq: Param; // [H × qDim]
}

export function inputForward(p: InputParams, batch: GraphBatch): Arr {
  const H = p.b.value.length;
  const { n, featureDim, features, question } = batch;
  const h = zerosLike(p.W.value, n * H);
  matmulT(features, n, featureDim, p.W.value, H, h);
  const shift = zerosLike(p.W.value, H);
  matVec(p.Wq.value, H, question.length, question, shift);
  for (let i = 0; i < n; i++) for (let o = 0; o < H; o++) h[i * H + o] = Math.tanh(h[i * H + o] + p.b.value[o] + shift[o]);
  return h;
}

/** Accumulates parameter gradients from dh (n × H); h is the forward output. */
export function inputBackward(p: InputParams, batch: GraphBatch, h: Arr, dh: Arr): void {
  const H = p.b.value.length;
  const { n, featureDim, features, question } = batch;
  const dz = zerosLike(dh);
  const dShift = zerosLike(dh, H);
  for (let i = 0; i < n; i++)
    for (let o = 0; o < H; o++) {
      const k = i * H + o;
      dz[k] = dh[k] * (1 - h[k] * h[k]);
      dShift[o] += dz[k];
    }
  matmulTBackward(features, n, featureDim, p.W.value, H, dz, p.W.grad);
  for (let o = 0; o < H; o++) p.b.grad[o] += dShift[o];
  addOuter(p.Wq.grad, dShift, H, question, question.length);
}
