// The gateway against a real loopback chat-completions server: retries with backoff for transient failures,
// Retry-After honoured, typed errors once the budget is spent, the key never in an error.
import { afterEach, describe, expect, it } from 'vitest';
import { BrainConfigError, BrainRequestError, BrainUnavailableError } from '../../src-main/engine/egress/brain/brainErrors.js';
import { BrainGateway } from '../../src-main/engine/egress/brain/brainGateway.js';
import { StaticKeyProvider } from '../../src-main/engine/egress/brain/keyProvider.js';
import { backoffDelay, retryAfterMs } from '../../src-main/engine/egress/brain/retryPolicy.js';
import { closedPortURL, startRecordingServer, type RecordingServer } from './recordingServer.js';

const KEY = 'sk-test-SECRET-0123456789';
let server: RecordingServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function gateway(baseURL: string, waits: number[], retry: Record<string, number> = {}) {
  return new BrainGateway({
    baseURL,
    model: 'gpt-4o-mini',
    keyProvider: new StaticKeyProvider(KEY),
    retry: { maxAttempts: 3, attemptTimeoutMs: 2000, deadlineMs: 20_000, baseDelayMs: 100, maxDelayMs: 1000, ...retry },
    random: () => 0.5,
    // Waits are recorded, not slept, so backoff is asserted exactly and the tests stay fast.
    sleep: async (ms) => void waits.push(ms),
  });
}

const req = { system: 'sys', user: 'QUESTION: x' };

describe('BrainGateway', () => {
  it('sends one chat completion with the key as a bearer token and returns the parsed JSON', async () => {
    server = await startRecordingServer({ respond: () => '{"ranking":[{"path":1,"reason":"ok"}]}' });
    const reply = await gateway(server.baseURL, []).complete(req);
    expect(reply.json).toEqual({ ranking: [{ path: 1, reason: 'ok' }] });
    expect(reply.attempts).toBe(1);
    expect(server.requests).toHaveLength(1);
    const r = server.requests[0];
    expect(r.url).toBe('/v1/chat/completions');
    expect(r.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(r.body.messages).toEqual([
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'QUESTION: x' },
    ]);
  });

  it('retries 500 and 503 with exponential backoff, then succeeds', async () => {
    server = await startRecordingServer({ script: [{ kind: 'status', status: 500 }, { kind: 'status', status: 503 }] });
    const waits: number[] = [];
    const reply = await gateway(server.baseURL, waits).complete(req);
    expect(reply.attempts).toBe(3);
    expect(server.requests).toHaveLength(3);
    expect(waits).toEqual([backoffDelay(1, { baseDelayMs: 100, maxDelayMs: 1000 }, () => 0.5), backoffDelay(2, { baseDelayMs: 100, maxDelayMs: 1000 }, () => 0.5)]);
    expect(waits[1]).toBeGreaterThan(waits[0]);
  });

  it('honours Retry-After on 429', async () => {
    server = await startRecordingServer({ script: [{ kind: 'status', status: 429, headers: { 'retry-after': '2' } }] });
    const waits: number[] = [];
    await gateway(server.baseURL, waits).complete(req);
    expect(waits).toEqual([2000]);
    expect(server.requests).toHaveLength(2);
  });

  it('gives up at once when Retry-After passes the deadline', async () => {
    server = await startRecordingServer({ script: [{ kind: 'status', status: 429, headers: { 'retry-after': '60' } }] });
    const err = await gateway(server.baseURL, [], { deadlineMs: 5000 }).complete(req).catch((e) => e);
    expect(err).toBeInstanceOf(BrainUnavailableError);
    expect(err.message).toMatch(/Retry-After 60 s would pass the 5000 ms deadline/);
    expect(server.requests).toHaveLength(1);
  });

  it('retries a malformed body and malformed content, then reports BrainUnavailableError', async () => {
    server = await startRecordingServer({
      script: [{ kind: 'rawBody', body: '{"choices": [' }, { kind: 'reply', content: 'not json at all' }, { kind: 'reply', content: '{"wrong":1}' }],
    });
    const err = await gateway(server.baseURL, [])
      .complete({ ...req, validate: (j) => ((j as { ranking?: unknown }).ranking ? [] : ['ranking is missing']) })
      .catch((e) => e);
    expect(err).toBeInstanceOf(BrainUnavailableError);
    expect(err.attempts.map((a: { kind: string }) => a.kind)).toEqual(['malformed', 'malformed', 'malformed']);
    expect(err.delivered).toBe(true);
    expect(server.requests).toHaveLength(3);
  });

  it('times out a hanging server on every attempt', async () => {
    server = await startRecordingServer({ script: [{ kind: 'hang' }, { kind: 'hang' }] });
    const err = await gateway(server.baseURL, [], { maxAttempts: 2, attemptTimeoutMs: 150 }).complete(req).catch((e) => e);
    expect(err).toBeInstanceOf(BrainUnavailableError);
    expect(err.attempts.map((a: { kind: string }) => a.kind)).toEqual(['timeout', 'timeout']);
  });

  it('reports a refused connection as not delivered', async () => {
    const url = await closedPortURL();
    const err = await gateway(url, []).complete(req).catch((e) => e);
    expect(err).toBeInstanceOf(BrainUnavailableError);
    expect(err.attempts).toHaveLength(3);
    expect(err.attempts.every((a: { kind: string; delivered: boolean }) => a.kind === 'connection' && !a.delivered)).toBe(true);
    expect(err.delivered).toBe(false);
  });

  it('does not retry a 401, and never puts the key in the error', async () => {
    server = await startRecordingServer({
      script: [{ kind: 'status', status: 401, body: JSON.stringify({ error: { message: `Incorrect API key provided: ${KEY}` } }) }],
    });
    const err = await gateway(server.baseURL, []).complete(req).catch((e) => e);
    expect(err).toBeInstanceOf(BrainRequestError);
    expect(err.status).toBe(401);
    expect(err.message).not.toContain(KEY);
    expect(err.message).toContain('[redacted]');
    expect(server.requests).toHaveLength(1);
  });

  it('refuses a remote endpoint without a key, and a bad URL', async () => {
    const g = new BrainGateway({ baseURL: 'https://brain.example.com/v1', model: 'gpt-4o', keyProvider: new StaticKeyProvider(undefined) });
    await expect(g.complete(req)).rejects.toBeInstanceOf(BrainConfigError);
    expect(() => new BrainGateway({ baseURL: 'not a url', model: 'm', keyProvider: new StaticKeyProvider(KEY) })).toThrow(BrainConfigError);
  });

  it('parses Retry-After seconds, dates and retry-after-ms', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), null, 4_000)).toBe(6000);
    expect(retryAfterMs('3', '250')).toBe(250);
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});
