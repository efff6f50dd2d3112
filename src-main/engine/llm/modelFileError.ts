// Why a model file cannot be used, as a code the UI can turn into advice ("download it again" for truncated,
// "pick a GGUF file" for bad_magic, …) instead of a llama.cpp message.

export type ModelFileErrorCode =
  /** No file at the path. */
  | 'missing'
  /** The file ends before its header or tensor data does: an interrupted copy or download. */
  | 'truncated'
  /** Not a GGUF file at all (wrong first four bytes). */
  | 'bad_magic'
  /** A well-formed GGUF whose architecture this llama.cpp build cannot run. */
  | 'unsupported_architecture'
  /** A GGUF header that cannot be parsed or is inconsistent. */
  | 'corrupt';

export class ModelFileError extends Error {
  override readonly name = 'ModelFileError';

  constructor(
    readonly code: ModelFileErrorCode,
    readonly path: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isModelFileError(e: unknown): e is ModelFileError {
  return e instanceof ModelFileError;
}
