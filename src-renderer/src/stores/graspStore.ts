// The topology-aware selector (GraSP) per graph: the stored model's status, the training job (from grasp.progress
// events, which may arrive before grasp.train answers) and the errors to show. Kept here rather than in the panel,
// so a job keeps reporting while the analyst is on another tab.
import { create } from 'zustand';
import type { ApiErrorBody } from '../../../src-main/common/contract.js';
import { GRASP_MAX_SECONDS, type GraspProgress, type GraspStatus } from '../../../src-main/common/graspContract.js';
import { callChannel } from '../api/callChannel.js';

export interface GraspGraphState {
  status: GraspStatus | null;
  statusError: ApiErrorBody | null;
  /** The running job, or the last one to end (its final event: version or error). */
  job: GraspProgress | null;
  /** grasp.train or grasp.cancel refused (busy, invalid budget, …). */
  requestError: ApiErrorBody | null;
  /** A train request is on its way (the button stays disabled until its job reports). */
  starting: boolean;
}

interface GraspState {
  graphs: Record<string, GraspGraphState>;
  /** The training budget as typed in the seconds field (validated before it is sent). */
  seconds: string;
  setSeconds(text: string): void;
  loadStatus(graph: string): Promise<void>;
  train(graph: string): Promise<void>;
  cancel(graph: string): Promise<void>;
  onProgress(event: GraspProgress): void;
}

const EMPTY: GraspGraphState = { status: null, statusError: null, job: null, requestError: null, starting: false };

/** The typed budget as whole seconds within the contract's bounds, or an explanation of what is wrong. */
export function parseSeconds(text: string): { ok: true; seconds: number } | { ok: false; message: string } {
  const n = Number(text.trim());
  if (!text.trim() || !Number.isInteger(n)) return { ok: false, message: 'Enter a whole number of seconds.' };
  if (n < GRASP_MAX_SECONDS.min || n > GRASP_MAX_SECONDS.max)
    return { ok: false, message: `Between ${GRASP_MAX_SECONDS.min} and ${GRASP_MAX_SECONDS.max} seconds.` };
  return { ok: true, seconds: n };
}

export function isRunning(job: GraspProgress | null): boolean {
  return job !== null && job.done !== true;
}

export const useGraspStore = create<GraspState>()((set, get) => {
  const patch = (graph: string, p: Partial<GraspGraphState>) =>
    set((s) => ({ graphs: { ...s.graphs, [graph]: { ...EMPTY, ...s.graphs[graph], ...p } } }));
  const of = (graph: string): GraspGraphState => get().graphs[graph] ?? EMPTY;

  return {
    graphs: {},
    seconds: String(GRASP_MAX_SECONDS.default),

    setSeconds(text) {
      set({ seconds: text });
    },

    async loadStatus(graph) {
      const res = await callChannel('grasp.status', { graph });
      if (!res.ok) {
        patch(graph, { statusError: res.error });
        return;
      }
      const current = of(graph).job;
      // A job running in the engine (started before a reload, or in another window) shows up here too.
      const job = res.value.job && (!current || current.jobId === res.value.job.jobId || current.done) ? res.value.job : current;
      patch(graph, { status: res.value, statusError: null, job });
    },

    async train(graph) {
      const parsed = parseSeconds(get().seconds);
      if (!parsed.ok || isRunning(of(graph).job) || of(graph).starting) return;
      patch(graph, { starting: true, requestError: null });
      const res = await callChannel('grasp.train', { graph, maxSeconds: parsed.seconds });
      if (!res.ok) {
        patch(graph, { starting: false, requestError: res.error });
        return;
      }
      const { job } = of(graph);
      // Its first events usually arrive before this answer; otherwise show the job as preparing until they do.
      const placeholder: GraspProgress = {
        jobId: res.value.jobId,
        graph,
        phase: 'preparing',
        epoch: 0,
        epochs: res.value.epochs,
        fraction: 0,
        loss: null,
        elapsedMs: 0,
        maxSeconds: res.value.maxSeconds,
      };
      patch(graph, { starting: false, job: job?.jobId === res.value.jobId ? job : placeholder });
    },

    async cancel(graph) {
      const { job } = of(graph);
      if (!job || !isRunning(job)) return;
      const res = await callChannel('grasp.cancel', { jobId: job.jobId });
      if (!res.ok) patch(graph, { requestError: res.error });
    },

    onProgress(event) {
      // One job per graph at a time: the newest event of a graph is its job's state.
      patch(event.graph, { job: event });
      if (event.done) void get().loadStatus(event.graph);
    },
  };
});
