// One engine's Hand: its model files (ModelManager) and its llama.cpp runtime (HandRuntime). The runtime starts
// lazily, on the first load or fit estimate, because getLlama() takes about a second and detects GPUs; listing
// models and polling status never start it. Loads, unloads and runtime switches run one at a time.
// It also owns the engine's one HandAccounting: every question answered with the loaded model records its skill
// calls there, and hand.status reports the running totals.
import { stat } from 'node:fs/promises';
import { availableParallelism, freemem, totalmem } from 'node:os';
import { basename, join, resolve } from 'node:path';
import type {
  FitEstimateInfo,
  GpuMode,
  HandStatusInfo,
  LoadPhase,
  LoadedModel,
  ModelEntry,
  ModelFileInfo,
  ModelList,
  DownloadJobInfo,
  DownloadProgressInfo,
} from '../../common/modelTypes.js';
import { HandAccounting } from '../qa/hand/accounting.js';
import type { HandJsonGenerator } from '../qa/hand/llm/runSkill.js';
import type { HandRuntime } from '../llm/handRuntime.js';
import { HandRuntimeError } from '../llm/handRuntimeError.js';
import type { GenerateJsonOptions, HandJsonResult, HandPrompt, HandRuntimeOptions } from '../llm/handTypes.js';
import type { JsonSchema } from '../llm/jsonSchema.js';
import { ModelManager, type ModelDownload, type ModelManagerOptions } from '../llm/modelManager.js';
import { recommendedModels } from '../llm/recommendedModels.js';
import { SerialQueue } from '../llm/serialQueue.js';
import { ApiError } from './apiError.js';
import { withHandErrors } from './handErrors.js';
import { toFitEstimateInfo, toLoadedModel, toModelEntry, toModelFileInfo } from './modelMapping.js';

export interface HandServiceOptions {
  dataDir: string;
  /** CPU threads for llama.cpp; default the machine's core count (llama.cpp's own default oversubscribes). */
  threads?: number;
  /** The repository's development models folder; default ./models, null for none. */
  developmentModelsDir?: string | null;
  /** Replaces HandRuntime.create (tests). */
  createRuntime?: (options: HandRuntimeOptions) => Promise<HandRuntime>;
  /** Records each model download in the audit log (assemble() connects it to the Brain's log). */
  recordDownload?: ModelManagerOptions['recordDownload'];
  /** Where downloads may come from; default CTRLG_MODEL_HOSTS or Hugging Face. */
  downloadPolicy?: ModelManagerOptions['downloadPolicy'];
}

/** Which model and how: a listed file name or a path, plus the load settings from the contract. */
export interface ModelSettings {
  fileName?: string;
  path?: string;
  gpu: GpuMode;
  gpuLayers: 'auto' | number;
  contextSize?: number;
  threads?: number;
}

/** The generative model questions may use now: one successful load, until it is unloaded or replaced. */
export interface ActiveHand {
  /** Distinct for every load, even of the same file: a cache keyed by it never outlives the model it was built for. */
  id: number;
  fileName: string;
  /** Generates on this load's model only; once it is unloaded or replaced, calls fail as not_loaded (skills fall back). */
  generator: HandJsonGenerator;
}

interface LoadedHand {
  id: number;
  fileName: string;
  path: string;
  runtime: HandRuntime;
}

/** Download progress events at most this often (the downloader reports per chunk). */
const PROGRESS_INTERVAL_MS = 150;

export class HandService {
  readonly models: ModelManager;
  private readonly threads: number;
  private readonly createRuntime: (options: HandRuntimeOptions) => Promise<HandRuntime>;
  private runtime: { mode: GpuMode; hand: HandRuntime } | null = null;
  private readonly queue = new SerialQueue();
  private readonly downloads = new Map<string, ModelDownload>();
  /** The running download, else the last one that ended (what models.list reports, for a page that reloads). */
  private lastDownload: DownloadJobInfo | null = null;
  /** Skill calls of every question answered with a loaded model (the ask service records, status reports). */
  readonly accounting = new HandAccounting();
  private loaded: LoadedHand | null = null;
  private loads = 0;
  private closed = false;

  constructor(options: HandServiceOptions) {
    this.models = new ModelManager({
      dataDir: options.dataDir,
      developmentModelsDir: options.developmentModelsDir,
      ...(options.recordDownload ? { recordDownload: options.recordDownload } : {}),
      ...(options.downloadPolicy ? { downloadPolicy: options.downloadPolicy } : {}),
    });
    this.threads = Math.max(1, options.threads ?? availableParallelism());
    // llama.cpp's bindings load when a model does, not with the engine.
    this.createRuntime = options.createRuntime ?? (async (o) => (await import('../llm/handRuntime.js')).HandRuntime.create(o));
  }

  /** The running runtime, for the question pipeline; null until a model was loaded or estimated. */
  get currentRuntime(): HandRuntime | null {
    return this.runtime?.hand ?? null;
  }

  /** The loaded generative model, for the question pipeline; null when questions must use the algorithmic Hand. */
  activeHand(): ActiveHand | null {
    const loaded = this.loaded;
    return loaded ? { id: loaded.id, fileName: loaded.fileName, generator: this.generatorFor(loaded) } : null;
  }

  async list(): Promise<ModelList> {
    const models = (await this.models.list()).map(toModelEntry);
    const inData = new Set(models.filter((m) => m.source === 'data' && m.info).map((m) => m.fileName));
    return {
      modelsDir: this.models.dataModelsDir,
      models,
      recommended: recommendedModels.map((r) => ({ ...r, downloaded: inData.has(uriFileName(r.uri)) })),
      downloadHosts: this.models.downloadPolicy.hosts.map((h) => (h.startsWith('.') ? `*${h}` : h)),
      download: this.lastDownload && { ...this.lastDownload },
    };
  }

  /** Checks a GGUF the user picked and copies it into the data folder. */
  async add(path: string, overwrite: boolean): Promise<ModelEntry> {
    const source = resolve(path);
    const dest = join(this.models.dataModelsDir, basename(source));
    if (!overwrite && dest !== source && (await stat(dest).catch(() => undefined)))
      throw new ApiError('model_exists', `A model named ${basename(source)} is already in ${this.models.dataModelsDir}.`, {
        fileName: basename(source),
      });
    const info = await withHandErrors(() => this.models.addFromDisk(source, { overwrite }));
    return { path: info.path, fileName: info.fileName, source: 'data', sizeBytes: info.fileSizeBytes, info: toModelFileInfo(info) };
  }

  /** Downloads into the data folder; progress goes to `onProgress` as contract events. */
  async download(
    jobId: string,
    uri: string,
    fileName: string | undefined,
    onProgress: (p: DownloadProgressInfo) => void,
  ): Promise<ModelFileInfo> {
    this.assertOpen();
    if (this.downloads.has(jobId)) throw new ApiError('invalid_request', `A download with job id "${jobId}" is already running.`);
    let last = 0;
    const tracked: DownloadJobInfo = { jobId, uri, status: 'running', progress: null };
    const job = this.models.startDownload(uri, {
      fileName,
      onProgress: (p) => {
        const now = performance.now();
        const finished = p.totalBytes > 0 && p.downloadedBytes >= p.totalBytes;
        if (!finished && now - last < PROGRESS_INTERVAL_MS) return;
        last = now;
        const speed = p.bytesPerSecond > 0 ? p.bytesPerSecond : undefined;
        const etaSeconds = speed && p.totalBytes > 0 ? Math.max(0, (p.totalBytes - p.downloadedBytes) / speed) : undefined;
        tracked.progress = { jobId, downloadedBytes: p.downloadedBytes, totalBytes: p.totalBytes, speed, etaSeconds };
        onProgress(tracked.progress);
      },
    });
    this.downloads.set(jobId, job);
    this.lastDownload = tracked;
    try {
      const info = toModelFileInfo(await withHandErrors(() => job.done));
      Object.assign(tracked, { status: 'done', fileName: info.fileName });
      return info;
    } catch (e) {
      const error = e instanceof ApiError ? { code: e.code, message: e.message } : { code: 'internal', message: (e as Error)?.message ?? String(e) };
      Object.assign(tracked, { status: error.code === 'cancelled' ? 'cancelled' : 'failed', error });
      throw e;
    } finally {
      this.downloads.delete(jobId);
    }
  }

  cancelDownload(jobId: string): boolean {
    const job = this.downloads.get(jobId);
    job?.cancel();
    return job !== undefined;
  }

  /** Loads a model as the Hand, restarting llama.cpp first when the GPU choice changed. */
  load(settings: ModelSettings, onProgress: (phase: LoadPhase, fraction: number, fileName: string) => void): Promise<LoadedModel> {
    return this.queue.run(async () => {
      // Questions starting from now on run algorithmically. Generations already asked of the old model are ahead of
      // this load in the runtime's queue, so none of them runs on the new model under the old one's name.
      const previous = this.loaded;
      this.loaded = null;
      try {
        const path = await this.resolveModelPath(settings);
        const fileName = basename(path);
        onProgress('start', 0, fileName);
        const hand = await this.runtimeFor(settings.gpu, true);
        const loaded = await withHandErrors(() =>
          hand.load(
            path,
            { gpuLayers: settings.gpuLayers, contextSize: settings.contextSize, threads: settings.threads },
            (p) => onProgress(p.phase, p.fraction, fileName),
          ),
        );
        this.loaded = { id: ++this.loads, fileName, path, runtime: hand };
        return toLoadedModel(loaded);
      } catch (e) {
        // A refused load (missing file, no fit) may leave the old model where it was: questions keep using it.
        this.loaded = previous && (await this.stillLoaded(previous)) ? previous : null;
        throw e;
      }
    });
  }

  /** True when a model was loaded (and is now freed). */
  unload(): Promise<boolean> {
    return this.queue.run(async () => {
      this.loaded = null;
      const hand = this.runtime?.hand;
      if (!hand || !(await hand.status()).hand) return false;
      await hand.unload();
      return true;
    });
  }

  /**
   * Would this model fit? A GPU choice different from the running runtime's switches it only while no model is
   * loaded (switching unloads); otherwise 'cpu' on a GPU runtime is estimated as zero offloaded layers.
   */
  fitEstimate(settings: ModelSettings): Promise<FitEstimateInfo> {
    return this.queue.run(async () => {
      const path = await this.resolveModelPath(settings);
      const hand = await this.runtimeFor(settings.gpu, false);
      const onCpu = settings.gpu === 'cpu' || hand.backend === 'cpu';
      const estimate = await withHandErrors(() =>
        hand.estimateFit(path, { gpuLayers: onCpu ? 0 : settings.gpuLayers, contextSize: settings.contextSize }),
      );
      return toFitEstimateInfo(estimate, onCpu ? 'cpu' : hand.backend);
    });
  }

  async status(): Promise<HandStatusInfo> {
    const current = this.runtime;
    if (!current) return this.idleStatus();
    let s;
    try {
      s = await current.hand.status();
    } catch {
      return this.idleStatus(); // disposed by a concurrent runtime switch: report as not started
    }
    return {
      started: true,
      backend: s.backend,
      gpuMode: current.mode,
      gpuDevices: s.gpuDevices,
      threads: s.threads,
      hand: s.hand ? toLoadedModel(s.hand) : null,
      memory: s.memory,
      usage: s.usage,
      accounting: this.accounting.totals(),
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const running = [...this.downloads.values()];
    for (const job of running) job.cancel();
    await Promise.allSettled(running.map((job) => job.done));
    await this.queue.run(() => this.disposeRuntime());
  }

  private idleStatus(): HandStatusInfo {
    return {
      started: false,
      backend: null,
      gpuMode: null,
      gpuDevices: [],
      threads: this.threads,
      hand: null,
      memory: {
        ramTotalBytes: totalmem(),
        ramFreeBytes: freemem(),
        vramTotalBytes: 0,
        vramUsedBytes: 0,
        vramFreeBytes: 0,
        llamaRamBytes: 0,
        llamaVramBytes: 0,
      },
      usage: { calls: 0, tokensIn: 0, tokensOut: 0, ms: 0 },
      accounting: this.accounting.totals(),
    };
  }

  /** Call inside the queue: is `previous` still the runtime's loaded model? */
  private async stillLoaded(previous: LoadedHand): Promise<boolean> {
    if (this.runtime?.hand !== previous.runtime) return false;
    const status = await previous.runtime.status().catch(() => undefined);
    return status?.hand?.file.path === previous.path;
  }

  /** The runtime's generateJson, bound to one load: a question never runs half on one model and half on another. */
  private generatorFor(loaded: LoadedHand): HandJsonGenerator {
    const service = this;
    const gone = () => new HandRuntimeError('not_loaded', `${loaded.fileName} was unloaded or replaced during this question`);
    return {
      async generateJson<T>(prompt: HandPrompt, schema: JsonSchema, options: GenerateJsonOptions): Promise<HandJsonResult<T>> {
        if (service.loaded !== loaded) throw gone();
        try {
          return await loaded.runtime.generateJson<T>(prompt, schema, options);
        } catch (e) {
          // A runtime switch disposed it mid-question: the question finishes on the algorithmic skills.
          if (e instanceof HandRuntimeError && e.code === 'disposed') throw gone();
          throw e;
        }
      },
    };
  }

  /** Call inside the queue. `mayUnload`: a load replaces the model anyway, an estimate must not drop it. */
  private async runtimeFor(mode: GpuMode, mayUnload: boolean): Promise<HandRuntime> {
    this.assertOpen();
    const current = this.runtime;
    if (current) {
      // A CPU request is satisfied by an 'auto' runtime that found no GPU: restarting would change nothing.
      const satisfied = current.mode === mode || (mode === 'cpu' && current.hand.backend === 'cpu');
      if (satisfied) return current.hand;
      if (!mayUnload && (await current.hand.status()).hand) return current.hand;
      await this.disposeRuntime();
    }
    const hand = await withHandErrors(() => this.createRuntime({ gpu: mode === 'cpu' ? false : 'auto', threads: this.threads }));
    this.runtime = { mode, hand };
    return hand;
  }

  private async disposeRuntime(): Promise<void> {
    const current = this.runtime;
    this.runtime = null;
    this.loaded = null;
    await current?.hand.dispose();
  }

  /** A listed file name (data folder first) or a path; a name nobody lists is a missing model. */
  private async resolveModelPath(settings: ModelSettings): Promise<string> {
    if (settings.path !== undefined) return resolve(settings.path);
    const name = settings.fileName ?? '';
    const entries = await this.models.list();
    const entry = entries.find((e) => e.source === 'data' && e.fileName === name) ?? entries.find((e) => e.fileName === name);
    if (!entry) throw new ApiError('model_missing', `No model named ${name} in ${this.models.dataModelsDir}.`, { fileName: name });
    return entry.path;
  }

  private assertOpen(): void {
    if (this.closed) throw new ApiError('not_available', 'The Hand is closed.');
  }
}

/** `hf:owner/repo/file.gguf` or a URL → the file name it saves as. */
function uriFileName(uri: string): string {
  return uri.replace(/[?#].*$/, '').split('/').pop() ?? uri;
}
