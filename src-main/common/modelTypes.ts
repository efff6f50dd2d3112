// Plain shapes for the Hand's models and runtime as they cross the wire, defined once: the engine's llm/ module
// extends them where it knows more (ModelFileInfo, FitEstimate) and the service maps back down to these, so the
// renderer never depends on engine code.
import type { HandSkill } from './answerTypes.js';

/** The compute backend llama.cpp actually chose. */
export type HandBackend = 'cuda' | 'vulkan' | 'metal' | 'cpu';

/** What the user asks for: let llama.cpp pick a GPU backend, or stay on the CPU. */
export type GpuMode = 'auto' | 'cpu';

/** Why a model file cannot be used (mirrors the engine's checks). */
export type ModelFileProblem = 'missing' | 'truncated' | 'bad_magic' | 'unsupported_architecture' | 'corrupt';

export interface ModelFileInfo {
  path: string;
  fileName: string;
  fileSizeBytes: number;
  ggufVersion: number;
  /** `general.architecture`, e.g. "llama", "qwen3". */
  architecture: string;
  name?: string;
  /** Total tensor elements. */
  parameters: number;
  /** "Q4_K_M", "F16", "F32"… or "unknown". */
  quantisation: string;
  /** Context length the model was trained with. */
  contextLength?: number;
  layers?: number;
  isEmbeddingModel: boolean;
  hasChatTemplate: boolean;
}

export interface ModelEntry {
  path: string;
  fileName: string;
  /** `data`: in the app's data folder; `development`: the repository's models/ folder. */
  source: 'development' | 'data';
  sizeBytes: number;
  /** Present when the file checked out. */
  info?: ModelFileInfo;
  /** Present when it did not: listed so the user sees why it cannot be loaded. */
  error?: { problem: ModelFileProblem; message: string };
}

/** A curated model the picker offers (engine/llm/recommendedModels.ts lists them). */
export interface RecommendedModel {
  id: string;
  role: 'hand' | 'embedding';
  label: string;
  uri: string;
  /** Approximate download size in bytes. */
  approxBytes: number;
  parameters: string;
  quantisation: string;
  note: string;
}

export interface RecommendedModelInfo extends RecommendedModel {
  /** Already in the data folder (matched by file name). */
  downloaded: boolean;
}

export interface ModelList {
  /** Where added and downloaded models go. */
  modelsDir: string;
  models: ModelEntry[];
  recommended: RecommendedModelInfo[];
  /** The only hosts model downloads may come from ("*.hf.co" for any subdomain); each download is audited. */
  downloadHosts: string[];
  /** The running download, else the last one that ended: the engine keeps it, so a reloaded page shows it again. */
  download: DownloadJobInfo | null;
}

/** A download as the engine tracks it. */
export interface DownloadJobInfo {
  jobId: string;
  uri: string;
  status: 'running' | 'done' | 'failed' | 'cancelled';
  /** The latest progress event (null before the first byte). */
  progress: DownloadProgressInfo | null;
  /** The saved file, once done. */
  fileName?: string;
  /** Why it failed: the contract error's code and message. */
  error?: { code: string; message: string };
}

export interface FitEstimateInfo {
  fits: boolean;
  gpuLayers: number;
  contextSize: number;
  ramBytes: number;
  vramBytes: number;
  freeRamBytes: number;
  freeVramBytes: number;
  backend: HandBackend;
  reason?: string;
}

export interface LoadedModel {
  fileName: string;
  path: string;
  architecture: string;
  quantisation: string;
  parameters: number;
  contextSize: number;
  gpuLayers: number;
  threads: number;
  chatWrapper?: string;
  loadMs: number;
  ramBytes: number;
  vramBytes: number;
}

/** System and llama.cpp memory, as node-llama-cpp reports it (shared by the engine's status and the UI). */
export interface HandMemoryUse {
  ramTotalBytes: number;
  ramFreeBytes: number;
  vramTotalBytes: number;
  vramUsedBytes: number;
  vramFreeBytes: number;
  /** What llama.cpp itself holds (models and contexts). */
  llamaRamBytes: number;
  llamaVramBytes: number;
}

export interface HandStatusInfo {
  /** False until something needed llama.cpp (a load or fit estimate); the numbers then come from the OS. */
  started: boolean;
  /** The backend in use; null before start. */
  backend: HandBackend | null;
  gpuMode: GpuMode | null;
  gpuDevices: string[];
  threads: number;
  hand: LoadedModel | null;
  memory: HandMemoryUse;
  usage: { calls: number; tokensIn: number; tokensOut: number; ms: number };
  /** The Hand's skill calls on questions since the engine started, per skill (absent from older engines). */
  accounting?: HandAccountingTotals;
}

/** Running totals of one Hand skill (or of all of them). */
export interface HandSkillTotalsInfo {
  calls: number;
  tokensIn: number;
  tokensOut: number;
  ms: number;
  repairs: number;
  fallbacks: number;
}

export interface HandAccountingTotals extends HandSkillTotalsInfo {
  /** Questions answered with a model loaded. */
  questions: number;
  /** Generated tokens per second over all calls' wall time (0 before any call). */
  tokensPerSecond: number;
  bySkill: Record<HandSkill, HandSkillTotalsInfo>;
}

export type LoadPhase = 'start' | 'inspect' | 'estimate' | 'load' | 'context' | 'done';

export interface DownloadProgressInfo {
  jobId: string;
  downloadedBytes: number;
  totalBytes: number;
  /** Bytes per second, averaged by the downloader. */
  speed?: number;
  etaSeconds?: number;
}
