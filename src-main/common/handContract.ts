// The Hand's part of the IPC contract (model files, downloads, loading, runtime status). contract.ts spreads
// these into its tables, so channels, events and error codes stay in one contract while this block stays
// separate from the graph and Brain channels.
import { z } from 'zod';
import type {
  DownloadProgressInfo,
  FitEstimateInfo,
  HandStatusInfo,
  LoadPhase,
  LoadedModel,
  ModelEntry,
  ModelFileInfo,
  ModelList,
} from './modelTypes.js';

const jobId = z.string().min(1).max(100);
const gpuLayers = z.union([z.literal('auto'), z.number().int().min(0).max(1000)]);

/** A model by file name (as listed by models.list) or by path on the engine machine; exactly one. */
const modelRef = {
  fileName: z.string().min(1).max(255).optional(),
  path: z.string().min(1).max(4000).optional(),
};
const oneModelRef = (r: { fileName?: string; path?: string }) => (r.fileName === undefined) !== (r.path === undefined);
const oneModelRefMessage = { message: 'give either fileName or path' };

const loadSettings = {
  gpu: z.enum(['auto', 'cpu']).default('auto'),
  gpuLayers: gpuLayers.default('auto'),
  contextSize: z.number().int().min(64).max(1 << 20).optional(),
};

export const handRequestSchemas = {
  'models.list': z.object({}).strict(),
  'models.add': z.object({ path: z.string().min(1).max(4000), overwrite: z.boolean().default(false) }).strict(),
  'models.download': z
    .object({
      /** Chosen by the client, to match progress events and cancel. */
      jobId,
      /** An http(s) URL or node-llama-cpp's `hf:<owner>/<repo>/<file>`. */
      uri: z.string().min(1).max(4000),
      fileName: z.string().min(1).max(255).optional(),
    })
    .strict(),
  'models.cancelDownload': z.object({ jobId }).strict(),
  'models.load': z
    .object({ ...modelRef, ...loadSettings, threads: z.number().int().min(1).max(256).optional() })
    .strict()
    .refine(oneModelRef, oneModelRefMessage),
  'models.unload': z.object({}).strict(),
  'models.fitEstimate': z.object({ ...modelRef, ...loadSettings }).strict().refine(oneModelRef, oneModelRefMessage),
  'hand.status': z.object({}).strict(),
} as const;

export interface HandResponses {
  'models.list': ModelList;
  'models.add': ModelEntry;
  'models.download': ModelFileInfo;
  'models.cancelDownload': { cancelled: boolean };
  'models.load': LoadedModel;
  'models.unload': { unloaded: boolean };
  'models.fitEstimate': FitEstimateInfo;
  'hand.status': HandStatusInfo;
}

export interface HandEvents {
  'models.downloadProgress': DownloadProgressInfo;
  'models.loadProgress': { fileName: string; phase: LoadPhase; fraction: number };
}

export const HAND_EVENT_NAMES: (keyof HandEvents)[] = ['models.downloadProgress', 'models.loadProgress'];

export type HandErrorCode =
  /** A model file that is not there, cut short, not GGUF, of an architecture llama.cpp cannot run, or unreadable. */
  | 'model_missing'
  | 'model_truncated'
  | 'model_bad_magic'
  | 'model_unsupported'
  | 'model_corrupt'
  /** models.add onto a file name that is already in the data folder. */
  | 'model_exists'
  /** An embedding model offered as the Hand. */
  | 'model_not_generative'
  /** llama.cpp refused the file or the context after the checks passed. */
  | 'model_load_failed'
  /** The model plus its context will not fit in free RAM / VRAM. */
  | 'insufficient_memory'
  /** The transfer failed, or the finished file had the wrong size or was not a usable model. */
  | 'download_failed';
