// The only door out: the one module that opens a network connection to a Brain (test/architecture/egress.test.ts
// fails if any other engine module imports a network API or SDK). It speaks OpenAI-compatible chat completions
// through the official SDK with the SDK's own retries off, because retries here must follow our rules: only
// transient failures (timeout, refused connection, 429 with Retry-After, 500/502/503, unusable JSON), with
// jittered exponential backoff, inside one total deadline that cuts the call off when it passes (a Brain that
// accepts the connection and never answers costs the deadline, once: such a call opens the breaker). The API key is fetched per call from a KeyProvider
// and scrubbed from every error message.
import type OpenAI from 'openai';
import {
  BrainAbortedError,
  BrainConfigError,
  BrainRequestError,
  BrainUnavailableError,
  redactSecret,
  type AttemptFailure,
  type AttemptFailureKind,
} from './brainErrors.js';
import type { KeyProvider } from './keyProvider.js';
import { permitEgress, type EgressPermit } from '../../node/egressGuard.js';
import { backoffDelay, DEFAULT_RETRY_POLICY, describeRetryPolicy, retryAfterMs, type RetryPolicy } from './retryPolicy.js';
import type { ChatRequestBody } from '../../../common/brainTypes.js';
import { chatRequestBody } from '../../payload/chatRequest.js';

export interface BrainGatewayOptions {
  /** OpenAI-compatible base URL, e.g. https://api.openai.com/v1 or http://127.0.0.1:8080/v1. */
  baseURL: string;
  model: string;
  keyProvider: KeyProvider;
  retry?: Partial<RetryPolicy>;
  /** Ask for `response_format: {type: "json_object"}` (default true; some servers do not support it). */
  jsonMode?: boolean;
  /**
   * Circuit breaker: after `failures` calls in a row end unavailable (retries spent), or after one call that ended
   * timed out (it already cost the deadline; the next would cost it again), calls fail at once for `coolDownMs`
   * (default 3 calls, 60 s). A success closes it.
   */
  breaker?: { failures?: number; coolDownMs?: number };
  /** Injected for tests: jitter source, sleep and clock. */
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
}

export interface BrainRequest {
  system: string;
  user: string;
  maxTokens?: number;
  /** Schema check of the parsed JSON; a non-empty list of problems counts as a malformed reply (retried). */
  validate?: (json: unknown) => string[];
  signal?: AbortSignal;
}

export interface BrainReply {
  content: string;
  json: unknown;
  /** Token usage as the server reported it (undefined when it did not). */
  promptTokens?: number;
  completionTokens?: number;
  attempts: number;
  failures: AttemptFailure[];
  ms: number;
}

class AttemptError extends Error {
  constructor(
    readonly kind: AttemptFailureKind,
    message: string,
    readonly delivered: boolean,
    readonly status?: number,
    readonly waitMs?: number,
  ) {
    super(message);
  }
}

const RETRYABLE_STATUS = new Set([500, 502, 503, 504]);

/** Failures before a connection existed: the request (and its payload) never left the machine. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'UND_ERR_CONNECT_TIMEOUT', 'ERR_EGRESS_REFUSED', 'bad port']);

/**
 * The first connect-level code in an error's cause chain (fetch wraps it: APIConnectionError → TypeError "fetch
 * failed" → the socket error, or an AggregateError of one per address); fetch's blocked-port check says "bad port".
 */
export function connectFailure(e: unknown, depth = 0): string | undefined {
  if (!e || typeof e !== 'object' || depth > 6) return undefined;
  const x = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof x.code === 'string' && x.code) return x.code;
  if (x.message === 'bad port') return 'bad port';
  if (Array.isArray(x.errors)) for (const inner of x.errors) {
    const code = connectFailure(inner, depth + 1);
    if (code) return code;
  }
  return connectFailure(x.cause, depth + 1);
}

/** Loopback endpoints (a local OpenAI-compatible server) may run without a key. */
function isLoopback(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || /^127\./.test(host);
  } catch {
    return false;
  }
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new BrainAbortedError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new BrainAbortedError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Parses a reply's content as JSON, tolerating a ```json fence some models add. */
export function parseReplyJson(content: string): unknown {
  const trimmed = content.trim();
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(trimmed);
  return JSON.parse(fenced ? fenced[1] : trimmed);
}

export class BrainGateway {
  readonly endpoint: string;
  readonly model: string;
  private readonly policy: RetryPolicy;
  private readonly sleep: NonNullable<BrainGatewayOptions['sleep']>;
  private readonly random: () => number;
  private readonly now: () => number;
  private readonly breaker: { failures: number; coolDownMs: number };
  /** The one destination this gateway may connect to (node/egressGuard.ts), held for the length of each call. */
  private readonly permit: EgressPermit;
  private unavailableInARow = 0;
  private openUntil = 0;
  private lastFailure = '';

  constructor(private readonly options: BrainGatewayOptions) {
    let url: URL;
    try {
      url = new URL(options.baseURL);
    } catch {
      throw new BrainConfigError(`--brain-url "${options.baseURL}" is not a URL (expected e.g. https://api.openai.com/v1)`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new BrainConfigError(`--brain-url must be http(s), got ${url.protocol}`);
    if (!options.model.trim()) throw new BrainConfigError('--brain-model is required for a remote Brain');
    // The endpoint is shown in reports and the audit log: never with credentials embedded in the URL.
    url.username = '';
    url.password = '';
    this.endpoint = url.toString().replace(/\/$/, '');
    this.permit = { host: url.hostname, port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)), purpose: 'brain' };
    this.model = options.model;
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.sleep = options.sleep ?? defaultSleep;
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
    this.breaker = { failures: Math.max(1, options.breaker?.failures ?? 3), coolDownMs: Math.max(0, options.breaker?.coolDownMs ?? 60_000) };
  }

  /** The request body this gateway sends for `request` (the same function builds it for the approval dialog). */
  requestBody(request: Pick<BrainRequest, 'system' | 'user' | 'maxTokens'>): ChatRequestBody {
    return chatRequestBody({
      model: this.model,
      system: request.system,
      user: request.user,
      ...(request.maxTokens ? { maxTokens: request.maxTokens } : {}),
      jsonMode: this.options.jsonMode !== false,
    });
  }

  /** When this gateway sends a request again, in words (the approval dialog states it). */
  get retryPolicy(): string {
    return describeRetryPolicy(this.policy);
  }

  /** Why calls are being skipped right now (the breaker is open), or undefined when the gateway will try. */
  unavailableReason(): string | undefined {
    const left = this.openUntil - this.now();
    if (left <= 0) return undefined;
    return `the last ${this.unavailableInARow} call(s) to ${this.endpoint} failed (${this.lastFailure}); remote calls are skipped for another ${Math.ceil(left / 1000)} s`;
  }

  /** Sends one chat completion and returns its JSON; throws BrainUnavailableError once retries are spent. */
  async complete(request: BrainRequest): Promise<BrainReply> {
    const skipped = this.unavailableReason();
    if (skipped) throw new BrainUnavailableError(this.endpoint, [], skipped);
    const release = permitEgress(this.permit);
    try {
      const reply = await this.completeWithRetries(request);
      this.unavailableInARow = 0;
      this.openUntil = 0;
      return reply;
    } catch (e) {
      if (e instanceof BrainUnavailableError) {
        this.unavailableInARow++;
        const last = e.attempts.at(-1);
        this.lastFailure = last?.message ?? e.message;
        if (this.unavailableInARow >= this.breaker.failures || last?.kind === 'timeout') this.openUntil = this.now() + this.breaker.coolDownMs;
      }
      throw e;
    } finally {
      release();
    }
  }

  private async completeWithRetries(request: BrainRequest): Promise<BrainReply> {
    const key = await this.options.keyProvider.apiKey();
    if (!key && !isLoopback(this.options.baseURL))
      throw new BrainConfigError(`No API key for ${this.endpoint}: set CTRLG_BRAIN_API_KEY (or store one in the app's settings).`);
    // The SDK loads with the first call, not with every process that could make one.
    const { default: OpenAISdk } = await import('openai');
    const client = new OpenAISdk({ baseURL: this.options.baseURL, apiKey: key ?? 'no-key', maxRetries: 0, timeout: this.policy.attemptTimeoutMs });
    const started = Date.now();
    const deadline = started + this.policy.deadlineMs;
    // The deadline aborts whatever is in flight (a request, a body still streaming, a backoff wait), not only the
    // next attempt's start: the SDK's own timeout covers one attempt, not the call.
    const cutOff = new AbortController();
    const timer = setTimeout(() => cutOff.abort(), this.policy.deadlineMs);
    const signal = request.signal ? AbortSignal.any([request.signal, cutOff.signal]) : cutOff.signal;
    const failures: AttemptFailure[] = [];
    const pastDeadline = (message: string): BrainUnavailableError =>
      new BrainUnavailableError(this.endpoint, failures, `${message} (the ${this.policy.deadlineMs} ms deadline per call passed)`);
    try {
      for (let attempt = 1; ; attempt++) {
        if (request.signal?.aborted) throw new BrainAbortedError();
        // An attempt that may not outlast the call's deadline times out with it: its timeout is the deadline passing,
        // whichever of the two timers fires first.
        const remaining = deadline - Date.now();
        const deadlineBound = remaining <= this.policy.attemptTimeoutMs;
        try {
          const reply = await this.attempt(OpenAISdk, client, { ...request, signal }, Math.max(1, Math.min(this.policy.attemptTimeoutMs, remaining)), key, request.signal);
          return { ...reply, attempts: attempt, failures, ms: Date.now() - started };
        } catch (e) {
          if (!(e instanceof AttemptError)) throw e;
          failures.push({ attempt, kind: e.kind, status: e.status, message: e.message, delivered: e.delivered });
          if (e.kind === 'rejected') throw new BrainRequestError(this.endpoint, e.status, e.message, failures);
          if (cutOff.signal.aborted || (e.kind === 'timeout' && deadlineBound)) throw pastDeadline(e.message);
          const wait = e.waitMs ?? backoffDelay(attempt, this.policy, this.random);
          const left = deadline - Date.now();
          if (attempt >= this.policy.maxAttempts) throw new BrainUnavailableError(this.endpoint, failures, `${e.message} (no attempts left)`);
          if (wait >= left)
            throw new BrainUnavailableError(
              this.endpoint,
              failures,
              `${e.message} (${e.waitMs !== undefined ? `Retry-After ${Math.ceil(e.waitMs / 1000)} s` : 'the next retry'} would pass the ${this.policy.deadlineMs} ms deadline)`,
            );
          try {
            await this.sleep(wait, signal);
          } catch (s) {
            if (s instanceof BrainAbortedError && !request.signal?.aborted && cutOff.signal.aborted) throw pastDeadline(e.message);
            throw s;
          }
        }
      }
    } finally {
      clearTimeout(timer);
    }
  }

  /** One attempt; `request.signal` also carries the call's deadline, `userSignal` only the caller's cancel. */
  private async attempt(sdk: typeof OpenAI, client: OpenAI, request: BrainRequest, timeoutMs: number, key: string | undefined, userSignal: AbortSignal | undefined): Promise<Omit<BrainReply, 'attempts' | 'failures' | 'ms'>> {
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await client.chat.completions.create(
        this.requestBody(request),
        { timeout: timeoutMs, ...(request.signal ? { signal: request.signal } : {}) },
      );
    } catch (e) {
      throw this.classify(sdk, e, userSignal, request.signal, key);
    }
    const content = completion?.choices?.[0]?.message?.content;
    if (typeof content !== 'string' || !content.trim()) throw new AttemptError('malformed', 'the reply has no message content', true);
    let json: unknown;
    try {
      json = parseReplyJson(content);
    } catch {
      throw new AttemptError('malformed', `the reply is not JSON: ${JSON.stringify(content.slice(0, 80))}`, true);
    }
    const problems = request.validate?.(json) ?? [];
    if (problems.length) throw new AttemptError('malformed', `the reply does not match the schema: ${problems.slice(0, 3).join('; ')}`, true);
    return { content, json, promptTokens: completion.usage?.prompt_tokens, completionTokens: completion.usage?.completion_tokens };
  }

  private classify(sdk: typeof OpenAI, e: unknown, userSignal: AbortSignal | undefined, callSignal: AbortSignal | undefined, key: string | undefined): Error {
    const msg = (x: unknown): string => redactSecret(x instanceof Error ? x.message : String(x), key);
    if (userSignal?.aborted) return new BrainAbortedError();
    // Not the caller's cancel: the call's deadline cut the request off. It may have reached the server.
    if (callSignal?.aborted) return new AttemptError('timeout', 'no answer before the deadline', true);
    if (e instanceof sdk.APIUserAbortError) return new BrainAbortedError();
    if (e instanceof sdk.APIConnectionTimeoutError) return new AttemptError('timeout', 'the request timed out', true);
    if (e instanceof sdk.APIConnectionError) {
      const failure = connectFailure(e);
      // A connection that was never made never carried the payload; a reset mid-request might have.
      return new AttemptError('connection', `connection failed${failure ? ` (${failure})` : ''}`, !failure || !NOT_CONNECTED.has(failure));
    }
    if (e instanceof sdk.APIError) {
      const status = e.status;
      if (status === 429) {
        const h = e.headers;
        return new AttemptError('rate_limited', 'rate limited (HTTP 429)', true, 429, retryAfterMs(h?.get('retry-after'), h?.get('retry-after-ms')));
      }
      if (status !== undefined && RETRYABLE_STATUS.has(status)) return new AttemptError('server', `server error (HTTP ${status})`, true, status);
      if (status === undefined) return new AttemptError('malformed', `unusable response: ${msg(e)}`, true);
      return new AttemptError('rejected', msg(e), true, status);
    }
    // The SDK parses the body itself: a 200 with a body that is not JSON surfaces as a SyntaxError.
    if (e instanceof SyntaxError) return new AttemptError('malformed', 'the response body is not JSON', true);
    return new AttemptError('malformed', `unexpected failure: ${msg(e)}`, true);
  }
}
