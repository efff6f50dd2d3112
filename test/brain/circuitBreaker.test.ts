// A dead Brain endpoint must not cost every later question the whole retry deadline: after N calls in a row end
// unavailable, the gateway skips calls (fast, with a reason) until a cool-down passes, and brainStep then neither
// asks the analyst to approve nor sends anything. One success closes the breaker.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Approver } from '../../src-main/engine/egress/brain/approval.js';
import { BrainCallCounter } from '../../src-main/engine/egress/brain/brainCallCounter.js';
import { BrainUnavailableError } from '../../src-main/engine/egress/brain/brainErrors.js';
import { BrainGateway } from '../../src-main/engine/egress/brain/brainGateway.js';
import { brainStep } from '../../src-main/engine/egress/brain/brainStep.js';
import { StaticKeyProvider } from '../../src-main/engine/egress/brain/keyProvider.js';
import { RemoteBrain } from '../../src-main/engine/egress/brain/remoteBrain.js';
import { scenario } from './fixtures.js';
import { startRecordingServer, type RecordingServer } from './recordingServer.js';

let server: RecordingServer;
let clock = 1_000_000;

beforeEach(async () => {
  server = await startRecordingServer({ script: [{ kind: 'status', status: 503 }, { kind: 'status', status: 503 }] });
  clock = 1_000_000;
});
afterEach(() => server.close());

function gateway(): BrainGateway {
  return new BrainGateway({
    baseURL: server.baseURL,
    model: 'gpt-4o-mini',
    keyProvider: new StaticKeyProvider('sk-breaker'),
    retry: { maxAttempts: 1, attemptTimeoutMs: 2000, deadlineMs: 4000, baseDelayMs: 1, maxDelayMs: 2 },
    breaker: { failures: 2, coolDownMs: 30_000 },
    now: () => clock,
  });
}

const ask = (g: BrainGateway) => g.complete({ system: 'sys', user: 'QUESTION: x' });

describe('Brain circuit breaker', () => {
  it('opens after consecutive unavailable calls, skips without connecting, and closes after a success', async () => {
    const g = gateway();
    await expect(ask(g)).rejects.toBeInstanceOf(BrainUnavailableError);
    expect(g.unavailableReason()).toBeUndefined();
    await expect(ask(g)).rejects.toBeInstanceOf(BrainUnavailableError);
    expect(g.unavailableReason()).toMatch(/last 2 call\(s\).*skipped for another 30 s/);
    const skipped = await ask(g).catch((e: BrainUnavailableError) => e);
    expect(skipped).toBeInstanceOf(BrainUnavailableError);
    expect((skipped as BrainUnavailableError).attempts).toEqual([]);
    expect(server.requests).toHaveLength(2);
    clock += 30_001;
    server.respond = () => '{"ranking":[]}';
    await expect(ask(g)).resolves.toMatchObject({ attempts: 1 });
    expect(server.requests).toHaveLength(3);
    expect(g.unavailableReason()).toBeUndefined();
  });

  it('brainStep falls back at once while the breaker is open: no approval asked, nothing sent', async () => {
    const g = gateway();
    await ask(g).catch(() => undefined);
    await ask(g).catch(() => undefined);
    const s = scenario();
    let asked = 0;
    const approver: Approver = { review: async () => (asked++, { kind: 'approve' }) };
    const counter = new BrainCallCounter('q');
    const r = await brainStep({ questionId: 'q', payload: s.ranking, mapping: s.mapping, graph: s.graph, approver, brain: new RemoteBrain(g), counter });
    expect(r).toMatchObject({ sent: false, denied: false, fallback: true });
    expect(r.reason).toMatch(/^Brain skipped: the last 2 call/);
    expect(asked).toBe(0);
    expect(counter.fallbacks).toBe(1);
    expect(server.requests).toHaveLength(2);
  });
});
