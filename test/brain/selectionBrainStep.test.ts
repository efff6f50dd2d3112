// Two-stage selection through the gateway against a real loopback server: the encoder's candidates become a
// "selection" payload whose exposure report accounts for every token and edge, the approved text is exactly what
// the server receives, the decision comes back in tokens (invented ones dropped), the call is ledgered; a denial
// sends nothing, and a request without φ_Q makes no call.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AutoApprover } from '../../src-main/engine/egress/brain/approval.js';
import { BrainCallCounter } from '../../src-main/engine/egress/brain/brainCallCounter.js';
import { BrainGateway } from '../../src-main/engine/egress/brain/brainGateway.js';
import type { BrainStepResult } from '../../src-main/engine/egress/brain/brainStep.js';
import { exposureReport } from '../../src-main/engine/payload/exposureReport.js';
import { StaticKeyProvider } from '../../src-main/engine/egress/brain/keyProvider.js';
import { RemoteBrain } from '../../src-main/engine/egress/brain/remoteBrain.js';
import { systemPromptFor } from '../../src-main/engine/payload/systemPrompts.js';
import { selectionBrainStep, selectionPayloadOf } from '../../src-main/engine/egress/brain/selectionBrainStep.js';
import type { SelectionStepRequest } from '../../src-main/engine/core/selectionStep.js';
import { ExposureLedger } from '../../src-main/engine/egress/exposure/exposureLedger.js';
import { FileKeyStore } from '../../src-main/engine/node/fileKeyStore.js';
import { scenario, type Scenario } from './fixtures.js';
import { startRecordingServer, type RecordingServer } from './recordingServer.js';

let dir: string;
let server: RecordingServer;
let s: Scenario;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ctrlg-selection-'));
  s = scenario();
  server = await startRecordingServer({
    // Picks the second candidate as final, and invents a token it never saw.
    respond: (r) => {
      const text = r.body.messages?.[1]?.content ?? '';
      const second = /^P2\. .*?(\b[ES]_[0-9a-f]+)\s+\(p=/m.exec(text)?.[1] ?? 'E_00000000';
      return JSON.stringify({ action: 'final', tokens: [second, 'E_deadbeefdeadbeef'], reason: 'fits the question' });
    },
  });
});
afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

function request(withMapping = true): SelectionStepRequest {
  const candidates = s.paths.slice(0, 3).map((p, i) => ({
    token: p.nodes[p.nodes.length - 1],
    score: 0.5 / (i + 1),
    path: 'see nodes',
    inferred: i === 2,
    nodes: [...p.nodes],
    edges: p.edges.map((e) => ({ ...e })),
  }));
  return {
    question: s.view.question,
    anchors: [s.view.anchors[0]],
    candidates,
    evidence: 'local evidence text (not what the gateway sends)',
    iteration: 1,
    maxIterations: 3,
    view: { k: s.view.stats.k, achievedK: s.view.stats.achievedK },
    ...(withMapping ? { mapping: s.mapping, graph: s.graph } : {}),
  };
}

function brain(): RemoteBrain {
  return new RemoteBrain(
    new BrainGateway({
      baseURL: server.baseURL,
      model: 'gpt-4o-mini',
      keyProvider: new StaticKeyProvider('sk-test-selection'),
      retry: { maxAttempts: 1, attemptTimeoutMs: 2000, deadlineMs: 4000, baseDelayMs: 1, maxDelayMs: 2 },
    }),
  );
}

describe('selection through the gateway', () => {
  it('builds a payload whose exposure report accounts for every candidate path', () => {
    const payload = selectionPayloadOf(request());
    expect(payload.role).toBe('selection');
    expect(payload.text).toMatch(/^ROUND: 1 OF 3$/m);
    expect(payload.text).toMatch(/^INFERRED .*: P3$/m);
    const report = exposureReport({ payload, system: systemPromptFor('selection'), model: 'gpt-4o-mini', endpoint: 'x' });
    const expectedTokens = new Set([...payload.anchors, ...payload.paths.flatMap((p) => p.nodes), ...(payload.question.match(/\b[ESLA]_[0-9a-f]+\b/g) ?? [])]);
    expect(new Set(report.entityTokens.map((t) => t.token))).toEqual(expectedTokens);
    expect(report.edges.length).toBeGreaterThan(0);
    // No raw name of the graph appears in what would leave.
    for (const name of s.graph.names) if (name.length > 3) expect(payload.text).not.toContain(name);
  });

  it('sends exactly the approved text, ledgers the call and returns the decision in known tokens only', async () => {
    const ledger = await ExposureLedger.open({ path: join(dir, 'ledger.enc'), keyStore: new FileKeyStore(join(dir, 'ledger.key')) });
    const results: BrainStepResult[] = [];
    const counter = new BrainCallCounter('q-sel');
    const step = selectionBrainStep({ brain: brain(), approver: new AutoApprover('all'), counter, questionId: 'q-sel', ledger, onResult: (r) => results.push(r) });
    const req = request();
    const decision = await step(req);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0].body.messages?.[1]?.content).toBe(selectionPayloadOf(req).text);
    expect(decision).toEqual({ action: 'final', tokens: [req.candidates[1].token] });
    expect(results[0].rejected.map((r) => r.value)).toContain('E_deadbeefdeadbeef');
    expect(counter.sent).toBe(1);
    expect(ledger.summary().calls).toBe(1);
  });

  it('sends nothing when denied or when the request carries no mapping to account for it', async () => {
    const counter = new BrainCallCounter('q-deny');
    const denied = selectionBrainStep({ brain: brain(), approver: new AutoApprover('none'), counter, questionId: 'q-deny' });
    expect(await denied(request())).toBeUndefined();
    expect(counter.denied).toBe(1);
    expect(await denied(request(false))).toBeUndefined();
    expect(server.requests).toHaveLength(0);
  });
});
