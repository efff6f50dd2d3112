// Errors of the Brain path. Each says what went wrong and what the analyst can do; none ever carries the API key.

/** Why one attempt failed; the first four are worth retrying. */
export type AttemptFailureKind = 'timeout' | 'connection' | 'rate_limited' | 'server' | 'malformed' | 'rejected';

export interface AttemptFailure {
  attempt: number;
  kind: AttemptFailureKind;
  status?: number;
  message: string;
  /** Whether the request reached the server (a refused connection did not; a timeout or an HTTP reply did). */
  delivered: boolean;
}

/** The Brain could not be reached or never answered usable JSON within the retry budget: continue locally. */
export class BrainUnavailableError extends Error {
  constructor(
    readonly endpoint: string,
    readonly attempts: AttemptFailure[],
    detail: string,
  ) {
    super(`Brain at ${endpoint} is unavailable after ${attempts.length} attempt(s): ${detail}`);
    this.name = 'BrainUnavailableError';
  }

  /** Whether any attempt reached the server, so the payload may have been seen. */
  get delivered(): boolean {
    return this.attempts.some((a) => a.delivered);
  }
}

/** The endpoint refused the request for a reason retrying cannot fix (bad key, unknown model, bad request). */
export class BrainRequestError extends Error {
  /** `attempts`: every failed attempt of the call, this refusal last (earlier ones may have reached the server too). */
  constructor(
    readonly endpoint: string,
    readonly status: number | undefined,
    message: string,
    readonly attempts: readonly AttemptFailure[] = [],
  ) {
    super(`Brain at ${endpoint} refused the request${status ? ` (HTTP ${status})` : ''}: ${message}`);
    this.name = 'BrainRequestError';
  }
}

/** Remote mode asked for without what it needs (URL, model, key). */
export class BrainConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BrainConfigError';
  }
}

/** A payload reached a remote Brain without going through approval: a programming error, never sent. */
export class NotApprovedError extends Error {
  constructor() {
    super('This Brain payload was not approved: every remote call must pass requestApproval() first.');
    this.name = 'NotApprovedError';
  }
}

/** The caller aborted the Brain call (question cancelled). */
export class BrainAbortedError extends Error {
  constructor() {
    super('The Brain call was aborted.');
    this.name = 'BrainAbortedError';
  }
}

/** Replaces every occurrence of a secret in a message, so a server echoing the key cannot leak it into logs. */
export function redactSecret(message: string, secret: string | undefined): string {
  if (!secret || secret.length < 4) return message;
  return message.split(secret).join('[redacted]');
}
