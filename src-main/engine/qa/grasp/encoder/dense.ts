// Dense kernels on row-major matrices: the only linear algebra the encoder needs.
import type { Arr } from './tensor.js';

/** out[i, :] (+)= X[i, :] · Wᵀ for X [n × inDim], W [outDim × inDim]. */
export function matmulT(X: Arr, n: number, inDim: number, W: Arr, outDim: number, out: Arr, accumulate = false): void {
  for (let i = 0; i < n; i++) {
    const xo = i * inDim;
    const oo = i * outDim;
    for (let o = 0; o < outDim; o++) {
      const wo = o * inDim;
      let s = 0;
      for (let k = 0; k < inDim; k++) s += X[xo + k] * W[wo + k];
      out[oo + o] = accumulate ? out[oo + o] + s : s;
    }
  }
}

/** Backward of matmulT: dW += dOutᵀ · X, and dX += dOut · W when dX is given. */
export function matmulTBackward(X: Arr, n: number, inDim: number, W: Arr, outDim: number, dOut: Arr, dW: Arr, dX?: Arr): void {
  for (let i = 0; i < n; i++) {
    const xo = i * inDim;
    const oo = i * outDim;
    for (let o = 0; o < outDim; o++) {
      const g = dOut[oo + o];
      if (g === 0) continue;
      const wo = o * inDim;
      for (let k = 0; k < inDim; k++) dW[wo + k] += g * X[xo + k];
      if (dX) for (let k = 0; k < inDim; k++) dX[xo + k] += g * W[wo + k];
    }
  }
}

/** y = W · x for one vector. */
export function matVec(W: Arr, outDim: number, inDim: number, x: ArrayLike<number>, out: Arr): void {
  for (let o = 0; o < outDim; o++) {
    let s = 0;
    const wo = o * inDim;
    for (let k = 0; k < inDim; k++) s += W[wo + k] * x[k];
    out[o] = s;
  }
}

/** dW += g ⊗ x (outer product), the backward of matVec with respect to W. */
export function addOuter(dW: Arr, g: ArrayLike<number>, outDim: number, x: ArrayLike<number>, inDim: number): void {
  for (let o = 0; o < outDim; o++) {
    const go = g[o];
    if (go === 0) continue;
    const wo = o * inDim;
    for (let k = 0; k < inDim; k++) dW[wo + k] += go * x[k];
  }
}
