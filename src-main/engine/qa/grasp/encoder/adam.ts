// Adam with global-norm gradient clipping: message passing over hubs can produce rare large gradients, and one of
// them should not undo an epoch of training.
import type { ParamSet } from './params.js';
import { zeros, type Arr } from './tensor.js';

export interface AdamOptions {
  lr: number;
  beta1?: number;
  beta2?: number;
  eps?: number;
  /** Clip the global gradient norm to this (0 = no clipping). */
  clip?: number;
  weightDecay?: number;
}

export class Adam {
  private readonly m: Arr[];
  private readonly v: Arr[];
  private t = 0;

  constructor(private readonly params: ParamSet, private readonly options: AdamOptions) {
    this.m = params.list.map((p) => zeros(params.dtype, p.value.length));
    this.v = params.list.map((p) => zeros(params.dtype, p.value.length));
  }

  /** One update from the accumulated gradients; returns the gradient norm before clipping. */
  step(): number {
    const { lr, beta1 = 0.9, beta2 = 0.999, eps = 1e-8, clip = 5, weightDecay = 0 } = this.options;
    const norm = this.params.gradNorm();
    const scale = clip > 0 && norm > clip ? clip / norm : 1;
    this.t++;
    const c1 = 1 - beta1 ** this.t;
    const c2 = 1 - beta2 ** this.t;
    this.params.list.forEach((p, k) => {
      const m = this.m[k];
      const v = this.v[k];
      for (let i = 0; i < p.value.length; i++) {
        const g = p.grad[i] * scale + weightDecay * p.value[i];
        m[i] = beta1 * m[i] + (1 - beta1) * g;
        v[i] = beta2 * v[i] + (1 - beta2) * g * g;
        p.value[i] -= (lr * (m[i] / c1)) / (Math.sqrt(v[i] / c2) + eps);
      }
    });
    return norm;
  }
}
