// The topology-aware scorer: input lift → L relation-aware attention layers → scoring head (and an optional
// projection head). Holds the parameters; forward returns everything backward needs.
import { createPrng } from '../../../random/prng.js';
import { attentionBackward, attentionForward, type AttentionCache, type AttentionParams } from './attentionLayer.js';
import type { GraphBatch } from './graphBatch.js';
import { headBackward, headForward, type HeadCache, type HeadParams } from './scoringHead.js';
import { inputBackward, inputForward, type InputParams } from './inputLayer.js';
import { glorot, ParamSet, uniform } from './params.js';
import { projectionForward, type ProjectionParams } from './projectionHead.js';
import type { Arr, DType } from './tensor.js';

export interface EncoderConfig {
  /** Width of the question (DRM) vector. */
  questionDim: number;
  /** Width of a node's input features (see nodeFeatures: DRM name vector + log degree + anchor flag). */
  featureDim: number;
  hidden: number;
  layers: number;
  headHidden: number;
  /** Relations of the graph; the encoder embeds relation × direction (2 keys each). */
  relationCount: number;
  /** Width of the LLM embedding the projection head maps to; 0 = no projection head. */
  projectionDim: number;
}

export const DEFAULT_ENCODER_SHAPE = { hidden: 48, layers: 2, headHidden: 32, projectionDim: 0 } as const;

export interface EncoderPass {
  h0: Arr;
  layers: AttentionCache[];
  head: HeadCache;
  /** Final node states (n × hidden). */
  states: Arr;
  scores: Arr;
}

export class GraspEncoder {
  readonly params: ParamSet;
  private readonly input: InputParams;
  private readonly layerParams: AttentionParams[] = [];
  private readonly head: HeadParams;
  private readonly projection: ProjectionParams | undefined;

  constructor(readonly config: EncoderConfig, dtype: DType = 'f32') {
    const { questionDim: Q, featureDim: F, hidden: H, headHidden: K, relationCount, projectionDim } = config;
    const ps = new ParamSet(dtype);
    this.params = ps;
    this.input = { W: ps.add('in.W', [H, F]), b: ps.add('in.b', [H]), Wq: ps.add('in.Wq', [H, Q]) };
    for (let l = 0; l < config.layers; l++)
      this.layerParams.push({
        W: ps.add(`l${l}.W`, [H, H]),
        Ws: ps.add(`l${l}.Ws`, [H, H]),
        b: ps.add(`l${l}.b`, [H]),
        u: ps.add(`l${l}.u`, [H]),
        v: ps.add(`l${l}.v`, [H]),
        Wq: ps.add(`l${l}.Wq`, [H, Q]),
        R: ps.add(`l${l}.R`, [2 * relationCount, H]),
      });
    this.head = { A: ps.add('head.A', [K, H]), Aq: ps.add('head.Aq', [K, Q]), c: ps.add('head.c', [K]), a: ps.add('head.a', [K]), c0: ps.add('head.c0', [1]) };
    if (projectionDim > 0) this.projection = { P: ps.add('proj.P', [projectionDim, H]), p: ps.add('proj.p', [projectionDim]) };
  }

  /**
   * Seeded initialisation. Relation embeddings start from the relation labels' DRM vectors through a fixed random
   * projection (so "directed by" and "director" start close), the inverse direction as the negated vector.
   */
  initialize(seed: number, relationVectors?: ArrayLike<number>[]): void {
    const rng = createPrng(seed);
    const { hidden: H, questionDim: Q } = this.config;
    for (const p of this.params.list) {
      if (p.shape.length === 2 && !p.name.endsWith('.R')) glorot(p, rng);
      else if (p.name.endsWith('.u') || p.name.endsWith('.v') || p.name === 'head.a') uniform(p, rng, 1 / Math.sqrt(H));
      else p.value.fill(0);
    }
    for (const lp of this.layerParams) {
      const G = Array.from({ length: H * Q }, () => rng.normal() / Math.sqrt(Q));
      const keys = lp.R.shape[0];
      for (let key = 0; key < keys; key++) {
        const rv = relationVectors?.[key >> 1];
        const sign = key & 1 ? -0.5 : 0.5;
        for (let o = 0; o < H; o++) {
          let s = 0;
          if (rv) for (let d = 0; d < Q; d++) s += G[o * Q + d] * rv[d];
          else s = rng.normal() / Math.sqrt(H);
          lp.R.value[key * H + o] = sign * s;
        }
      }
    }
  }

  forward(batch: GraphBatch): EncoderPass {
    const h0 = inputForward(this.input, batch);
    let h = h0;
    const layers: AttentionCache[] = [];
    for (const lp of this.layerParams) {
      const c = attentionForward(lp, batch, h);
      layers.push(c);
      h = c.hOut;
    }
    const head = headForward(this.head, batch, h);
    return { h0, layers, head, states: h, scores: head.scores };
  }

  /** Accumulates gradients of all parameters from dL/ds. */
  backward(batch: GraphBatch, pass: EncoderPass, dScores: Arr): void {
    let dh = headBackward(this.head, batch, pass.head, dScores);
    for (let l = this.layerParams.length - 1; l >= 0; l--) dh = attentionBackward(this.layerParams[l], batch, pass.layers[l], dh);
    inputBackward(this.input, batch, pass.h0, dh);
  }

  /** Node states mapped to the LLM embedding width (n × projectionDim); undefined without a projection head. */
  project(pass: EncoderPass, n: number): Arr | undefined {
    return this.projection ? projectionForward(this.projection, pass.states, n) : undefined;
  }
}
