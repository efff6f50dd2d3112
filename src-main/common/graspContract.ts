// The topology-aware selector's part of the IPC contract (GraSP-style graph encoder): the newest trained model of a
// graph and how good it is, background training jobs with live progress, and cancelling one. contract.ts spreads
// these into its tables in its own marked block; qa.ask's `selector` choice uses SELECTOR_KINDS from here.
import { z } from 'zod';
import { graphName } from './graphName.js';

/** Training budget in seconds: what the analyst may ask for, and the default. */
export const GRASP_MAX_SECONDS = { min: 5, max: 3600, default: 60 } as const;
/** Upper bound on requested epochs (the time budget usually ends training first). */
export const GRASP_MAX_EPOCHS = 1000;

/** How qa.ask selects answers: the relation-path search alone, or with the graph's trained GraSP selector. */
export const SELECTOR_KINDS = ['path', 'grasp'] as const;
export type SelectorKind = (typeof SELECTOR_KINDS)[number];

const jobId = z.string().min(1).max(100);

export const graspRequestSchemas = {
  'grasp.status': z.object({ graph: graphName }).strict(),
  /** Starts a background job and answers at once with its id; progress arrives as grasp.progress events. */
  'grasp.train': z
    .object({
      graph: graphName,
      /** Training stops after this many seconds (then the model is evaluated and stored). */
      maxSeconds: z.number().int().min(GRASP_MAX_SECONDS.min).max(GRASP_MAX_SECONDS.max).default(GRASP_MAX_SECONDS.default),
      /** Epochs to train at most (default: the trainer's own). */
      epochs: z.number().int().min(1).max(GRASP_MAX_EPOCHS).optional(),
    })
    .strict(),
  'grasp.cancel': z.object({ jobId }).strict(),
} as const;

/** How good the stored model is, from its meta.json. */
export interface GraspMetricsSummary {
  /** Epochs trained (an epoch cut short by the time budget counts). */
  epochs: number;
  /** Mean training loss of the last epoch; null when no example carried a signal. */
  finalLoss: number | null;
  /** Recovery of held-out hidden edges: share whose true tail was in the subgraph, and its rank there. */
  coverage: number;
  hitsAt1: number;
  hitsAt3: number;
  mrr: number;
  /** Held-out edges the recovery was measured on. */
  heldOutEdges: number;
  /** Training stopped at the time budget rather than after its epochs. */
  stoppedEarly: boolean;
  trainSeconds: number;
}

export type GraspPhase = 'preparing' | 'training' | 'done' | 'failed' | 'cancelled';

/** One training job's progress; the last event of a job has `done: true` and either `version` or `error`. */
export interface GraspProgress {
  jobId: string;
  graph: string;
  phase: GraspPhase;
  /** The epoch in progress (0 while preparing) and the epochs asked for. */
  epoch: number;
  epochs: number;
  /** 0..1: the larger of epochs done and time budget used; 1 once done. */
  fraction: number;
  /** Mean loss so far in this epoch; null before the first step. */
  loss: number | null;
  elapsedMs: number;
  maxSeconds: number;
  done?: boolean;
  /** Why the job ended without a model: code 'cancelled' or 'grasp_failed' (the stored models are unchanged). */
  error?: GraspJobError;
  /** The version the finished job stored. */
  version?: number;
}

export interface GraspStatus {
  graph: string;
  trained: boolean;
  /** The newest stored version, which qa.ask with selector 'grasp' uses. */
  version?: number;
  /** ISO time the newest version was stored. */
  trainedAt?: string;
  /** True when the newest version was trained on exactly this graph's current content. */
  matchesGraph: boolean;
  metrics?: GraspMetricsSummary;
  /** Stored versions (older ones stay on disk). */
  versions: number;
  /** The graph's running training job, with its latest progress. */
  job?: GraspProgress;
}

export interface GraspTrainStarted {
  jobId: string;
  graph: string;
  maxSeconds: number;
  epochs: number;
}

/** Which selector answered a question (qa.ask's result carries it). */
export interface SelectorUse {
  kind: SelectorKind;
  /** The GraSP model version used. */
  version?: number;
  /** False when that model was trained on different content of this graph (it still runs, on stale scores). */
  matchesGraph?: boolean;
}

export interface GraspResponses {
  'grasp.status': GraspStatus;
  'grasp.train': GraspTrainStarted;
  'grasp.cancel': { cancelled: boolean };
}

export interface GraspEvents {
  'grasp.progress': GraspProgress;
}

export const GRASP_EVENT_NAMES: (keyof GraspEvents)[] = ['grasp.progress'];

/** Why a training job ended without a model (an ApiErrorBody with one of these codes). */
export interface GraspJobError {
  code: 'cancelled' | 'grasp_failed';
  message: string;
}

export type GraspErrorCode =
  /** qa.ask with selector 'grasp' on a graph that has no trained model. */
  | 'grasp_not_trained'
  /** A stored model that cannot be read or does not fit this graph. */
  | 'grasp_unreadable'
  /** grasp.train on a graph whose selector is already training. */
  | 'grasp_busy'
  /** A training job that failed (reported in its last grasp.progress event). */
  | 'grasp_failed';
