// Named parameter tensors with their gradients: one flat list the optimiser, the serialiser and the gradient
// checks all walk in the same order.
import type { Prng } from '../../../random/prng.js';
import { zeros, type Arr, type DType } from './tensor.js';

export interface Param {
  readonly name: string;
  /** Row-major shape, e.g. [rows, cols]. */
  readonly shape: number[];
  readonly value: Arr;
  readonly grad: Arr;
}

export class ParamSet {
  readonly list: Param[] = [];
  private readonly byName = new Map<string, Param>();

  constructor(readonly dtype: DType) {}

  add(name: string, shape: number[]): Param {
    if (this.byName.has(name)) throw new Error(`duplicate parameter ${name}`);
    const size = shape.reduce((a, b) => a * b, 1);
    const p: Param = { name, shape, value: zeros(this.dtype, size), grad: zeros(this.dtype, size) };
    this.list.push(p);
    this.byName.set(name, p);
    return p;
  }

  get(name: string): Param {
    const p = this.byName.get(name);
    if (!p) throw new Error(`no parameter ${name}`);
    return p;
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  zeroGrad(): void {
    for (const p of this.list) p.grad.fill(0);
  }

  get size(): number {
    return this.list.reduce((a, p) => a + p.value.length, 0);
  }

  /** Global L2 norm of all gradients. */
  gradNorm(): number {
    let s = 0;
    for (const p of this.list) for (let i = 0; i < p.grad.length; i++) s += p.grad[i] * p.grad[i];
    return Math.sqrt(s);
  }

  scaleGrad(factor: number): void {
    for (const p of this.list) for (let i = 0; i < p.grad.length; i++) p.grad[i] *= factor;
  }
}

/** Glorot-uniform initialisation of a [fanOut, fanIn] matrix. */
export function glorot(p: Param, rng: Prng): void {
  const [fanOut, fanIn] = p.shape.length === 2 ? p.shape : [p.shape[0], p.shape[0]];
  const limit = Math.sqrt(6 / (fanIn + fanOut));
  for (let i = 0; i < p.value.length; i++) p.value[i] = (rng.next() * 2 - 1) * limit;
}

export function uniform(p: Param, rng: Prng, scale: number): void {
  for (let i = 0; i < p.value.length; i++) p.value[i] = (rng.next() * 2 - 1) * scale;
}
