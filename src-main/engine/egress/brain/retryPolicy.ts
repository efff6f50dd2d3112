// Backoff between Brain attempts: exponential with "equal jitter" (half fixed, half random), so clients that
// failed together do not retry together, and Retry-After from a 429 is honoured as given.

export interface RetryPolicy {
  /** Attempts in all, including the first. */
  maxAttempts: number;
  /** Per-attempt timeout. */
  attemptTimeoutMs: number;
  /** Total budget for all attempts and waits. */
  deadlineMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  attemptTimeoutMs: 30_000,
  deadlineMs: 90_000,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
};

/** Delay before attempt `attempt + 1` after `attempt` failed (1-based). */
export function backoffDelay(attempt: number, policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; `retry-after-ms` wins when present. */
export function retryAfterMs(retryAfter: string | null | undefined, retryAfterMsHeader?: string | null, now = Date.now()): number | undefined {
  if (retryAfterMsHeader) {
    const ms = Number(retryAfterMsHeader);
    if (Number.isFinite(ms) && ms >= 0) return ms;
  }
  if (!retryAfter) return undefined;
  const seconds = Number(retryAfter);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(retryAfter);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
