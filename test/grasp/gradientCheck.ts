// Finite-difference helpers for the encoder's gradient tests (float64 throughout).
import type { Param } from '../../src-main/engine/qa/grasp/encoder/params.js';
import type { Arr } from '../../src-main/engine/qa/grasp/encoder/tensor.js';

export const EPS = 1e-6;

export function relError(a: number, b: number): number {
  return Math.abs(a - b) / Math.max(1e-7, Math.abs(a) + Math.abs(b));
}

/** Worst relative error between analytic grads (already in p.grad) and central differences of loss(). */
export function checkParam(p: Param, loss: () => number, maxEntries = 40): number {
  let worst = 0;
  const step = Math.max(1, Math.floor(p.value.length / maxEntries));
  for (let i = 0; i < p.value.length; i += step) {
    const keep = p.value[i];
    p.value[i] = keep + EPS;
    const up = loss();
    p.value[i] = keep - EPS;
    const down = loss();
    p.value[i] = keep;
    const fd = (up - down) / (2 * EPS);
    // Entries whose true gradient is ~0 are compared absolutely.
    const err = Math.abs(fd) + Math.abs(p.grad[i]) < 1e-7 ? 0 : relError(fd, p.grad[i]);
    worst = Math.max(worst, err);
  }
  return worst;
}

/** Same for an input array (e.g. dL/dh returned by a layer's backward). */
export function checkInput(x: Arr, analytic: Arr, loss: () => number): number {
  let worst = 0;
  for (let i = 0; i < x.length; i++) {
    const keep = x[i];
    x[i] = keep + EPS;
    const up = loss();
    x[i] = keep - EPS;
    const down = loss();
    x[i] = keep;
    const fd = (up - down) / (2 * EPS);
    const err = Math.abs(fd) + Math.abs(analytic[i]) < 1e-7 ? 0 : relError(fd, analytic[i]);
    worst = Math.max(worst, err);
  }
  return worst;
}

/** Deterministic weights for a linear test loss Σ c_k y_k. */
export function lossWeights(n: number, seed = 7): Float64Array {
  const out = new Float64Array(n);
  let s = seed;
  for (let i = 0; i < n; i++) {
    s = (s * 1103515245 + 12345) % 2147483648;
    out[i] = (s / 2147483648) * 2 - 1;
  }
  return out;
}

export function weighted(y: Arr, c: Float64Array): number {
  let s = 0;
  for (let i = 0; i < y.length; i++) s += y[i] * c[i];
  return s;
}
