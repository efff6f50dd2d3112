// The Hand's runtime: one llama.cpp instance in the main process, one generative model at a time plus an optional
// embedding model. Everything that touches the model goes through one queue, because there is one context
// sequence and llama.cpp contexts are not reentrant.
import { availableParallelism } from 'node:os';
import {
  getLlama,
  InsufficientMemoryError,
  LlamaChatSession,
  LlamaLogLevel,
  type Llama,
  type LlamaContext,
  type LlamaContextSequence,
  type LlamaEmbeddingContext,
  type LlamaModel,
} from 'node-llama-cpp';
import { estimateFit } from './fitEstimate.js';
import { GrammarCache, generateJsonOnSequence } from './generateJson.js';
import { HandRuntimeError } from './handRuntimeError.js';
import type {
  FitEstimate,
  GenerateJsonOptions,
  HandBackend,
  HandJsonResult,
  HandLoadOptions,
  HandLoadProgress,
  HandPrompt,
  HandRuntimeOptions,
  HandStatus,
  HandUsage,
  LoadedModelInfo,
} from './handTypes.js';
import type { JsonSchema } from './jsonSchema.js';
import { readModelFile } from './modelFiles.js';
import { SerialQueue } from './serialQueue.js';

/** The Hand's prompts are a subgraph digest plus a question: 8k tokens is ample and keeps the KV cache small. */
const DEFAULT_MAX_CONTEXT = 8192;

interface HandSlot {
  model: LlamaModel;
  context: LlamaContext;
  sequence: LlamaContextSequence;
  info: LoadedModelInfo;
}

interface EmbeddingSlot {
  model: LlamaModel;
  context: LlamaEmbeddingContext;
  info: LoadedModelInfo;
}

type ProgressListener = (progress: HandLoadProgress) => void;

export class HandRuntime {
  private hand: HandSlot | null = null;
  private embedding: EmbeddingSlot | null = null;
  private readonly queue = new SerialQueue();
  private readonly grammars: GrammarCache;
  private readonly usage: HandUsage = { calls: 0, tokensIn: 0, tokensOut: 0, ms: 0 };
  private disposed = false;

  private constructor(
    private readonly llama: Llama,
    readonly threads: number,
  ) {
    this.grammars = new GrammarCache(llama);
  }

  /** Starts llama.cpp with the best backend it can actually use here (GPU detection happens now). */
  static async create(options: HandRuntimeOptions = {}): Promise<HandRuntime> {
    const threads = Math.max(1, options.threads ?? availableParallelism());
    const llama = await getLlama({
      gpu: options.gpu ?? 'auto',
      maxThreads: threads,
      // Never compile llama.cpp on a user's machine (it would need a toolchain and a download): use the shipped
      // prebuilt binaries, falling back from GPU flavours to CPU.
      build: 'never',
      logLevel: LlamaLogLevel.error,
      progressLogs: false,
    });
    return new HandRuntime(llama, threads);
  }

  /** The backend llama.cpp chose; 'cpu' when no GPU binary/device worked or gpu: false was asked. */
  get backend(): HandBackend {
    return this.llama.gpu === false ? 'cpu' : this.llama.gpu;
  }

  /** Whether `path` would fit as the Hand with these options, without loading it. */
  async estimateFit(path: string, options: Pick<HandLoadOptions, 'gpuLayers' | 'contextSize'> = {}): Promise<FitEstimate> {
    this.assertAlive();
    const { file, gguf } = await readModelFile(path, { llama: this.llama });
    return estimateFit(this.llama, gguf, {
      gpuLayers: this.resolveGpuLayers(options.gpuLayers),
      contextSize: this.resolveContextSize(options.contextSize, file.contextLength),
    });
  }

  /** Loads `path` as the Hand, replacing any Hand already loaded. */
  load(path: string, options: HandLoadOptions = {}, listener?: ProgressListener): Promise<LoadedModelInfo> {
    const onProgress = monotonic(listener);
    return this.queue.run(async () => {
      const slot = await this.loadModel(path, options, false, onProgress);
      const context = await slot.model
        .createContext({ contextSize: slot.contextSize, threads: slot.threads, sequences: 1 })
        .catch(async (e: unknown) => {
          await slot.model.dispose();
          throw loadError(path, e);
        });
      const sequence = context.getSequence();
      const info: LoadedModelInfo = {
        ...slot.info,
        contextSize: context.contextSize,
        chatWrapper: resolvedChatWrapperName(sequence),
        ramBytes: slot.model.memoryUsage.ram,
        vramBytes: slot.model.memoryUsage.vram,
        loadMs: performance.now() - slot.started,
      };
      this.hand = { model: slot.model, context, sequence, info };
      onProgress?.({ phase: 'done', fraction: 1 });
      return info;
    });
  }

  unload(): Promise<void> {
    return this.queue.run(() => this.unloadHand());
  }

  /** Loads an embedding model next to the Hand (replacing any previous one). */
  loadEmbeddingModel(path: string, options: HandLoadOptions = {}, listener?: ProgressListener): Promise<LoadedModelInfo> {
    const onProgress = monotonic(listener);
    return this.queue.run(async () => {
      const slot = await this.loadModel(path, options, true, onProgress);
      const context = await slot.model
        .createEmbeddingContext({ contextSize: slot.contextSize, threads: slot.threads })
        .catch(async (e: unknown) => {
          await slot.model.dispose();
          throw loadError(path, e);
        });
      const info: LoadedModelInfo = {
        ...slot.info,
        ramBytes: slot.model.memoryUsage.ram,
        vramBytes: slot.model.memoryUsage.vram,
        loadMs: performance.now() - slot.started,
      };
      this.embedding = { model: slot.model, context, info };
      onProgress?.({ phase: 'done', fraction: 1 });
      return info;
    });
  }

  unloadEmbeddingModel(): Promise<void> {
    return this.queue.run(() => this.unloadEmbedding());
  }

  /** A sentence vector from the embedding model. */
  embed(text: string): Promise<number[]> {
    return this.queue.run(async () => {
      this.assertAlive();
      if (!this.embedding) throw new HandRuntimeError('not_loaded', 'no embedding model is loaded');
      const e = await this.embedding.context.getEmbeddingFor(text);
      return [...e.vector];
    });
  }

  /**
   * Asks the Hand for JSON matching `schema`. The reply is grammar-constrained and then validated: `value` is set
   * iff it validates, otherwise `error` says why (invalid JSON, cut off, schema violations).
   */
  generateJson<T>(prompt: HandPrompt, schema: JsonSchema, options: GenerateJsonOptions): Promise<HandJsonResult<T>> {
    return this.queue.run(async () => {
      this.assertAlive();
      const hand = this.hand;
      if (!hand) throw new HandRuntimeError('not_loaded', 'no Hand model is loaded');
      const grammar = await this.grammars.get(schema);
      let result: HandJsonResult<T>;
      try {
        result = await generateJsonOnSequence<T>(hand.sequence, grammar, prompt, schema, options);
      } catch (e) {
        if (options.signal?.aborted) throw new HandRuntimeError('aborted', 'generation was aborted', { cause: e });
        throw e;
      }
      this.usage.calls += 1;
      this.usage.tokensIn += result.tokensIn;
      this.usage.tokensOut += result.tokensOut;
      this.usage.ms += result.ms;
      return result;
    });
  }

  async status(): Promise<HandStatus> {
    this.assertAlive();
    const [ram, vram, mine, devices] = await Promise.all([
      this.llama.getRamState(),
      this.llama.getVramState(),
      this.llama.getLlamaMemoryUsage(),
      this.llama.getGpuDeviceNames(),
    ]);
    return {
      backend: this.backend,
      gpuDevices: devices,
      threads: this.threads,
      hand: this.hand ? { ...this.hand.info } : null,
      embedding: this.embedding ? { ...this.embedding.info } : null,
      memory: {
        ramTotalBytes: ram.total,
        ramFreeBytes: ram.free,
        vramTotalBytes: vram.total,
        vramUsedBytes: vram.used,
        vramFreeBytes: vram.free,
        llamaRamBytes: mine.cpuRam,
        llamaVramBytes: mine.gpuVram,
      },
      usage: { ...this.usage },
    };
  }

  /** Tokenizes with the loaded Hand's tokenizer (for budgeting prompts against the context size). */
  tokenize(text: string): number[] {
    if (!this.hand) throw new HandRuntimeError('not_loaded', 'no Hand model is loaded');
    return [...this.hand.model.tokenize(text)];
  }

  detokenize(tokens: readonly number[]): string {
    if (!this.hand) throw new HandRuntimeError('not_loaded', 'no Hand model is loaded');
    return this.hand.model.detokenize(tokens as never);
  }

  dispose(): Promise<void> {
    return this.queue.run(async () => {
      if (this.disposed) return;
      await this.unloadHand();
      await this.unloadEmbedding();
      this.disposed = true;
      await this.llama.dispose();
    });
  }

  private async loadModel(path: string, options: HandLoadOptions, forEmbedding: boolean, onProgress?: ProgressListener) {
    this.assertAlive();
    const started = performance.now();
    onProgress?.({ phase: 'inspect', fraction: 0 });
    const { file, gguf } = await readModelFile(path, { llama: this.llama });
    if (!forEmbedding && file.isEmbeddingModel)
      throw new HandRuntimeError('not_generative', `${file.fileName} is an embedding model (${file.architecture}); it cannot be the Hand`);

    onProgress?.({ phase: 'estimate', fraction: 0.02 });
    const contextSize = this.resolveContextSize(options.contextSize, file.contextLength);
    const requestedLayers = this.resolveGpuLayers(options.gpuLayers);
    const fit = await estimateFit(this.llama, gguf, { gpuLayers: requestedLayers, contextSize, embeddingContext: forEmbedding });
    if (!fit.fits && !options.ignoreFitEstimate)
      throw new HandRuntimeError('insufficient_memory', `${file.fileName} will not fit: ${fit.reason}`);

    // One model per slot: free the old one before allocating the new, or peak memory would be both.
    if (forEmbedding) await this.unloadEmbedding();
    else await this.unloadHand();

    const threads = Math.max(1, options.threads ?? this.threads);
    let model: LlamaModel;
    try {
      model = await this.llama.loadModel({
        modelPath: path,
        gpuLayers: requestedLayers === 'auto' ? { fitContext: { contextSize, embeddingContext: forEmbedding } } : requestedLayers,
        ignoreMemorySafetyChecks: options.ignoreFitEstimate,
        loadSignal: options.signal,
        onLoadProgress: (p) => onProgress?.({ phase: 'load', fraction: 0.05 + 0.9 * p }),
      });
    } catch (e) {
      if (options.signal?.aborted) throw new HandRuntimeError('aborted', `loading ${file.fileName} was aborted`, { cause: e });
      throw loadError(path, e);
    }
    onProgress?.({ phase: 'context', fraction: 0.95 });
    const info: LoadedModelInfo = { file, contextSize, gpuLayers: model.gpuLayers, threads, loadMs: 0, ramBytes: 0, vramBytes: 0 };
    return { model, info, contextSize, threads, started };
  }

  private async unloadHand(): Promise<void> {
    const hand = this.hand;
    this.hand = null;
    if (!hand) return;
    await hand.context.dispose();
    await hand.model.dispose();
  }

  private async unloadEmbedding(): Promise<void> {
    const e = this.embedding;
    this.embedding = null;
    if (!e) return;
    await e.context.dispose();
    await e.model.dispose();
  }

  private resolveGpuLayers(gpuLayers: HandLoadOptions['gpuLayers']): 'auto' | number {
    if (this.llama.gpu === false || !this.llama.supportsGpuOffloading) return 0;
    return gpuLayers ?? 'auto';
  }

  private resolveContextSize(requested: number | undefined, trained: number | undefined): number {
    const cap = Math.min(trained ?? DEFAULT_MAX_CONTEXT, DEFAULT_MAX_CONTEXT);
    return Math.max(64, requested ?? cap);
  }

  private assertAlive(): void {
    if (this.disposed) throw new HandRuntimeError('disposed', 'the Hand runtime was disposed');
  }
}

/** Progress bars must never go backwards, whatever rounding or llama.cpp's callbacks do. */
function monotonic(listener?: ProgressListener): ProgressListener | undefined {
  if (!listener) return undefined;
  let last = 0;
  return (p) => {
    last = Math.min(1, Math.max(last, p.fraction));
    listener({ phase: p.phase, fraction: last });
  };
}

function loadError(path: string, e: unknown): HandRuntimeError {
  if (e instanceof HandRuntimeError) return e;
  if (e instanceof InsufficientMemoryError)
    return new HandRuntimeError('insufficient_memory', `not enough memory for ${path}: ${e.message}`, { cause: e });
  return new HandRuntimeError('load_failed', `llama.cpp could not load ${path}: ${(e as Error).message}`, { cause: e });
}

/** The chat wrapper a session on this sequence would use (node-llama-cpp resolves it from the model's template). */
function resolvedChatWrapperName(sequence: LlamaContextSequence): string | undefined {
  const session = new LlamaChatSession({ contextSequence: sequence, autoDisposeSequence: false });
  try {
    return session.chatWrapper.wrapperName;
  } finally {
    session.dispose({ disposeSequence: false });
  }
}
