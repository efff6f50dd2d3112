// Turns the Hand's typed failures (bad model files, runtime refusals, failed downloads) into contract errors
// with a code the UI can act on and the engine's own message, which already names the file and the reason.
import type { HandErrorCode } from '../../common/handContract.js';
import type { ModelFileProblem } from '../../common/modelTypes.js';
import { HandRuntimeError, type HandRuntimeErrorCode } from '../llm/handRuntimeError.js';
import { ModelFileError } from '../llm/modelFileError.js';
import { ModelDownloadError } from '../llm/modelManager.js';
import { ApiError } from './apiError.js';

const FILE_CODES: Record<ModelFileProblem, HandErrorCode> = {
  missing: 'model_missing',
  truncated: 'model_truncated',
  bad_magic: 'model_bad_magic',
  unsupported_architecture: 'model_unsupported',
  corrupt: 'model_corrupt',
};

const RUNTIME_CODES: Record<HandRuntimeErrorCode, ApiError['code']> = {
  not_loaded: 'not_available',
  insufficient_memory: 'insufficient_memory',
  not_generative: 'model_not_generative',
  load_failed: 'model_load_failed',
  aborted: 'cancelled',
  disposed: 'not_available',
};

/** The ApiError for a Hand failure; anything else is returned unchanged (dispatch reports it as internal). */
export function toHandApiError(err: unknown): unknown {
  if (err instanceof ModelFileError) return new ApiError(FILE_CODES[err.code], err.message, { path: err.path, problem: err.code });
  if (err instanceof HandRuntimeError) return new ApiError(RUNTIME_CODES[err.code], err.message, { reason: err.code });
  if (err instanceof ModelDownloadError) {
    if (err.code === 'cancelled') return new ApiError('cancelled', err.message);
    if (err.code === 'unsupported_source' || err.code === 'not_allowed') return new ApiError('invalid_request', err.message);
    return new ApiError('download_failed', err.message, { reason: err.code });
  }
  return err;
}

/** Runs `work`, rethrowing Hand failures as ApiErrors. */
export async function withHandErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw toHandApiError(err);
  }
}
