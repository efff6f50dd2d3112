// The Brain channels through dispatch, with a real question: demo graph, real GloVe DRM, the reasoning-tree
// controller asking the Brain (policy "always"), a real loopback chat-completions server. Pending → preview of
// an edit → edit → approve leaves exactly the previewed text on the wire; deny leaves nothing; the key is never
// echoed; the ledger and audit log account for the call.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AskResult } from '../../src-main/common/answerTypes.js';
import type { EditPreview } from '../../src-main/common/brainContract.js';
import type { ApprovalRequest } from '../../src-main/common/brainTypes.js';
import type { Channel, Envelope, RequestOf, Responses } from '../../src-main/common/contract.js';
import { loadGloveDrm } from '../../src-main/engine/drm/gloveDrm.js';
import { GraphLibrary } from '../../src-main/engine/import/graphLibrary.js';
import { createAskService } from '../../src-main/engine/app/askService.js';
import { MemoryBrainKeyStore } from '../../src-main/engine/app/brainKeyStore.js';
import { BrainService } from '../../src-main/engine/app/brainService.js';
import { createEngine, type Engine } from '../../src-main/engine/app/createEngine.js';
import { startRecordingServer, type RecordingServer } from '../brain/recordingServer.js';

const DEMO = join(import.meta.dirname, '..', '..', 'resources', 'demo', 'hospital-network.txt');
const QUESTION = "where do Lorcan Dunmore's doctors work";
const KEY = 'sk-unit-SECRET-0123456789';

let root: string;
let dataDir: string;
let engine: Engine;
let server: RecordingServer;
let library: GraphLibrary;
const requested: ApprovalRequest[] = [];
const resolved: { id: string; decision: string }[] = [];

function value<T>(env: Envelope<T>): T {
  if (!env.ok) throw new Error(`${env.error.code}: ${env.error.message}`);
  return env.value;
}

/** A channel call through dispatch, typed by the contract. */
async function call<C extends Channel>(channel: C, request: RequestOf<C>): Promise<Responses[C]> {
  return value((await engine.dispatch(channel, request)) as Envelope<Responses[C]>);
}

async function nextRequest(after: number): Promise<ApprovalRequest> {
  for (let i = 0; i < 1200 && requested.length <= after; i++) await new Promise((r) => setTimeout(r, 25));
  expect(requested.length).toBeGreaterThan(after);
  return requested[after];
}

beforeAll(async () => {
  server = await startRecordingServer({ respond: () => JSON.stringify({ ranking: [{ path: 1, reason: 'follows the indicator' }] }) });
  root = mkdtempSync(join(tmpdir(), 'ctrlg-brain-service-'));
  dataDir = join(root, 'data');
  library = new GraphLibrary(dataDir);
  await library.importFile('demo', DEMO);
  const brain = new BrainService({ dataDir, keyStore: new MemoryBrainKeyStore() });
  const asks = createAskService({ library, brain, loadDrm: () => loadGloveDrm() });
  engine = createEngine({ dataDir, resourcesDir: join(root, 'resources'), version: '9.9.9', transport: 'host', library, brain, ask: asks.ask });
  engine.on('brain.approvalRequested', (r) => requested.push(r));
  engine.on('brain.approvalResolved', (r) => resolved.push(r));
}, 180_000);

afterAll(async () => {
  await server?.close();
  await engine?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('brain settings', () => {
  it('never echoes the API key and refuses a remote mode without an endpoint', async () => {
    const bad = await engine.dispatch('brain.setConfig', { mode: 'openai', model: 'gpt-4o-mini' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(await call('brain.getConfig', {})).toMatchObject({ mode: 'none', hasKey: false });

    const set = await engine.dispatch('brain.setConfig', { mode: 'openai', url: server.baseURL, model: 'gpt-4o-mini', apiKey: KEY, policy: 'always' });
    expect(JSON.stringify(set)).not.toContain(KEY);
    expect(value(set)).toMatchObject({ mode: 'openai', url: server.baseURL, model: 'gpt-4o-mini', policy: 'always', hasKey: true, keyWritable: true });
    const got = await engine.dispatch('brain.getConfig', {});
    expect(JSON.stringify(got)).not.toContain(KEY);
    expect(value(got)).toMatchObject({ hasKey: true });
    for (const f of await readdir(join(dataDir, 'brain'))) expect(await readFile(join(dataDir, 'brain', f), 'utf8')).not.toContain(KEY);
  });
});

describe('approvals through dispatch', () => {
  it('pending → edit preview → edit → approve sends exactly the previewed payload, once', async () => {
    const before = requested.length;
    const asking = engine.dispatch('qa.ask', { graph: 'demo', question: QUESTION, questionId: 'q-approve' }) as Promise<Envelope<AskResult>>;
    const first = await nextRequest(before);
    expect(first.questionId).toBe('q-approve');
    expect((await call('brain.pending', {})).map((r) => r.id)).toEqual([first.id]);
    expect(server.requests).toHaveLength(0);
    expect(first.report.subgraph.nodes.length).toBeGreaterThan(0);

    // A preview decides nothing: the same request stays pending and nothing is sent.
    const dropFields = first.report.droppable.filter((f) => f === 'indicator');
    const preview: EditPreview = await call('brain.previewEdit', { id: first.id, dropPaths: [], dropFields });
    expect(preview.ok).toBe(true);
    if (!preview.ok) return;
    expect(preview.report.omitted).toEqual(dropFields);
    expect(preview.report.text).not.toContain('INDICATOR');
    expect((await call('brain.pending', {})).map((r) => r.id)).toEqual([first.id]);
    const everything = first.report.paths.map((p) => p.id);
    expect(await call('brain.previewEdit', { id: first.id, dropPaths: everything, dropFields: [] })).toMatchObject({ ok: false });

    await call('brain.decide', { id: first.id, decision: { kind: 'edit', dropPaths: [], dropFields } });
    const second = await nextRequest(before + 1);
    expect(second.report.text).toBe(preview.report.text);
    expect(server.requests).toHaveLength(0);
    await call('brain.decide', { id: second.id, decision: { kind: 'approve' } });

    const result = value(await asking);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0].body.messages![1].content).toBe(preview.report.text);
    // One payload, built once: the Ask panel lists byte for byte what the dialog showed and the wire carried, with
    // the dialog's token count; the other payloads of the question say they stayed local.
    const sentPayloads = result.payloads.filter((p) => p.status === 'sent');
    expect(sentPayloads).toHaveLength(1);
    expect(sentPayloads[0].text).toBe(second.report.text);
    expect(sentPayloads[0].text).toBe(server.requests[0].body.messages![1].content);
    expect(sentPayloads[0].tokens).toEqual(second.report.tokens);
    expect(result.payloads.filter((p) => p.status !== 'sent').every((p) => p.status === 'local')).toBe(true);
    expect(JSON.stringify(server.requests[0].headers)).toContain(KEY); // the key goes to the endpoint, and only there
    expect(result.brain).toMatchObject({ calls: 1, denied: 0 });
    expect(result.brain!.tokens).toBeGreaterThan(0);
    expect(resolved.map((r) => r.decision).slice(-2)).toEqual(['edit', 'approve']);

    const summary = await call('exposure.summary', {});
    expect(summary.calls).toBe(1);
    expect(summary.entitiesExposed).toBeGreaterThan(0);
    // decision, request, the ledger's anchor, response, and the anchor of the question's eligible cohort (written to
    // the ledger once the question is answered): keyed, and the ledger matches its last anchor.
    expect(await call('audit.verify', {})).toEqual({ ok: true, records: 5 });
    const html = await call('audit.export', { format: 'html' });
    expect(html.text).toContain('Chain verified: 5 records');
    // Neither the ledger, the audit log nor the settings hold the key; the ledger holds no raw name. The graphs and
    // the question history (the analyst's own local record of questions and answers, 0600) hold names by design.
    for (const f of await readdir(dataDir, { recursive: true, withFileTypes: true })) {
      if (!f.isFile() || f.parentPath.includes('graphs')) continue;
      if (f.parentPath.endsWith('history')) {
        expect(readFileSync(join(f.parentPath, f.name), 'latin1'), f.name).not.toContain(KEY);
        continue;
      }
      const text = readFileSync(join(f.parentPath, f.name), 'latin1');
      expect(text, f.name).not.toContain(KEY);
      expect(text, f.name).not.toContain('Lorcan Dunmore');
    }
  }, 120_000);

  it('a denied call never reaches the server and the question is answered locally', async () => {
    const before = requested.length;
    const sent = server.requests.length;
    const asking = engine.dispatch('qa.ask', { graph: 'demo', question: QUESTION, questionId: 'q-deny' }) as Promise<Envelope<AskResult>>;
    const request = await nextRequest(before);
    await call('brain.decide', { id: request.id, decision: { kind: 'deny' } });
    const result = value(await asking);
    expect(server.requests).toHaveLength(sent);
    expect(result.brain).toMatchObject({ calls: 0, denied: 1 });
    expect(result.answers.length).toBeGreaterThan(0);
    expect((await call('exposure.summary', {})).calls).toBe(1);
  }, 120_000);

  it('an unknown or already decided id is an invalid request', async () => {
    const env = await engine.dispatch('brain.decide', { id: 'nope', decision: { kind: 'approve' } });
    expect(env).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    const preview = await engine.dispatch('brain.previewEdit', { id: 'nope', dropPaths: [1], dropFields: [] });
    expect(preview).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
  });
});
