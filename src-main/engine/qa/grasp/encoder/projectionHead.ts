// Projection of node states into an LLM's embedding width (GraSP's soft-prompt path: graph tokens fed to the
// model next to the text). node-llama-cpp cannot take soft prompts, so the app does not call this today; it is
// kept trained-ready and tested so a backend that accepts input embeddings can use it: y_i = P·h_i + p.
import { matmulT, matmulTBackward } from './dense.js';
import type { Param } from './params.js';
import { zerosLike, type Arr } from './tensor.js';

export interface ProjectionParams {
  P: Param; // [llmDim × H]
  p: Param; // [llmDim]
}

export function projectionForward(params: ProjectionParams, h: Arr, n: number): Arr {
  const [D, H] = params.P.shape;
  const y = zerosLike(h, n * D);
  matmulT(h, n, H, params.P.value, D, y);
  for (let i = 0; i < n; i++) for (let d = 0; d < D; d++) y[i * D + d] += params.p.value[d];
  return y;
}

export function projectionBackward(params: ProjectionParams, h: Arr, n: number, dY: Arr): Arr {
  const [D, H] = params.P.shape;
  for (let i = 0; i < n; i++) for (let d = 0; d < D; d++) params.p.grad[d] += dY[i * D + d];
  const dh = zerosLike(h, n * H);
  matmulTBackward(h, n, H, params.P.value, D, dY, params.P.grad, dh);
  return dh;
}
