// Train on a graph and store the result as the next model version, with the metrics that say how good it is
// (loss curve, recovery of held-out hidden edges) next to it.
import type { MemoryGraph } from '../../graph/memoryGraph.js';
import type { EvalQuestion } from '../../import/questionsFile.js';
import type { Drm } from '../../core/types.js';
import type { SyncTextEmbedder } from './entityVectors.js';
import { graspContext } from './graspContext.js';
import { graphContentHash } from './graphHash.js';
import { evaluateLinkRecovery, type LinkRecovery } from './linkRecovery.js';
import { saveGraspModel } from './modelStore.js';
import { qaTrainingExamples } from './qaExamples.js';
import { DEFAULT_TRAIN_OPTIONS, trainEncoder, type TrainMetrics, type TrainOptions } from './train.js';

export interface TrainAndSaveResult {
  version: number;
  dir: string;
  metrics: TrainMetrics & { linkRecovery: LinkRecovery; qaExamples: number };
}

export async function trainAndSave(
  dataDir: string,
  graphName: string,
  graph: MemoryGraph,
  drm: SyncTextEmbedder & Drm,
  options: Partial<TrainOptions> & { questions?: EvalQuestion[]; evalExamples?: number } = {},
): Promise<TrainAndSaveResult> {
  const ctx = graspContext(graph, drm);
  const qaExamples = options.questions?.length ? await qaTrainingExamples(ctx, options.questions, drm) : undefined;
  const seed = options.seed ?? DEFAULT_TRAIN_OPTIONS.seed;
  const { encoder, metrics } = await trainEncoder(ctx, { ...options, seed, qaExamples });
  const relevance = options.relevance ?? DEFAULT_TRAIN_OPTIONS.relevance;
  const linkRecovery = evaluateLinkRecovery(encoder, ctx, options.evalExamples ?? 100, seed + 1_000_003, relevance);
  const all = { ...metrics, linkRecovery, qaExamples: qaExamples?.length ?? 0 };
  const { version, dir } = await saveGraspModel(dataDir, graphName, encoder, graph.relationLabels, {
    graphHash: graphContentHash(graph),
    seed,
    drm: (drm as Partial<Drm>).name ?? 'unknown',
    metrics: { ...all, options: { ...DEFAULT_TRAIN_OPTIONS, ...options, questions: undefined, qaExamples: undefined, onProgress: undefined, signal: undefined } },
  });
  return { version, dir, metrics: all };
}
