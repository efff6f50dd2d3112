// End to end against a real loopback server: real sanitizer + payload builder on a MemoryGraph, the approval
// gate, edits, denial, fallback when the Brain is down, and the ledger + audit trail it leaves behind.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../src-main/common/brainTypes.js';
import { AuditLog } from '../../src-main/engine/egress/audit/auditLog.js';
import { verifyAuditLog } from '../../src-main/engine/egress/audit/verifyAuditLog.js';
import { AutoApprover } from '../../src-main/engine/egress/brain/approval.js';
import { BrainCallCounter } from '../../src-main/engine/egress/brain/brainCallCounter.js';
import { BrainGateway } from '../../src-main/engine/egress/brain/brainGateway.js';
import { brainStep, type BrainStepContext } from '../../src-main/engine/egress/brain/brainStep.js';
import { StaticKeyProvider } from '../../src-main/engine/egress/brain/keyProvider.js';
import { QueuedApprover } from '../../src-main/engine/egress/brain/queuedApprover.js';
import { RemoteBrain } from '../../src-main/engine/egress/brain/remoteBrain.js';
import { ExposureLedger } from '../../src-main/engine/egress/exposure/exposureLedger.js';
import { FileKeyStore } from '../../src-main/engine/node/fileKeyStore.js';
import { staticKeyStore } from '../../src-main/engine/core/keyStore.js';
import { scenario, type Scenario } from './fixtures.js';
import { closedPortURL, startRecordingServer, type RecordingServer } from './recordingServer.js';

const KEY = 'sk-integration-KEY-9876543210';
const AUDIT_KEY = staticKeyStore(Buffer.alloc(32, 7), 'test audit key');
let dir: string;
let server: RecordingServer;
let s: Scenario;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ctrlg-brain-'));
  s = scenario();
  server = await startRecordingServer({
    respond: (r) =>
      r.body.messages?.[1]?.content.startsWith('QUESTION') && r.body.messages[1].content.includes('CANDIDATES')
        ? JSON.stringify({ ranking: [{ path: 2, reason: 'follows the indicator' }, { path: 1, reason: 'close' }, { path: 99, reason: 'invented' }] })
        : JSON.stringify({ anchors: [], chain: [], answerPosition: 1, dPredict: 1, subquestions: [] }),
  });
});
afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

function brainAt(url: string): RemoteBrain {
  return new RemoteBrain(
    new BrainGateway({
      baseURL: url,
      model: 'gpt-4o-mini',
      keyProvider: new StaticKeyProvider(KEY),
      retry: { maxAttempts: 2, attemptTimeoutMs: 1000, deadlineMs: 5000, baseDelayMs: 1, maxDelayMs: 2 },
    }),
  );
}

async function context(approver: BrainStepContext['approver'], url = server.baseURL): Promise<BrainStepContext> {
  return {
    questionId: 'q-1',
    payload: s.ranking,
    mapping: s.mapping,
    graph: s.graph,
    approver,
    brain: brainAt(url),
    counter: new BrainCallCounter('q-1'),
    ledger: await ExposureLedger.open({ path: join(dir, 'exposure/ledger.enc'), keyStore: new FileKeyStore(join(dir, 'exposure/ledger.key')) }),
    audit: await AuditLog.open(join(dir, 'audit/audit.jsonl'), { keyStore: AUDIT_KEY }),
  };
}

/** Waits until the queued approver holds a request. */
async function nextPending(q: QueuedApprover): Promise<ApprovalRequest> {
  for (let i = 0; i < 200 && q.pending().length === 0; i++) await new Promise((r) => setTimeout(r, 5));
  expect(q.pending()).toHaveLength(1);
  return q.pending()[0];
}

describe('brainStep through a real endpoint', () => {
  it('sends nothing before approval, then exactly one request; maps the ranking back and rejects invented ids', async () => {
    const q = new QueuedApprover();
    const events: string[] = [];
    q.onEvent((e) => events.push(e.type));
    const ctx = await context(q);
    const running = brainStep(ctx);
    const request = await nextPending(q);
    await new Promise((r) => setTimeout(r, 50));
    expect(server.requests).toHaveLength(0);
    expect(request.report.text).toBe(s.ranking.text);
    q.decide(request.id, { kind: 'approve' });
    const result = await running;
    expect(server.requests).toHaveLength(1);
    expect(events).toEqual(['pending', 'settled']);
    expect(result.sent).toBe(true);
    expect(result.ranking).toEqual([s.ranking.paths[1].candidate, s.ranking.paths[0].candidate]);
    expect(result.rejected).toEqual([{ kind: 'path', value: 'P99', where: 'ranking' }]);
    expect(server.requests[0].body.messages![1].content).toBe(s.ranking.text);
    expect(ctx.counter.predictionFields()).toEqual({ brain_calls: 1, brain_denied: 0, brain_tokens: 120 });
  });

  it('a denied call never arrives', async () => {
    const ctx = await context(new AutoApprover('none'));
    const result = await brainStep(ctx);
    expect(result).toMatchObject({ sent: false, denied: true, fallback: false });
    expect(server.requests).toHaveLength(0);
    expect(ctx.counter.tally()).toMatchObject({ sent: 0, denied: 1 });
    expect(ctx.ledger!.summary().calls).toBe(0);
  });

  it('an edited payload arrives exactly as edited', async () => {
    const q = new QueuedApprover();
    const ctx = await context(q);
    const running = brainStep(ctx);
    const first = await nextPending(q);
    q.decide(first.id, { kind: 'edit', dropPaths: [1, 3], dropFields: ['literals', 'indicator'] });
    const second = await nextPending(q);
    expect(second.id).not.toBe(first.id);
    expect(second.report.paths.map((p) => p.id)).not.toContain(1);
    expect(second.report.text).not.toContain('INDICATOR');
    expect(second.report.literals).toEqual([]);
    expect(server.requests).toHaveLength(0);
    q.decide(second.id, { kind: 'approve' });
    await running;
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0].body.messages![1].content).toBe(second.report.text);
    expect(server.requests[0].body.messages![1].content).not.toMatch(/^P1\. /m);
  });

  it('no raw entity name or id appears in any request', async () => {
    const ctx = await context(new AutoApprover('all'));
    await brainStep(ctx);
    await brainStep({ ...ctx, payload: s.analysis });
    expect(server.requests).toHaveLength(2);
    const sent = server.requests.map((r) => r.text.toLowerCase()).join('\n');
    for (let i = 0; i < s.graph.size; i++) {
      // Literal values reach the Brain only coarsened (a year stays a year), so plain numbers are not names.
      for (const raw of [s.graph.names[i], s.graph.ids[i]]) if (raw.length >= 3 && !/^[\d.\-]+$/.test(raw)) expect(sent, raw).not.toContain(raw.toLowerCase());
    }
  });

  it('falls back locally when the Brain is unreachable, with a reason and nothing counted as sent', async () => {
    const ctx = await context(new AutoApprover('all'), await closedPortURL());
    const result = await brainStep(ctx);
    expect(result).toMatchObject({ sent: false, denied: false, fallback: true });
    expect(result.ranking).toBeUndefined();
    expect(result.reason).toMatch(/unavailable after 2 attempt/);
    expect(ctx.counter.tally()).toMatchObject({ sent: 0, fallbacks: 1 });
    expect(ctx.ledger!.summary().calls).toBe(0);
  });

  it('falls back after 500s that did reach the server, and records that exposure', async () => {
    server.script = [{ kind: 'status', status: 500 }, { kind: 'status', status: 502 }];
    const ctx = await context(new AutoApprover('all'));
    const result = await brainStep(ctx);
    expect(result).toMatchObject({ sent: true, fallback: true });
    expect(server.requests).toHaveLength(2);
    // Both requests carried the payload: two sends, in the tally and the ledger alike.
    expect(ctx.counter.tally().sent).toBe(2);
    expect(ctx.ledger!.summary().calls).toBe(2);
  });

  it('counts a retried 500 that reached the server when a 400 then refuses the request', async () => {
    server.script = [{ kind: 'status', status: 500 }, { kind: 'status', status: 400, body: JSON.stringify({ error: { message: 'bad request' } }) }];
    const ctx = await context(new AutoApprover('all'));
    const result = await brainStep(ctx);
    expect(result).toMatchObject({ sent: true, fallback: true });
    expect(result.reason).toMatch(/refused the request \(HTTP 400\)/);
    expect(server.requests).toHaveLength(2);
    expect(ctx.counter.tally().sent).toBe(2);
    expect(ctx.ledger!.summary().calls).toBe(2);
  });

  it('the report carries the whole request, byte for byte what the server receives, system prompt included', async () => {
    const q = new QueuedApprover();
    const ctx = await context(q);
    const running = brainStep(ctx);
    const request = await nextPending(q);
    const full = request.report.request!;
    expect(JSON.parse(full.json).messages[0]).toEqual({ role: 'system', content: request.report.system });
    expect(full.bytes).toBe(Buffer.byteLength(full.json, 'utf8'));
    q.decide(request.id, { kind: 'approve' });
    await running;
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0].text).toBe(full.json);
  });

  it('an unusable reply is resent under the stated policy, and each resend is counted as a send', async () => {
    server.script = [{ kind: 'reply', content: 'not json at all' }];
    const q = new QueuedApprover();
    const ctx = await context(q);
    const running = brainStep(ctx);
    const request = await nextPending(q);
    expect(request.report.request!.retry).toMatch(/at most 2 sends in all/);
    q.decide(request.id, { kind: 'approve' });
    const result = await running;
    expect(server.requests.map((r) => r.text)).toEqual([request.report.request!.json, request.report.request!.json]);
    expect(result).toMatchObject({ sent: true, fallback: false });
    expect(ctx.counter.tally()).toMatchObject({ sent: 2, tokensSent: 200 });
    const summary = ctx.ledger!.summary();
    expect(summary).toMatchObject({ calls: 2, tokensSent: 200, tokensReceived: 20 });
  });

  it('a request after an edit says what the edits dropped', async () => {
    const q = new QueuedApprover();
    const ctx = await context(q);
    const running = brainStep(ctx);
    const first = await nextPending(q);
    expect(first.edited).toBeUndefined();
    q.decide(first.id, { kind: 'edit', dropPaths: [3, 1], dropFields: ['indicator'] });
    const second = await nextPending(q);
    expect(second.edited).toEqual({ dropPaths: [1, 3], dropFields: ['indicator'] });
    expect(JSON.parse(second.report.request!.json).messages[1].content).toBe(second.report.text);
    q.decide(second.id, { kind: 'deny' });
    await running;
  });

  it('leaves a verifiable audit chain and a ledger, neither holding the key nor raw names', async () => {
    const ctx = await context(new AutoApprover('all'));
    await brainStep(ctx);
    await brainStep({ ...ctx, payload: s.analysis });
    await brainStep({ ...ctx, approver: new AutoApprover('none') });
    expect(await verifyAuditLog(join(dir, 'audit/audit.jsonl'), { keyStore: AUDIT_KEY, ledgerPath: join(dir, 'exposure/ledger.enc') })).toEqual({ ok: true, records: 9 });
    const audit = await readFile(join(dir, 'audit/audit.jsonl'), 'utf8');
    const kinds = audit.trim().split('\n').map((l) => JSON.parse(l).kind);
    // Each recorded call anchors the ledger's new state in the chain.
    expect(kinds).toEqual(['decision', 'request', 'ledger', 'response', 'decision', 'request', 'ledger', 'response', 'decision']);
    for (const f of await readdir(dir, { recursive: true, withFileTypes: true })) {
      if (!f.isFile()) continue;
      const text = await readFile(join(f.parentPath, f.name), 'latin1');
      expect(text, f.name).not.toContain(KEY);
      expect(text, f.name).not.toContain('Wren Halvorsen');
      expect(text, f.name).not.toContain('p:wren');
    }
    const summary = ctx.ledger!.summary();
    expect(summary.calls).toBe(2);
    expect(summary.perRelation.directed_by).toBeGreaterThan(0);
  });
});
