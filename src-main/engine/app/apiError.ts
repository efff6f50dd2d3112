// A typed failure a handler raises on purpose; dispatch turns it into an error envelope as is.
import type { ApiErrorBody, ErrorCode } from '../../common/contract.js';

export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toBody(): ApiErrorBody {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}
