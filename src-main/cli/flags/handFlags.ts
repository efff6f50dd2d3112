// `--hand PATH.gguf [--hand-threads N]` for ask and eval: the model-backed Hand on a local GGUF, loaded into the
// assembly's Hand service (the runtime is created once per run). Every skill call is accounted per question by the
// ask service, so eval can write what the model cost next to each answer.
import { availableParallelism } from 'node:os';
import type { LoadedModel } from '../../common/modelTypes.js';
import { ApiError } from '../../engine/app/apiError.js';
import type { Assembly } from '../../engine/app/assemble.js';
import type { HandService } from '../../engine/app/handService.js';
import { CliError } from '../command.js';

export const HAND_FLAG_OPTIONS = {
  hand: { type: 'string' },
  'hand-threads': { type: 'string' },
} as const;

export interface HandFlagValues {
  hand?: string;
  'hand-threads'?: string;
}

export function parseHandThreads(value: string | undefined): number {
  // llama.cpp's own default (at least 4 threads) oversubscribes small machines; one per available core does not.
  if (value === undefined) return availableParallelism();
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new CliError(`--hand-threads must be a positive integer, not "${value}"`);
  return n;
}

/** --hand-threads sets the threads of every local model of the run: the Hand's and --brain local's. */
export function checkHandThreadsUse(values: HandFlagValues & { brain?: string }): void {
  if (values['hand-threads'] !== undefined && values.hand === undefined && values.brain !== 'local')
    throw new CliError('--hand-threads needs --hand PATH.gguf (or --brain local)');
}

/** Loads `path` into a Hand service; a missing, truncated or foreign file is a one-line CliError, not a stack trace. */
export async function loadModelFlag(service: HandService, flag: string, path: string): Promise<LoadedModel> {
  try {
    return await service.load({ path, gpu: 'auto', gpuLayers: 'auto' }, () => undefined);
  } catch (e) {
    if (e instanceof ApiError) throw new CliError(`${flag} ${path}: ${e.message}`);
    throw e;
  }
}

/** The loaded --hand model and the backend it runs on, or undefined without --hand. */
export async function loadHand(parts: Assembly, values: HandFlagValues): Promise<{ model: LoadedModel; backend: string } | undefined> {
  if (values.hand === undefined) return undefined;
  const model = await loadModelFlag(parts.hand, '--hand', values.hand);
  return { model, backend: (await parts.hand.status()).backend ?? 'cpu' };
}
