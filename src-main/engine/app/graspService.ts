// The topology-aware selector in the app: what the newest stored model of a graph is and how good, background
// training jobs (one per graph at a time, cancellable, with throttled progress), and the newest selector for the
// ask service. Training runs in-process: trainEncoder yields to the event loop between steps, so progress events
// go out and cancel requests arrive while it runs. Models are written by saveGraspModel (temporary folder, then a
// rename), so a failed or cancelled job never touches a stored version.
import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ParsedRequestOf } from '../../common/contract.js';
import type { GraspJobError, GraspMetricsSummary, GraspProgress, GraspStatus, GraspTrainStarted } from '../../common/graspContract.js';
import { loadGloveDrm } from '../drm/gloveDrm.js';
import type { GraphLibrary } from '../import/graphLibrary.js';
import type { MemoryGraph } from '../graph/memoryGraph.js';
import type { SyncTextEmbedder } from '../qa/grasp/entityVectors.js';
import { loadGraspSelector, type GraspSelector } from '../qa/grasp/graspSelector.js';
import { graphContentHash } from '../qa/grasp/graphHash.js';
import { graspModelsDir, listGraspVersions, MODEL_META_FILE, type GraspModelMeta } from '../qa/grasp/modelStore.js';
import { DEFAULT_TRAIN_OPTIONS, type TrainOptions } from '../qa/grasp/train.js';
import { trainAndSave, type TrainAndSaveResult } from '../qa/grasp/trainAndSave.js';
import type { EvalQuestion } from '../import/questionsFile.js';
import type { Drm } from '../core/types.js';
import { ApiError } from './apiError.js';

export type GraspDrm = Drm & SyncTextEmbedder;

export interface GraspServiceOptions {
  dataDir: string;
  library: GraphLibrary;
  /** The word vectors the encoder is trained with; default the shared GloVe DRM (the ask service's too). */
  loadDrm?: () => Promise<GraspDrm>;
  /** Trainer settings below the request's (examples per epoch, evaluation size, …); default the trainer's own. */
  trainDefaults?: Partial<Omit<TrainOptions, 'signal' | 'onProgress' | 'maxSeconds'>> & { evalExamples?: number };
  /** Least time between two progress events of a job (the end of each epoch is always reported); default 100 ms. */
  progressIntervalMs?: number;
}

interface Job {
  jobId: string;
  graph: string;
  controller: AbortController;
  last: GraspProgress;
  /** Settles (never rejects) with the job's last event. */
  done?: Promise<GraspProgress>;
}

export type GraspProgressListener = (progress: GraspProgress) => void;

/** Whether a DRM can embed synchronously, as the encoder's features need. */
export function isSyncDrm(drm: Drm): drm is GraspDrm {
  return typeof (drm as Partial<SyncTextEmbedder>).embedOne === 'function';
}

const graphHashes = new WeakMap<MemoryGraph, string>();

/** The graph's content hash, computed once per in-memory graph (a re-import gives a new MemoryGraph). */
function contentHash(graph: MemoryGraph): string {
  let h = graphHashes.get(graph);
  if (h === undefined) graphHashes.set(graph, (h = graphContentHash(graph)));
  return h;
}

function notTrained(graph: string): ApiError {
  return new ApiError(
    'grasp_not_trained',
    `Train the selector for graph "${graph}" first (Overview → Topology-aware selector → Train).`,
    { graph },
  );
}

/** The newest stored model version of a graph (what qa.ask with selector 'grasp' uses); grasp_not_trained when none. */
export async function newestGraspVersion(dataDir: string, name: string): Promise<number> {
  const versions = await listGraspVersions(dataDir, name);
  const version = versions[versions.length - 1];
  if (version === undefined) throw notTrained(name);
  return version;
}

/**
 * A stored version of a graph's selector, re-indexed to the graph's relations (as `--selector grasp` loads it);
 * grasp_unreadable when it cannot be loaded for this graph (damaged files, word vectors of another size).
 */
export async function openGraspSelector(dataDir: string, name: string, graph: MemoryGraph, drm: Drm, version: number): Promise<GraspSelector> {
  if (!isSyncDrm(drm)) throw new ApiError('not_available', 'The GraSP selector needs word vectors that embed synchronously; this engine has none.');
  let selector: GraspSelector;
  try {
    selector = await loadGraspSelector(dataDir, name, { drm, version, relationLabels: graph.relationLabels });
  } catch (err) {
    const reason = (err as Error)?.message ?? String(err);
    throw new ApiError('grasp_unreadable', `The GraSP model v${version} of graph "${name}" cannot be loaded: ${reason}`, { graph: name, version, reason });
  }
  const dim = (selector.meta?.config as { questionDim?: unknown } | undefined)?.questionDim;
  if (typeof dim === 'number' && dim !== drm.dim)
    throw new ApiError('grasp_unreadable', `The GraSP model v${version} of graph "${name}" was trained with ${dim}-dimensional word vectors; this engine's have ${drm.dim}.`, {
      graph: name,
      version,
    });
  return selector;
}

function num(v: unknown, fallback = 0): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}

/** The metrics trainAndSave stores, reduced to what the status shows; tolerant of older or partial meta files. */
export function summarizeMetrics(metrics: unknown): GraspMetricsSummary {
  const m = (metrics ?? {}) as { epochLoss?: unknown; epochSeconds?: unknown; stoppedEarly?: unknown; linkRecovery?: Record<string, unknown> };
  const losses = Array.isArray(m.epochLoss) ? m.epochLoss.filter((x): x is number => typeof x === 'number') : [];
  const seconds = Array.isArray(m.epochSeconds) ? m.epochSeconds.filter((x): x is number => typeof x === 'number') : [];
  const lr = m.linkRecovery ?? {};
  return {
    epochs: losses.length,
    finalLoss: losses.length ? losses[losses.length - 1]! : null,
    coverage: num(lr.coverage),
    hitsAt1: num(lr.hitsAt1),
    hitsAt3: num(lr.hitsAt3),
    mrr: num(lr.mrr),
    heldOutEdges: num(lr.examples),
    stoppedEarly: m.stoppedEarly === true,
    trainSeconds: seconds.reduce((a, b) => a + b, 0),
  };
}

export class GraspService {
  private readonly jobs = new Map<string, Job>();
  /** Graphs whose train request is between its busy check and its job's start (loading the graph). */
  private readonly starting = new Set<string>();
  private readonly listeners = new Set<GraspProgressListener>();
  private readonly dataDir: string;
  private readonly library: GraphLibrary;
  private readonly loadDrm: () => Promise<GraspDrm>;
  private readonly trainDefaults: NonNullable<GraspServiceOptions['trainDefaults']>;
  private readonly progressIntervalMs: number;
  private closed = false;

  constructor(options: GraspServiceOptions) {
    this.dataDir = options.dataDir;
    this.library = options.library;
    this.loadDrm = options.loadDrm ?? (() => loadGloveDrm());
    this.trainDefaults = options.trainDefaults ?? {};
    this.progressIntervalMs = options.progressIntervalMs ?? 100;
  }

  /** Every job's progress events; returns the unsubscribe. */
  onProgress(listener: GraspProgressListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  async status(name: string): Promise<GraspStatus> {
    // unknown_graph for a graph that does not exist, even when models of an earlier graph of that name remain.
    const graph = await this.library.memoryGraph(name);
    const job = this.jobOf(name);
    const versions = await listGraspVersions(this.dataDir, name);
    const version = versions[versions.length - 1];
    const base = { graph: name, versions: versions.length, ...(job ? { job: { ...job.last } } : {}) };
    if (version === undefined) return { ...base, trained: false, matchesGraph: false };
    let meta: GraspModelMeta;
    try {
      meta = JSON.parse(await readFile(join(graspModelsDir(this.dataDir, name), `v${version}`, MODEL_META_FILE), 'utf8')) as GraspModelMeta;
    } catch (err) {
      throw new ApiError('grasp_unreadable', `The GraSP model v${version} of graph "${name}" has an unreadable ${MODEL_META_FILE}: ${(err as Error).message}`, {
        graph: name,
        version,
      });
    }
    return {
      ...base,
      trained: true,
      version,
      trainedAt: meta.createdAt,
      matchesGraph: typeof meta.graphHash === 'string' && meta.graphHash === contentHash(graph),
      metrics: summarizeMetrics(meta.metrics),
    };
  }

  /** Starts training the graph's selector in the background; answers once the job runs (grasp_busy if one does). */
  async train(request: ParsedRequestOf<'grasp.train'>): Promise<GraspTrainStarted> {
    const { graph: name, maxSeconds } = request;
    if (this.closed) throw new ApiError('not_available', 'The engine is closing; no training starts now.');
    const running = this.jobOf(name);
    if (running || this.starting.has(name))
      throw new ApiError(
        'grasp_busy',
        `The selector of graph "${name}" is already training${running ? ` (job ${running.jobId})` : ''}; cancel it or wait for it to finish.`,
        { graph: name, ...(running ? { jobId: running.jobId } : {}) },
      );
    // Reserved before the first await, so two quick requests for one graph cannot both start.
    this.starting.add(name);
    let graph: MemoryGraph;
    try {
      // unknown_graph before any job exists.
      graph = await this.library.memoryGraph(name);
    } finally {
      this.starting.delete(name);
    }
    if (this.closed) throw new ApiError('not_available', 'The engine is closing; no training starts now.');
    const epochs = request.epochs ?? this.trainDefaults.epochs ?? DEFAULT_TRAIN_OPTIONS.epochs;
    const jobId = `grasp-${randomUUID()}`;
    const started = performance.now();
    const controller = new AbortController();
    const last: GraspProgress = { jobId, graph: name, phase: 'preparing', epoch: 0, epochs, fraction: 0, loss: null, elapsedMs: 0, maxSeconds };
    const job: Job = { jobId, graph: name, controller, last };
    this.jobs.set(jobId, job);
    job.done = this.run(job, graph, { maxSeconds, epochs }, started).finally(() => this.jobs.delete(jobId));
    return { jobId, graph: name, maxSeconds, epochs };
  }

  /** True when a running job was asked to stop (its last event then says how it ended); false for no such job. */
  cancel(jobId: string): boolean {
    const job = this.jobs.get(jobId);
    if (!job) return false;
    job.controller.abort();
    return true;
  }

  /** The job's last event once it has ended (undefined for a job that is not running). */
  finished(jobId: string): Promise<GraspProgress> | undefined {
    return this.jobs.get(jobId)?.done;
  }

  /** The graph's running job, if any. */
  running(name: string): GraspProgress | undefined {
    const job = this.jobOf(name);
    return job ? { ...job.last } : undefined;
  }

  /**
   * A deleted graph takes its selector with it: its running job is cancelled (and awaited) and every stored
   * version removed — the models were trained on the graph's content, so they go when the graph does.
   */
  async forgetGraph(name: string): Promise<void> {
    const job = this.jobOf(name);
    if (job) {
      job.controller.abort();
      await job.done?.catch(() => undefined);
    }
    await rm(graspModelsDir(this.dataDir, name), { recursive: true, force: true });
  }

  /**
   * Trains the graph's selector now, in the caller's time (the CLI's train; the app's training runs as jobs), and
   * stores it as the next version. Progress goes to `onProgress` per step.
   */
  async trainNow(
    name: string,
    options: Partial<Omit<TrainOptions, 'signal'>> & { questions?: EvalQuestion[] } = {},
  ): Promise<TrainAndSaveResult> {
    const graph = await this.library.memoryGraph(name);
    return trainAndSave(this.dataDir, name, graph, await this.loadDrm(), options);
  }

  /** Cancels every running job and waits for them to end (nothing half-written is left behind). */
  async close(): Promise<void> {
    this.closed = true;
    const jobs = [...this.jobs.values()];
    for (const job of jobs) job.controller.abort();
    await Promise.all(jobs.map((j) => j.done?.catch(() => undefined)));
    this.listeners.clear();
  }

  private jobOf(name: string): Job | undefined {
    for (const job of this.jobs.values()) if (job.graph === name) return job;
    return undefined;
  }

  private emit(job: Job, patch: Partial<GraspProgress>, started: number): GraspProgress {
    job.last = { ...job.last, ...patch, elapsedMs: Math.round(performance.now() - started) };
    const event = { ...job.last };
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (err) {
        console.error('ctrlg: grasp progress listener failed:', err);
      }
    }
    return event;
  }

  private async run(job: Job, graph: MemoryGraph, { maxSeconds, epochs }: { maxSeconds: number; epochs: number }, started: number): Promise<GraspProgress> {
    const signal = job.controller.signal;
    this.emit(job, {}, started);
    let lastEmit = 0;
    try {
      const drm = await this.loadDrm();
      if (signal.aborted) throw new DOMException('cancelled', 'AbortError');
      const { evalExamples, ...defaults } = this.trainDefaults;
      const result = await trainAndSave(this.dataDir, job.graph, graph, drm, {
        ...defaults,
        ...(evalExamples !== undefined ? { evalExamples } : {}),
        epochs,
        maxSeconds,
        signal,
        onProgress: (p) => {
          const now = performance.now();
          if (p.step !== p.steps && now - lastEmit < this.progressIntervalMs) return;
          lastEmit = now;
          const total = p.epochs * p.steps;
          const byEpochs = ((p.epoch - 1) * p.steps + p.step) / total;
          const byTime = (now - started) / 1000 / maxSeconds;
          // Below 1 until stored: evaluation and saving follow the last step.
          const fraction = Math.min(0.99, Math.max(byEpochs, byTime));
          this.emit(job, { phase: 'training', epoch: p.epoch, epochs: p.epochs, fraction, loss: p.loss }, started);
        },
      });
      const summary = summarizeMetrics(result.metrics);
      return this.emit(job, { phase: 'done', done: true, fraction: 1, version: result.version, loss: summary.finalLoss ?? job.last.loss }, started);
    } catch (err) {
      // trainEncoder stops with its own error when the signal fires; whatever was thrown, the user asked for it.
      const error: GraspJobError = signal.aborted
        ? { code: 'cancelled', message: `Training of the selector for graph "${job.graph}" was cancelled; the stored models are unchanged.` }
        : {
            code: 'grasp_failed',
            message: `Training of the selector for graph "${job.graph}" failed: ${(err as Error)?.message ?? String(err)}. The stored models are unchanged.`,
          };
      if (!signal.aborted) console.error(`ctrlg: grasp training of "${job.graph}" failed:`, err);
      return this.emit(job, { phase: signal.aborted ? 'cancelled' : 'failed', done: true, error }, started);
    }
  }
}
