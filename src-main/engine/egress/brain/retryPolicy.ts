// Backoff between Brain attempts: exponential with "equal jitter" (half fixed, half random), so clients that
// failed together do not retry together, and Retry-After from a 429 is honoured as given. One total deadline bounds
// a call end to end (attempts, waits, the key fetch): a Brain that accepts the connection and never answers costs
// at most that, not attempts × attempt timeout.

import { BrainConfigError } from './brainErrors.js';

export interface RetryPolicy {
  /** Attempts in all, including the first. */
  maxAttempts: number;
  /** Per-attempt timeout (an attempt also ends when the total deadline passes). */
  attemptTimeoutMs: number;
  /** Total budget for one call: all attempts and waits; the call is cut off when it passes. */
  deadlineMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  attemptTimeoutMs: 30_000,
  deadlineMs: 30_000,
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

/** The environment variable that sets the total deadline per Brain call, in seconds (the CLI and the host). */
export const BRAIN_DEADLINE_ENV = 'CTRLG_BRAIN_DEADLINE_S';

/** The deadline the environment asks for, or {} when unset; a value that is not a positive number is an error. */
export function retryPolicyFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<RetryPolicy> {
  const raw = env[BRAIN_DEADLINE_ENV]?.trim();
  if (!raw) return {};
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600)
    throw new BrainConfigError(`${BRAIN_DEADLINE_ENV} must be a number of seconds between 0 and 3600 (got "${raw}")`);
  return { deadlineMs: Math.round(seconds * 1000) };
}

/**
 * The policy in the analyst's words, shown in the approval dialog: which failures send the same request again, how
 * often, and that every send that may have reached the server is counted as a send (tally, ledger, tokens).
 */
export function describeRetryPolicy(policy: Pick<RetryPolicy, 'maxAttempts' | 'deadlineMs'>): string {
  const seconds = Math.round(policy.deadlineMs / 100) / 10;
  if (policy.maxAttempts <= 1) return `Sent once: a failed or unusable reply is not retried (the question goes on locally). Deadline ${seconds} s.`;
  return (
    `If the reply is unusable (not JSON or not the expected shape), times out, or the server answers 429 or 5xx, ` +
    `this same request is sent again, without asking: at most ${policy.maxAttempts} sends in all, within ${seconds} s. ` +
    `Every send that may have reached the server counts as a send in the tally, the ledger and the token totals; ` +
    `a connection that was never made sent nothing.`
  );
}
