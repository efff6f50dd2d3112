// Failures of the Hand runtime itself (as opposed to a bad reply, which generateJson returns as data so the caller
// can repair or fall back).

export type HandRuntimeErrorCode =
  /** generateJson / embed before a model is loaded, or after unload. */
  | 'not_loaded'
  /** The fit estimate says the model plus its context will not fit in free RAM / VRAM. */
  | 'insufficient_memory'
  /** An embedding-only model was offered as the Hand (it cannot generate). */
  | 'not_generative'
  /** llama.cpp refused the file or the context after the checks passed. */
  | 'load_failed'
  /** The caller's AbortSignal fired. */
  | 'aborted'
  /** The runtime was disposed. */
  | 'disposed';

export class HandRuntimeError extends Error {
  override readonly name = 'HandRuntimeError';

  constructor(
    readonly code: HandRuntimeErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
