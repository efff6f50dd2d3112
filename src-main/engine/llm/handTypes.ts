// Public shapes of the Hand runtime: options in, status and per-call accounting out. Plain data, so the service
// layer can pass them over IPC as they are.
import type { FitEstimateInfo, HandBackend, HandMemoryUse } from '../../common/modelTypes.js';
import type { ModelFileInfo } from './modelFiles.js';

export type { HandBackend };

export interface HandRuntimeOptions {
  /** 'auto' lets node-llama-cpp pick CUDA, Vulkan or Metal when a working binary and device exist; false is CPU only. */
  gpu?: 'auto' | false;
  /**
   * CPU threads for evaluation. Defaults to os.availableParallelism(): llama.cpp's own default (at least 4) oversubscribes
   * small machines and was 20x slower on 2 cores.
   */
  threads?: number;
}

export interface HandLoadOptions {
  /** Layers to offload: 'auto' fits as many as VRAM allows, 0 keeps everything on the CPU. Ignored (0) on CPU. */
  gpuLayers?: 'auto' | number;
  /** Context window in tokens. Defaults to the model's training context, capped at 8192. */
  contextSize?: number;
  /** Per-model thread override; defaults to the runtime's. */
  threads?: number;
  /** Load even when the fit estimate says it will not fit (llama.cpp may still refuse). */
  ignoreFitEstimate?: boolean;
  signal?: AbortSignal;
}

export interface HandLoadProgress {
  phase: 'inspect' | 'estimate' | 'load' | 'context' | 'done';
  /** Overall progress, 0..1. */
  fraction: number;
}

/** The wire's fit estimate before the runtime adds the backend it chose. */
export type FitEstimate = Omit<FitEstimateInfo, 'backend'>;

export interface LoadedModelInfo {
  file: ModelFileInfo;
  contextSize: number;
  gpuLayers: number;
  threads: number;
  /** The chat wrapper node-llama-cpp resolved for this model (from its template or name). */
  chatWrapper?: string;
  loadMs: number;
  ramBytes: number;
  vramBytes: number;
}

export interface HandUsage {
  calls: number;
  tokensIn: number;
  tokensOut: number;
  ms: number;
}

export interface HandStatus {
  backend: HandBackend;
  gpuDevices: string[];
  threads: number;
  hand: LoadedModelInfo | null;
  embedding: LoadedModelInfo | null;
  memory: HandMemoryUse;
  usage: HandUsage;
}

export interface HandPrompt {
  system: string;
  user: string;
}

export interface GenerateJsonOptions {
  maxTokens: number;
  /** 0 (the default) is greedy decoding: the same prompt gives the same answer. */
  temperature?: number;
  seed?: number;
  signal?: AbortSignal;
}

/** Accounting for one call. */
export interface HandCallStats {
  /** Prompt tokens evaluated (system + user, wrapped in the chat template). */
  tokensIn: number;
  /** Tokens generated. */
  tokensOut: number;
  /** Wall time of the whole call. */
  ms: number;
  /** Time until the first generated token: prompt evaluation, mostly. */
  promptMs: number;
  /** Generated tokens per second after the first one. */
  tokensPerSecond: number;
}

/** A value iff it parsed and passed the schema; otherwise an error to repair with or to fall back on. */
export interface HandJsonResult<T> extends HandCallStats {
  value?: T;
  error?: string;
  /** The raw reply, for a repair prompt. */
  raw: string;
  stopReason: string;
}
