/** The payload's text and its structured form disagree, so the report could not say what would leave. */
export class ExposureMismatchError extends Error {
  constructor(detail: string) {
    super(`The payload text does not match its structured form (${detail}); it was not sent.`);
    this.name = 'ExposureMismatchError';
  }
}
