// Self-supervised training of the GraSP encoder on one graph: mini-batches mixing link-prediction and synthetic
// path questions (plus the user's own QA pairs when given), Adam with clipping, all draws from one seeded PRNG so
// a seed reproduces the parameters exactly. Yields to the event loop after every example for progress and cancellation.
import { Adam } from './encoder/adam.js';
import { DEFAULT_ENCODER_SHAPE, GraspEncoder, type EncoderConfig } from './encoder/graspEncoder.js';
import { runExample } from './exampleStep.js';
import type { GraspContext } from './graspContext.js';
import { createPrng, type Prng } from '../../random/prng.js';
import type { RelevanceOptions } from './relevantSubgraph.js';
import { EXTRA_FEATURES } from './subgraphBatch.js';
import { linkExample, pathExample, type TrainingExample } from './trainingExamples.js';

export interface TrainOptions {
  seed: number;
  epochs: number;
  /** Examples drawn per epoch. */
  examplesPerEpoch: number;
  batchSize: number;
  lr: number;
  /** Share of link-prediction examples; the rest are synthetic path questions (and QA pairs when given). */
  linkShare: number;
  /** Share of answers' last-hop edges hidden in path questions. */
  dropShare: number;
  /** Subgraph bounds for training examples (smaller than at query time: speed). */
  relevance: RelevanceOptions;
  shape: Partial<Pick<EncoderConfig, 'hidden' | 'layers' | 'headHidden' | 'projectionDim'>>;
  /** Labelled questions (already linked), mixed in at `qaShare`. */
  qaExamples?: TrainingExample[];
  qaShare: number;
  /** Stop early (between steps) once this many seconds have passed; 0 = no limit. */
  maxSeconds: number;
  signal?: AbortSignal;
  onProgress?: (p: TrainProgress) => void;
}

export const DEFAULT_TRAIN_OPTIONS: Omit<TrainOptions, 'onProgress' | 'signal' | 'qaExamples'> = {
  seed: 1,
  epochs: 4,
  examplesPerEpoch: 384,
  batchSize: 16,
  lr: 3e-3,
  linkShare: 0.5,
  dropShare: 0.3,
  relevance: { l: 3, k1: 16, k2: 6, maxNodes: 500 },
  shape: {},
  qaShare: 0.3,
  maxSeconds: 0,
};

export interface TrainProgress {
  epoch: number;
  epochs: number;
  step: number;
  steps: number;
  /** Mean loss of the examples so far in this epoch. */
  loss: number;
  etaSeconds: number;
}

export interface TrainMetrics {
  epochLoss: number[];
  epochSeconds: number[];
  /** Examples that had an answer inside their subgraph (the others carry no signal). */
  usedExamples: number;
  skippedExamples: number;
  meanNodes: number;
  stoppedEarly: boolean;
}

export interface TrainResult {
  encoder: GraspEncoder;
  metrics: TrainMetrics;
}

export function createEncoderFor(ctx: GraspContext, shape: TrainOptions['shape'], seed: number): GraspEncoder {
  const config: EncoderConfig = {
    ...DEFAULT_ENCODER_SHAPE,
    ...shape,
    questionDim: ctx.drm.dim,
    featureDim: ctx.drm.dim + EXTRA_FEATURES,
    relationCount: ctx.graph.relationLabels.length,
  };
  const encoder = new GraspEncoder(config);
  encoder.initialize(seed, ctx.relationVectors);
  return encoder;
}

/** Draws one example; retries a few times because random walks into hubs or dead ends are discarded. */
export function drawExample(ctx: GraspContext, rng: Prng, options: Pick<TrainOptions, 'linkShare' | 'dropShare' | 'qaExamples' | 'qaShare'>): TrainingExample | undefined {
  for (let attempt = 0; attempt < 20; attempt++) {
    const u = rng.next();
    const qa = options.qaExamples;
    if (qa?.length && u < options.qaShare) return qa[rng.int(qa.length)];
    const ex = rng.next() < options.linkShare ? linkExample(ctx, rng) : pathExample(ctx, rng, options.dropShare);
    if (ex) return ex;
  }
  return undefined;
}

export async function trainEncoder(ctx: GraspContext, partial: Partial<TrainOptions> = {}): Promise<TrainResult> {
  const o: TrainOptions = { ...DEFAULT_TRAIN_OPTIONS, ...partial };
  const encoder = createEncoderFor(ctx, o.shape, o.seed);
  // Separate streams: changing the sampler does not change the initialisation and vice versa.
  const rng = createPrng(o.seed * 7919 + 17);
  const adam = new Adam(encoder.params, { lr: o.lr, clip: 5 });
  const metrics: TrainMetrics = { epochLoss: [], epochSeconds: [], usedExamples: 0, skippedExamples: 0, meanNodes: 0, stoppedEarly: false };
  const stepsPerEpoch = Math.max(1, Math.ceil(o.examplesPerEpoch / o.batchSize));
  const started = performance.now();
  let nodeSum = 0;
  let nodeCount = 0;
  outer: for (let epoch = 1; epoch <= o.epochs; epoch++) {
    const epochStart = performance.now();
    let lossSum = 0;
    let lossCount = 0;
    for (let step = 1; step <= stepsPerEpoch; step++) {
      if (o.signal?.aborted) throw new Error('training cancelled');
      if (o.maxSeconds > 0 && (performance.now() - started) / 1000 > o.maxSeconds) {
        metrics.stoppedEarly = true;
        if (lossCount) {
          metrics.epochLoss.push(lossSum / lossCount);
          metrics.epochSeconds.push((performance.now() - epochStart) / 1000);
        }
        break outer;
      }
      encoder.params.zeroGrad();
      let used = 0;
      for (let b = 0; b < o.batchSize; b++) {
        const ex = drawExample(ctx, rng, o);
        if (!ex) continue;
        const out = runExample(encoder, ctx, ex, o.relevance, true);
        // Yield after every example (~30 ms of work on a big graph), not only every batch: the app's other calls
        // and a cancel are then served within one example. Order of computation, hence the result, is unchanged.
        await new Promise((r) => setImmediate(r));
        if (o.signal?.aborted) throw new Error('training cancelled');
        nodeSum += out.nodes;
        nodeCount++;
        if (out.loss === undefined) {
          metrics.skippedExamples++;
          continue;
        }
        used++;
        lossSum += out.loss;
        lossCount++;
      }
      metrics.usedExamples += used;
      if (used > 0) {
        encoder.params.scaleGrad(1 / used);
        adam.step();
      }
      const elapsed = (performance.now() - started) / 1000;
      const done = (epoch - 1) * stepsPerEpoch + step;
      o.onProgress?.({
        epoch,
        epochs: o.epochs,
        step,
        steps: stepsPerEpoch,
        loss: lossCount ? lossSum / lossCount : 0,
        etaSeconds: (elapsed / done) * (o.epochs * stepsPerEpoch - done),
      });
      await new Promise((r) => setImmediate(r));
    }
    metrics.epochLoss.push(lossCount ? lossSum / lossCount : 0);
    metrics.epochSeconds.push((performance.now() - epochStart) / 1000);
  }
  metrics.meanNodes = nodeCount ? nodeSum / nodeCount : 0;
  return { encoder, metrics };
}
