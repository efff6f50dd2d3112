// A Brain that accepts the connection and never answers must cost at most the gateway's total deadline per call,
// once: the call is cut off when the deadline passes (not attempts × attempt timeout), the breaker opens, and the
// next question's call is skipped without connecting. A refused connection never carried the payload: it is not
// counted as sent, and no tokens are charged for it.
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AutoApprover } from '../../src-main/engine/egress/brain/approval.js';
import { BrainCallCounter } from '../../src-main/engine/egress/brain/brainCallCounter.js';
import { BrainConfigError, BrainUnavailableError } from '../../src-main/engine/egress/brain/brainErrors.js';
import { BrainGateway, connectFailure } from '../../src-main/engine/egress/brain/brainGateway.js';
import { brainStep } from '../../src-main/engine/egress/brain/brainStep.js';
import { StaticKeyProvider } from '../../src-main/engine/egress/brain/keyProvider.js';
import { RemoteBrain } from '../../src-main/engine/egress/brain/remoteBrain.js';
import { DEFAULT_RETRY_POLICY, retryPolicyFromEnv } from '../../src-main/engine/egress/brain/retryPolicy.js';
import { scenario } from './fixtures.js';
import { closedPortURL } from './recordingServer.js';

// The per-attempt timeout is far above the deadline: only the total deadline can end these calls quickly.
const DEADLINE_MS = 300;
const ATTEMPT_TIMEOUT_MS = 20_000;

interface SilentServer {
  baseURL: string;
  connections: number;
  close(): Promise<void>;
}

/** Accepts TCP connections on 127.0.0.1, reads whatever arrives, never writes a byte. */
async function startSilentServer(): Promise<SilentServer> {
  const sockets = new Set<Socket>();
  const state = { connections: 0 };
  const server: Server = createServer((socket) => {
    state.connections++;
    sockets.add(socket);
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    get connections() {
      return state.connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

let silent: SilentServer | undefined;
afterEach(async () => {
  await silent?.close();
  silent = undefined;
});

function gateway(baseURL: string): BrainGateway {
  return new BrainGateway({
    baseURL,
    model: 'gpt-4o-mini',
    keyProvider: new StaticKeyProvider('sk-deadline'),
    retry: { maxAttempts: 4, attemptTimeoutMs: ATTEMPT_TIMEOUT_MS, deadlineMs: DEADLINE_MS, baseDelayMs: 1, maxDelayMs: 2 },
    breaker: { failures: 3, coolDownMs: 60_000 },
  });
}

const ask = (g: BrainGateway) => g.complete({ system: 'sys', user: 'QUESTION: x' });

describe('the total deadline per Brain call', () => {
  it('defaults to 30 s and can be set from CTRLG_BRAIN_DEADLINE_S; a bad value is a config error', () => {
    expect(DEFAULT_RETRY_POLICY.deadlineMs).toBe(30_000);
    expect(retryPolicyFromEnv({})).toEqual({});
    expect(retryPolicyFromEnv({ CTRLG_BRAIN_DEADLINE_S: '2.5' })).toEqual({ deadlineMs: 2500 });
    for (const bad of ['0', '-1', 'soon', '99999']) expect(() => retryPolicyFromEnv({ CTRLG_BRAIN_DEADLINE_S: bad })).toThrow(BrainConfigError);
  });

  it('cuts off a server that accepts and never answers at the deadline, then opens the breaker', async () => {
    silent = await startSilentServer();
    const g = gateway(silent.baseURL);
    const started = Date.now();
    const err = await ask(g).catch((e: unknown) => e);
    const elapsed = Date.now() - started;
    expect(err).toBeInstanceOf(BrainUnavailableError);
    expect((err as BrainUnavailableError).message).toMatch(/300 ms deadline per call passed/);
    expect((err as BrainUnavailableError).attempts.map((a) => a.kind)).toEqual(['timeout']);
    // Without the total deadline this call would wait out the 20 s attempt timeout.
    expect(elapsed).toBeLessThan(ATTEMPT_TIMEOUT_MS / 2);
    expect(silent.connections).toBe(1);
    // One timed-out call opens the breaker (it already cost the deadline; the next would cost it again).
    expect(g.unavailableReason()).toMatch(/remote calls are skipped/);
    const skipped = await ask(g).catch((e: unknown) => e);
    expect((skipped as BrainUnavailableError).attempts).toEqual([]);
    expect(silent.connections).toBe(1);
  });

  it('costs one deadline for the first question; the next question is skipped without connecting or asking', async () => {
    silent = await startSilentServer();
    const brain = new RemoteBrain(gateway(silent.baseURL));
    const s = scenario();
    let asked = 0;
    const approver = { review: async () => (asked++, { kind: 'approve' as const }) };
    const first = new BrainCallCounter('q1');
    const r1 = await brainStep({ questionId: 'q1', payload: s.ranking, mapping: s.mapping, graph: s.graph, approver, brain, counter: first });
    expect(r1).toMatchObject({ fallback: true });
    expect(r1.reason).toMatch(/deadline per call passed/);
    const second = new BrainCallCounter('q2');
    const r2 = await brainStep({ questionId: 'q2', payload: s.ranking, mapping: s.mapping, graph: s.graph, approver, brain, counter: second });
    expect(r2).toMatchObject({ sent: false, fallback: true });
    expect(r2.reason).toMatch(/^Brain skipped/);
    expect(second.tally()).toMatchObject({ sent: 0, tokensSent: 0 });
    expect(asked).toBe(1);
    expect(silent.connections).toBe(1);
  });

  it('the caller cancelling is still an abort, not a timeout', async () => {
    silent = await startSilentServer();
    const g = gateway(silent.baseURL);
    const controller = new AbortController();
    const call = g.complete({ system: 'sys', user: 'QUESTION: x', signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(call).rejects.toMatchObject({ name: 'BrainAbortedError' });
    expect(g.unavailableReason()).toBeUndefined();
  });
});

describe('a refused connection', () => {
  it('is counted as not sent, with no tokens charged', async () => {
    const url = await closedPortURL();
    const s = scenario();
    const counter = new BrainCallCounter('q');
    const r = await brainStep({ questionId: 'q', payload: s.ranking, mapping: s.mapping, graph: s.graph, approver: new AutoApprover('all'), brain: new RemoteBrain(gateway(url)), counter });
    expect(r).toMatchObject({ sent: false, fallback: true, tokens: { sent: 0, received: 0 } });
    expect(r.reason).toMatch(/ECONNREFUSED/);
    expect(counter.predictionFields()).toEqual({ brain_calls: 0, brain_denied: 0, brain_tokens: 0 });
  });

  it('finds the connect failure anywhere in the cause chain, and only there', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:1'), { code: 'ECONNREFUSED' });
    const both = new AggregateError([refused, Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]);
    expect(connectFailure(new TypeError('fetch failed', { cause: both }))).toBe('ECONNREFUSED');
    expect(connectFailure(new TypeError('fetch failed', { cause: new Error('bad port') }))).toBe('bad port');
    expect(connectFailure(new TypeError('fetch failed', { cause: new Error('other') }))).toBeUndefined();
  });
});
