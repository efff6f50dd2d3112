// The Models settings: the model list, adding files, downloads (matched to models.downloadProgress by jobId),
// the load form with its fit estimate, loading (models.loadProgress) and the Hand's live status.
import { create } from 'zustand';
import type { ApiErrorBody, Events } from '../../../src-main/common/contract.js';
import type {
  DownloadJobInfo,
  DownloadProgressInfo,
  FitEstimateInfo,
  GpuMode,
  HandStatusInfo,
  LoadPhase,
  ModelList,
} from '../../../src-main/common/modelTypes.js';
import { callChannel } from '../api/callChannel.js';

export type DownloadStatus = DownloadJobInfo['status'];

export interface DownloadJob {
  id: string;
  uri: string;
  label: string;
  status: DownloadStatus;
  progress: DownloadProgressInfo | null;
  error: ApiErrorBody | null;
  /** File name of the finished download. */
  fileName: string | null;
  /** Started before this page loaded (the engine keeps the job): followed through models.list until it ends. */
  adopted?: boolean;
}

/** The load form as typed: numbers stay strings until a request is built, so half-typed input is fine. */
export interface LoadForm {
  fileName: string;
  gpu: GpuMode;
  /** "auto" or a whole number. */
  gpuLayers: string;
  /** Empty: the engine's default. */
  threads: string;
  contextSize: string;
}

export interface LoadJob {
  fileName: string;
  phase: LoadPhase;
  fraction: number;
}

interface SettingsState {
  list: ModelList | null;
  listError: ApiErrorBody | null;
  status: HandStatusInfo | null;
  statusError: ApiErrorBody | null;
  addPath: string;
  adding: boolean;
  addError: ApiErrorBody | null;
  /** File name of the model just added, for a confirmation line. */
  added: string | null;
  customUri: string;
  download: DownloadJob | null;
  form: LoadForm;
  fit: FitEstimateInfo | null;
  fitError: ApiErrorBody | null;
  loading: LoadJob | null;
  loadError: ApiErrorBody | null;
  unloading: boolean;

  refreshList(): Promise<void>;
  refreshStatus(): Promise<void>;
  setAddPath(path: string): void;
  addModel(): Promise<void>;
  setCustomUri(uri: string): void;
  startDownload(uri: string, label: string): Promise<void>;
  cancelDownload(): Promise<void>;
  onDownloadProgress(event: Events['models.downloadProgress']): void;
  setForm(patch: Partial<LoadForm>): void;
  estimateFit(): Promise<void>;
  load(): Promise<void>;
  unload(): Promise<void>;
  onLoadProgress(event: Events['models.loadProgress']): void;
}

const invalid = (message: string): ApiErrorBody => ({ code: 'invalid_request', message });

/** The form as load settings, or an error naming the field that is not a number. */
export function loadSettingsOf(form: LoadForm):
  | { ok: true; value: { fileName: string; gpu: GpuMode; gpuLayers: 'auto' | number; threads?: number; contextSize?: number } }
  | { ok: false; error: ApiErrorBody } {
  const whole = (text: string, field: string, min: number) => {
    const n = Number(text.trim());
    return Number.isInteger(n) && n >= min ? n : invalid(`${field} must be a whole number of at least ${min}.`);
  };
  if (!form.fileName) return { ok: false, error: invalid('Pick a model to load.') };
  const layersText = form.gpuLayers.trim().toLowerCase();
  const gpuLayers = layersText === '' || layersText === 'auto' ? 'auto' : whole(layersText, 'GPU layers', 0);
  const threads = form.threads.trim() === '' ? undefined : whole(form.threads, 'Threads', 1);
  const contextSize = form.contextSize.trim() === '' ? undefined : whole(form.contextSize, 'Context size', 64);
  for (const v of [gpuLayers, threads, contextSize]) if (typeof v === 'object') return { ok: false, error: v };
  return {
    ok: true,
    value: {
      fileName: form.fileName,
      gpu: form.gpu,
      gpuLayers: gpuLayers as 'auto' | number,
      ...(threads === undefined ? {} : { threads: threads as number }),
      ...(contextSize === undefined ? {} : { contextSize: contextSize as number }),
    },
  };
}

/** The engine's download as this page shows it, for a job it did not start itself (after a reload). */
function adoptedJob(info: DownloadJobInfo, list: ModelList): DownloadJob {
  return {
    id: info.jobId,
    uri: info.uri,
    label: list.recommended.find((r) => r.uri === info.uri)?.label ?? info.uri,
    status: info.status,
    progress: info.progress,
    // The engine recorded the contract error it answered the download with.
    error: info.error ? { code: info.error.code as ApiErrorBody['code'], message: info.error.message } : null,
    fileName: info.fileName ?? null,
    adopted: true,
  };
}

let jobCounter = 0;
function newJobId(): string {
  jobCounter += 1;
  return `download-${Date.now().toString(36)}-${jobCounter}`;
}
/** Fit estimates answer in the order asked; only the latest one may land. */
let fitSeq = 0;

export const useSettingsStore = create<SettingsState>()((set, get) => ({
  list: null,
  listError: null,
  status: null,
  statusError: null,
  addPath: '',
  adding: false,
  addError: null,
  added: null,
  customUri: '',
  download: null,
  form: { fileName: '', gpu: 'auto', gpuLayers: 'auto', threads: '', contextSize: '' },
  fit: null,
  fitError: null,
  loading: null,
  loadError: null,
  unloading: false,

  async refreshList() {
    const res = await callChannel('models.list', {});
    if (!res.ok) return set({ listError: res.error });
    set({ list: res.value, listError: null });
    // A download this page did not start (it was reloaded) is shown as the engine has it; one it started, as it goes.
    const local = get().download;
    if (res.value.download && (!local || local.adopted)) set({ download: adoptedJob(res.value.download, res.value) });
    // Preselect the first usable model so Load works without an extra click.
    const { form } = get();
    const usable = res.value.models.filter((m) => m.info && !m.info.isEmbeddingModel);
    if (!usable.some((m) => m.fileName === form.fileName) && usable[0]) get().setForm({ fileName: usable[0].fileName });
  },

  async refreshStatus() {
    const res = await callChannel('hand.status', {});
    set(res.ok ? { status: res.value, statusError: null } : { statusError: res.error });
  },

  setAddPath(path) {
    set({ addPath: path, addError: null, added: null });
  },

  async addModel() {
    const path = get().addPath.trim();
    if (!path || get().adding) return;
    set({ adding: true, addError: null, added: null });
    const res = await callChannel('models.add', { path });
    if (!res.ok) return set({ adding: false, addError: res.error });
    set({ adding: false, added: res.value.fileName, addPath: '' });
    await get().refreshList();
    if (res.value.info && !res.value.info.isEmbeddingModel) get().setForm({ fileName: res.value.fileName });
  },

  setCustomUri(uri) {
    set({ customUri: uri });
  },

  async startDownload(uri, label) {
    if (get().download?.status === 'running') return;
    const id = newJobId();
    set({ download: { id, uri, label, status: 'running', progress: null, error: null, fileName: null } });
    const res = await callChannel('models.download', { jobId: id, uri });
    const job = get().download;
    if (!job || job.id !== id) return;
    if (res.ok) {
      set({ download: { ...job, status: 'done', fileName: res.value.fileName } });
      await get().refreshList();
    } else {
      set({ download: { ...job, status: res.error.code === 'cancelled' ? 'cancelled' : 'failed', error: res.error } });
    }
  },

  async cancelDownload() {
    const job = get().download;
    if (!job || job.status !== 'running') return;
    const res = await callChannel('models.cancelDownload', { jobId: job.id });
    if (!res.ok) set({ download: { ...job, error: res.error } });
  },

  onDownloadProgress(event) {
    const job = get().download;
    if (!job || job.id !== event.jobId || job.status !== 'running') return;
    set({ download: { ...job, progress: event } });
  },

  setForm(patch) {
    set((s) => ({ form: { ...s.form, ...patch }, loadError: null }));
  },

  async estimateFit() {
    const settings = loadSettingsOf(get().form);
    const mine = ++fitSeq;
    if (!settings.ok) return set({ fit: null, fitError: get().form.fileName ? settings.error : null });
    const { threads: _threads, ...request } = settings.value;
    const res = await callChannel('models.fitEstimate', request);
    if (mine !== fitSeq) return;
    set(res.ok ? { fit: res.value, fitError: null } : { fit: null, fitError: res.error });
  },

  async load() {
    const settings = loadSettingsOf(get().form);
    if (!settings.ok) return set({ loadError: settings.error });
    if (get().loading) return;
    set({ loading: { fileName: settings.value.fileName, phase: 'start', fraction: 0 }, loadError: null });
    const res = await callChannel('models.load', settings.value);
    set({ loading: null, loadError: res.ok ? null : res.error });
    await get().refreshStatus();
  },

  async unload() {
    set({ unloading: true, loadError: null });
    const res = await callChannel('models.unload', {});
    set({ unloading: false, loadError: res.ok ? null : res.error });
    await get().refreshStatus();
  },

  onLoadProgress(event) {
    const job = get().loading;
    if (!job || job.fileName !== event.fileName) return;
    set({ loading: { ...job, phase: event.phase, fraction: Math.max(job.fraction, event.fraction) } });
  },
}));
