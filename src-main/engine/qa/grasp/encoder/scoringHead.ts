// s_i = a·tanh(A·h_i + A_q·q + c) + c₀: a per-node logit for "is this entity what the question asks for (or a
// bridge to it)". The question enters again here, so two nodes with the same state can rank differently.
import { addOuter, matmulT, matmulTBackward, matVec } from './dense.js';
import type { GraphBatch } from './graphBatch.js';
import type { Param } from './params.js';
import { zerosLike, type Arr } from './tensor.js';

export interface HeadParams {
  A: Param; // [K × H]
  Aq: Param; // [K × qDim]
  c: Param; // [K]
  a: Param; // [K]
  c0: Param; // [1]
}

export interface HeadCache {
  h: Arr;
  g: Arr; // n × K
  scores: Arr; // n
}

export function headForward(p: HeadParams, batch: GraphBatch, h: Arr): HeadCache {
  const K = p.c.value.length;
  const H = p.A.shape[1];
  const { n, question } = batch;
  const g = zerosLike(h, n * K);
  matmulT(h, n, H, p.A.value, K, g);
  const shift = zerosLike(h, K);
  matVec(p.Aq.value, K, question.length, question, shift);
  const scores = zerosLike(h, n);
  for (let i = 0; i < n; i++) {
    let s = p.c0.value[0];
    for (let k = 0; k < K; k++) {
      const x = Math.tanh(g[i * K + k] + shift[k] + p.c.value[k]);
      g[i * K + k] = x;
      s += p.a.value[k] * x;
    }
    scores[i] = s;
  }
  return { h, g, scores };
}

/** Accumulates gradients from dL/ds and returns dL/dh. */
export function headBackward(p: HeadParams, batch: GraphBatch, c: HeadCache, dScores: Arr): Arr {
  const K = p.c.value.length;
  const H = p.A.shape[1];
  const { n, question } = batch;
  const dPre = zerosLike(c.h, n * K);
  const dShift = zerosLike(c.h, K);
  for (let i = 0; i < n; i++) {
    const ds = dScores[i];
    p.c0.grad[0] += ds;
    for (let k = 0; k < K; k++) {
      const x = c.g[i * K + k];
      p.a.grad[k] += ds * x;
      const d = ds * p.a.value[k] * (1 - x * x);
      dPre[i * K + k] = d;
      dShift[k] += d;
    }
  }
  for (let k = 0; k < K; k++) p.c.grad[k] += dShift[k];
  addOuter(p.Aq.grad, dShift, K, question, question.length);
  const dh = zerosLike(c.h, n * H);
  matmulTBackward(c.h, n, H, p.A.value, K, dPre, p.A.grad, dh);
  return dh;
}
