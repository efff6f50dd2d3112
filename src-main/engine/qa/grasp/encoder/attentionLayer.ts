// One relation-aware graph attention layer. For an edge j → i with relation key r (relation × direction):
//   m_e = W·h_j + R_r                       message: neighbour state plus what the edge means
//   t_e = u·h_i + (v + W_q·q)·m_e           attention logit; the question term favours edges whose message
//   a_e = softmax_i(LeakyReLU(t_e))         matches what is asked (question-conditioned attention)
//   h'_i = h_i + tanh(W_s·h_i + Σ_e a_e m_e + b)
// The softmax is the degree normalisation: a hub's many neighbours share one unit of weight. The residual keeps
// anchor identity through the layers. Forward keeps what backward needs; messages are recomputed, not stored.
import { addOuter, matmulT, matmulTBackward, matVec } from './dense.js';
import type { GraphBatch } from './graphBatch.js';
import type { Param } from './params.js';
import { zerosLike, type Arr } from './tensor.js';

export const LEAKY_SLOPE = 0.2;

export interface AttentionParams {
  W: Param; // [H × H] message transform
  Ws: Param; // [H × H] self transform
  b: Param; // [H]
  u: Param; // [H] attention weight on the destination
  v: Param; // [H] attention weight on the message
  Wq: Param; // [H × qDim] question → attention weight on the message
  R: Param; // [relationKeys × H]
}

export interface AttentionCache {
  hIn: Arr;
  /** W·h_j per node (n × H). */
  M: Arr;
  /** Effective message weight v + W_q·q. */
  w: Arr;
  /** Pre-activation logits t_e and softmax weights a_e, per incoming edge. */
  t: Arr;
  alpha: Arr;
  /** tanh of the update, per node (n × H). */
  act: Arr;
  hOut: Arr;
}

export function attentionForward(p: AttentionParams, batch: GraphBatch, hIn: Arr): AttentionCache {
  const H = p.b.value.length;
  const { n, inStart, edgeSrc, edgeKey, question } = batch;
  const m = edgeSrc.length;
  const M = zerosLike(hIn, n * H);
  matmulT(hIn, n, H, p.W.value, H, M);
  const w = zerosLike(hIn, H);
  matVec(p.Wq.value, H, question.length, question, w);
  for (let o = 0; o < H; o++) w[o] += p.v.value[o];
  const R = p.R.value;
  const u = p.u.value;
  const t = zerosLike(hIn, m);
  const alpha = zerosLike(hIn, m);
  const z = zerosLike(hIn, n * H);
  matmulT(hIn, n, H, p.Ws.value, H, z);
  for (let i = 0; i < n; i++) {
    const s = inStart[i];
    const e1 = inStart[i + 1];
    let ui = 0;
    for (let o = 0; o < H; o++) ui += u[o] * hIn[i * H + o];
    let max = -Infinity;
    for (let e = s; e < e1; e++) {
      const mo = edgeSrc[e] * H;
      const ro = edgeKey[e] * H;
      let tw = 0;
      for (let o = 0; o < H; o++) tw += w[o] * (M[mo + o] + R[ro + o]);
      t[e] = ui + tw;
      const l = t[e] > 0 ? t[e] : LEAKY_SLOPE * t[e];
      alpha[e] = l;
      if (l > max) max = l;
    }
    let sum = 0;
    for (let e = s; e < e1; e++) {
      alpha[e] = Math.exp(alpha[e] - max);
      sum += alpha[e];
    }
    for (let e = s; e < e1; e++) {
      alpha[e] /= sum;
      const a = alpha[e];
      const mo = edgeSrc[e] * H;
      const ro = edgeKey[e] * H;
      for (let o = 0; o < H; o++) z[i * H + o] += a * (M[mo + o] + R[ro + o]);
    }
  }
  const act = zerosLike(hIn, n * H);
  const hOut = zerosLike(hIn, n * H);
  for (let i = 0; i < n; i++)
    for (let o = 0; o < H; o++) {
      const k = i * H + o;
      act[k] = Math.tanh(z[k] + p.b.value[o]);
      hOut[k] = hIn[k] + act[k];
    }
  return { hIn, M, w, t, alpha, act, hOut };
}

/** Accumulates parameter gradients and returns dL/dh_in from dL/dh_out. */
export function attentionBackward(p: AttentionParams, batch: GraphBatch, c: AttentionCache, dOut: Arr): Arr {
  const H = p.b.value.length;
  const { n, inStart, edgeSrc, edgeKey, question } = batch;
  const { hIn, M, w, t, alpha, act } = c;
  const R = p.R.value;
  const u = p.u.value;
  // Residual path: dL/dh_in starts as dL/dh_out.
  const dhIn = zerosLike(hIn, n * H);
  for (let k = 0; k < n * H; k++) dhIn[k] = dOut[k];
  const dz = zerosLike(hIn, n * H);
  for (let k = 0; k < n * H; k++) dz[k] = dOut[k] * (1 - act[k] * act[k]);
  for (let i = 0; i < n; i++) for (let o = 0; o < H; o++) p.b.grad[o] += dz[i * H + o];
  matmulTBackward(hIn, n, H, p.Ws.value, H, dz, p.Ws.grad, dhIn);
  const dM = zerosLike(hIn, n * H);
  const dw = zerosLike(hIn, H);
  const dm = zerosLike(hIn, H);
  for (let i = 0; i < n; i++) {
    const s = inStart[i];
    const e1 = inStart[i + 1];
    if (s === e1) continue;
    const zo = i * H;
    // dα_e = dz_i · m_e, then the softmax Jacobian.
    let dot = 0;
    const da = new Float64Array(e1 - s);
    for (let e = s; e < e1; e++) {
      const mo = edgeSrc[e] * H;
      const ro = edgeKey[e] * H;
      let g = 0;
      for (let o = 0; o < H; o++) g += dz[zo + o] * (M[mo + o] + R[ro + o]);
      da[e - s] = g;
      dot += alpha[e] * g;
    }
    let du = 0;
    for (let e = s; e < e1; e++) {
      const dl = alpha[e] * (da[e - s] - dot);
      const dt = dl * (t[e] > 0 ? 1 : LEAKY_SLOPE);
      const mo = edgeSrc[e] * H;
      const ro = edgeKey[e] * H;
      for (let o = 0; o < H; o++) {
        const me = M[mo + o] + R[ro + o];
        dw[o] += dt * me;
        // dm_e from the aggregation (α_e dz_i) and from the logit (dt · w).
        dm[o] = alpha[e] * dz[zo + o] + dt * w[o];
        dM[mo + o] += dm[o];
        p.R.grad[ro + o] += dm[o];
      }
      du += dt;
    }
    // t_e = u·h_i + …: summed over i's edges.
    for (let o = 0; o < H; o++) {
      p.u.grad[o] += du * hIn[zo + o];
      dhIn[zo + o] += du * u[o];
    }
  }
  for (let o = 0; o < H; o++) p.v.grad[o] += dw[o];
  addOuter(p.Wq.grad, dw, H, question, question.length);
  matmulTBackward(hIn, n, H, p.W.value, H, dM, p.W.grad, dhIn);
  return dhIn;
}
