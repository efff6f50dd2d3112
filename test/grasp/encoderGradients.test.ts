import { describe, expect, it } from 'vitest';
import { attentionBackward, attentionForward, type AttentionParams } from '../../src-main/engine/qa/grasp/encoder/attentionLayer.js';
import { groupByDestination, type GraphBatch } from '../../src-main/engine/qa/grasp/encoder/graphBatch.js';
import { GraspEncoder } from '../../src-main/engine/qa/grasp/encoder/graspEncoder.js';
import { inputBackward, inputForward, type InputParams } from '../../src-main/engine/qa/grasp/encoder/inputLayer.js';
import { glorot, ParamSet, uniform } from '../../src-main/engine/qa/grasp/encoder/params.js';
import { projectionBackward, projectionForward } from '../../src-main/engine/qa/grasp/encoder/projectionHead.js';
import { headBackward, headForward, type HeadParams } from '../../src-main/engine/qa/grasp/encoder/scoringHead.js';
import { setSoftmaxLoss } from '../../src-main/engine/qa/grasp/encoder/setLoss.js';
import { createPrng } from '../../src-main/engine/random/prng.js';
import { checkInput, checkParam, lossWeights, weighted } from './gradientCheck.js';

const H = 5;
const Q = 4;
const F = 6;
const TOL = 1e-5;

/** Tiny graph: 5 nodes, a hub (0), a chain, a node without incoming edges (4), two relations. */
function tinyBatch(): GraphBatch {
  const rng = createPrng(3);
  const n = 5;
  const src = [1, 2, 3, 0, 0, 2, 3, 1];
  const dst = [0, 0, 0, 1, 2, 3, 2, 3];
  const key = [0, 1, 2, 1, 0, 3, 2, 1];
  const features = Float64Array.from({ length: n * F }, () => rng.next() * 2 - 1);
  const question = Float64Array.from({ length: Q }, () => rng.next() * 2 - 1);
  return { n, featureDim: F, features, question, ...groupByDestination(n, src, dst, key) };
}

function randomize(ps: ParamSet, seed: number): void {
  const rng = createPrng(seed);
  for (const p of ps.list) (p.shape.length === 2 ? glorot(p, rng) : uniform(p, rng, 0.5));
}

describe('encoder layers: backward matches finite differences (float64)', () => {
  it('input layer', () => {
    const batch = tinyBatch();
    const ps = new ParamSet('f64');
    const p: InputParams = { W: ps.add('W', [H, F]), b: ps.add('b', [H]), Wq: ps.add('Wq', [H, Q]) };
    randomize(ps, 1);
    const c = lossWeights(batch.n * H);
    const loss = (): number => weighted(inputForward(p, batch), c);
    const h = inputForward(p, batch);
    inputBackward(p, batch, h, c as unknown as Float64Array);
    for (const param of ps.list) expect(checkParam(param, loss), param.name).toBeLessThan(TOL);
  });

  it('relation-aware attention layer (parameters and input states)', () => {
    const batch = tinyBatch();
    const ps = new ParamSet('f64');
    const p: AttentionParams = {
      W: ps.add('W', [H, H]),
      Ws: ps.add('Ws', [H, H]),
      b: ps.add('b', [H]),
      u: ps.add('u', [H]),
      v: ps.add('v', [H]),
      Wq: ps.add('Wq', [H, Q]),
      R: ps.add('R', [4, H]),
    };
    randomize(ps, 2);
    const rng = createPrng(9);
    const hIn = Float64Array.from({ length: batch.n * H }, () => rng.next() * 2 - 1);
    const c = lossWeights(batch.n * H, 11);
    const loss = (): number => weighted(attentionForward(p, batch, hIn).hOut, c);
    const cache = attentionForward(p, batch, hIn);
    // The softmax must mix: a layer whose attention is uniform would not test the softmax backward.
    expect(new Set(Array.from(cache.alpha.subarray(0, 3), (a) => a.toFixed(4))).size).toBeGreaterThan(1);
    const dh = attentionBackward(p, batch, cache, c);
    for (const param of ps.list) expect(checkParam(param, loss), param.name).toBeLessThan(TOL);
    expect(checkInput(hIn, dh, loss)).toBeLessThan(TOL);
  });

  it('scoring head', () => {
    const batch = tinyBatch();
    const ps = new ParamSet('f64');
    const p: HeadParams = { A: ps.add('A', [3, H]), Aq: ps.add('Aq', [3, Q]), c: ps.add('c', [3]), a: ps.add('a', [3]), c0: ps.add('c0', [1]) };
    randomize(ps, 4);
    const rng = createPrng(5);
    const h = Float64Array.from({ length: batch.n * H }, () => rng.next() * 2 - 1);
    const c = lossWeights(batch.n, 13);
    const loss = (): number => weighted(headForward(p, batch, h).scores, c);
    const dh = headBackward(p, batch, headForward(p, batch, h), c);
    for (const param of ps.list) expect(checkParam(param, loss), param.name).toBeLessThan(TOL);
    expect(checkInput(h, dh, loss)).toBeLessThan(TOL);
  });

  it('projection head', () => {
    const ps = new ParamSet('f64');
    const p = { P: ps.add('P', [7, H]), p: ps.add('p', [7]) };
    randomize(ps, 6);
    const n = 3;
    const rng = createPrng(8);
    const h = Float64Array.from({ length: n * H }, () => rng.next() * 2 - 1);
    const c = lossWeights(n * 7, 17);
    const loss = (): number => weighted(projectionForward(p, h, n), c);
    const dh = projectionBackward(p, h, n, c);
    for (const param of ps.list) expect(checkParam(param, loss), param.name).toBeLessThan(TOL);
    expect(checkInput(h, dh, loss)).toBeLessThan(TOL);
  });

  it('set softmax loss', () => {
    const scores = Float64Array.from([0.3, -1.2, 2.0, 0.7, 5.0]);
    const candidates = Uint8Array.from([1, 1, 1, 1, 0]);
    const positive = Uint8Array.from([0, 1, 0, 1, 0]);
    const { dScores, loss: l0 } = setSoftmaxLoss(scores, candidates, positive);
    expect(l0).toBeGreaterThan(0);
    expect(dScores[4]).toBe(0);
    expect(checkInput(scores, dScores, () => setSoftmaxLoss(scores, candidates, positive).loss)).toBeLessThan(TOL);
  });
});

describe('whole encoder', () => {
  it('gradient of the set loss through head, layers and input matches finite differences', () => {
    const batch = tinyBatch();
    const enc = new GraspEncoder({ questionDim: Q, featureDim: F, hidden: H, layers: 2, headHidden: 3, relationCount: 2, projectionDim: 0 }, 'f64');
    enc.initialize(5, [Float64Array.from([1, 0, 0, 0]), Float64Array.from([0, 1, 0, 0])]);
    // Nudge zero-initialised biases so no term is trivially zero.
    const rng = createPrng(21);
    for (const p of enc.params.list) for (let i = 0; i < p.value.length; i++) p.value[i] += (rng.next() - 0.5) * 0.2;
    const candidates = Uint8Array.from([0, 1, 1, 1, 1]);
    const positive = Uint8Array.from([0, 0, 1, 0, 0]);
    const loss = (): number => setSoftmaxLoss(enc.forward(batch).scores, candidates, positive).loss;
    enc.params.zeroGrad();
    const pass = enc.forward(batch);
    enc.backward(batch, pass, setSoftmaxLoss(pass.scores, candidates, positive).dScores);
    for (const p of enc.params.list) expect(checkParam(p, loss), p.name).toBeLessThan(TOL);
  });

  it('float32 training path agrees with the float64 check within float32 tolerance', () => {
    const mk = (dtype: 'f32' | 'f64'): GraspEncoder => {
      const e = new GraspEncoder({ questionDim: Q, featureDim: F, hidden: H, layers: 2, headHidden: 3, relationCount: 2, projectionDim: 4 }, dtype);
      e.initialize(5);
      return e;
    };
    const b64 = tinyBatch();
    const b32: GraphBatch = { ...b64, features: Float32Array.from(b64.features), question: Float32Array.from(b64.question) };
    const e64 = mk('f64');
    const e32 = mk('f32');
    const s64 = e64.forward(b64).scores;
    const s32 = e32.forward(b32).scores;
    for (let i = 0; i < s64.length; i++) expect(Math.abs(s64[i] - s32[i])).toBeLessThan(1e-5);
    expect(e32.project(e32.forward(b32), b32.n)?.length).toBe(b32.n * 4);
  });
});
