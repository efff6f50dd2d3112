// The Brain plans when the Hand cannot: on a graph whose relation labels no question word names, the local reading
// is unsure and picks a one-hop chain; a loopback Brain that returns the right chain for the anonymised question is
// asked through the approval gate (role "analysis"), its chain is checked against the graph's schema, explored and
// verified locally, and the answer becomes right. The call is in the ledger and the audit log; nothing else leaves.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AskResult } from '../../src-main/common/answerTypes.js';
import type { ApprovalRequest } from '../../src-main/common/brainTypes.js';
import type { Envelope } from '../../src-main/common/contract.js';
import { loadGloveDrm } from '../../src-main/engine/drm/gloveDrm.js';
import { GraphLibrary } from '../../src-main/engine/import/graphLibrary.js';
import { createAskService } from '../../src-main/engine/app/askService.js';
import { MemoryBrainKeyStore } from '../../src-main/engine/app/brainKeyStore.js';
import { BrainService } from '../../src-main/engine/app/brainService.js';
import { createEngine, type Engine } from '../../src-main/engine/app/createEngine.js';
import { startRecordingServer, type RecordingServer } from '../brain/recordingServer.js';

// Labels made of no English word: the algorithmic Hand has no lexical evidence for any hop.
const TRIPLES = [
  'Plumbus|qxv_zr|Gorpton',
  'Plumbus|kwj_tb|Schleemvale',
  'Gorpton|wzq_pl|Fleebshire',
  'Schleemvale|wzq_pl|Dinglehurst',
  'Blamfort|qxv_zr|Hizzton',
  'Hizzton|wzq_pl|Grumbleby',
  'Blamfort|kwj_tb|Squanchton',
];
const RAW = [...new Set(TRIPLES.flatMap((t) => [t.split('|')[0], t.split('|')[2]]))];
// One noun phrase: the local reading is a one-hop guess; only the Brain says the answer lies two hops away.
const QUESTION = 'where does the grumbo of Plumbus dwell';

let root: string;
let engine: Engine;
let server: RecordingServer;
const requested: ApprovalRequest[] = [];

beforeAll(async () => {
  // The Brain answers the analysis role with the chain qxv_zr> wzq_pl> from the payload's own anchor token.
  server = await startRecordingServer({
    respond: (req) => {
      const user = req.body.messages?.find((m) => m.role === 'user')?.content ?? '';
      if (!user.startsWith('QUESTION:') || !user.includes('RELATIONS:')) return JSON.stringify({ ranking: [] });
      const anchor = /^ANCHORS: (\S+)/m.exec(user)?.[1] ?? '';
      return JSON.stringify({ anchors: [anchor], chain: [{ relation: 'qxv_zr', direction: 'out' }, { relation: 'wzq_pl', direction: 'out' }], answerPosition: 2, dPredict: 2, subquestions: [] });
    },
  });
  root = mkdtempSync(join(tmpdir(), 'ctrlg-brain-plan-'));
  const dataDir = join(root, 'data');
  const kb = join(root, 'kb.txt');
  writeFileSync(kb, TRIPLES.join('\n'));
  const library = new GraphLibrary(dataDir);
  await library.importFile('toy', kb);
  const brain = new BrainService({ dataDir, keyStore: new MemoryBrainKeyStore() });
  const asks = createAskService({ library, brain, loadDrm: () => loadGloveDrm() });
  engine = createEngine({ dataDir, resourcesDir: join(root, 'resources'), version: '9.9.9', transport: 'host', library, brain, ask: asks.ask });
  engine.on('brain.approvalRequested', (r) => requested.push(r));
  const set = await engine.dispatch('brain.setConfig', { mode: 'openai', url: server.baseURL, model: 'gpt-4o-mini', apiKey: 'sk-plan-test', policy: 'whenUnsure' });
  expect(set.ok).toBe(true);
}, 180_000);

afterAll(async () => {
  await server?.close();
  await engine?.close();
  rmSync(root, { recursive: true, force: true });
});

async function ask(question: string, id: string): Promise<AskResult> {
  const asking = engine.dispatch('qa.ask', { graph: 'toy', question, questionId: id }) as Promise<Envelope<AskResult>>;
  // Approve every call of this question as it arrives (the dialog's Approve).
  let seen = requested.length;
  let done = false;
  void asking.finally(() => (done = true));
  while (!done) {
    while (requested.length > seen) {
      const r = requested[seen++];
      await engine.dispatch('brain.decide', { id: r.id, decision: { kind: 'approve' } });
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const env = await asking;
  if (!env.ok) throw new Error(env.error.message);
  return env.value;
}

describe('Brain planning when the local reading is unsure', () => {
  it('an approved analysis call plans the chain, verified locally: the answer becomes right', async () => {
    const before = requested.length;
    const result = await ask(QUESTION, 'q-plan');
    const analysisCalls = requested.slice(before).filter((r) => r.report.role === 'analysis');
    expect(analysisCalls).toHaveLength(1);
    // What the analyst approved is what the Brain received, and it holds no raw name.
    const wire = server.requests.map((q) => q.body.messages!.find((m) => m.role === 'user')!.content);
    expect(wire).toContain(analysisCalls[0].report.text);
    for (const name of RAW) for (const text of wire) expect(text).not.toContain(name);
    // The plan was checked against the graph and verified: the two-hop answer.
    expect(result.answers[0]?.name).toBe('Fleebshire');
    expect(result.indicator?.chain.map((s) => `${s.relation}${s.direction === 'out' ? '>' : '<'}`)).toEqual(['qxv_zr>', 'wzq_pl>']);
    expect(result.confidence?.reasons.some((r) => r.startsWith('Brain plan'))).toBe(true);
    expect(result.payloads.find((p) => p.role === 'analysis')?.status).toBe('sent');
    // Accounted for: the ledger counts the call, the audit chain holds it.
    const summary = (await engine.dispatch('exposure.summary', {})) as Envelope<{ calls: number }>;
    expect(summary.ok && summary.value.calls).toBeGreaterThanOrEqual(1);
    const verify = await engine.dispatch('audit.verify', {});
    expect(verify).toMatchObject({ ok: true, value: { ok: true } });
  }, 120_000);

  it('a plan naming a chain the graph does not have is refused and the local answer stands', async () => {
    const saved = server.respond;
    server.respond = (req) => {
      const user = req.body.messages?.find((m) => m.role === 'user')?.content ?? '';
      const anchor = /^ANCHORS: (\S+)/m.exec(user)?.[1] ?? '';
      return user.includes('RELATIONS:')
        ? JSON.stringify({ anchors: [anchor], chain: [{ relation: 'wzq_pl', direction: 'in' }], answerPosition: 1, dPredict: 1, subquestions: [] })
        : JSON.stringify({ ranking: [] });
    };
    try {
      const result = await ask(QUESTION, 'q-bad-plan');
      expect(result.confidence?.reasons.some((r) => r.startsWith('Brain plan not used: no chain'))).toBe(true);
      // The local reading stands (answered, or withheld with the reason when it explains too little).
      const local = result.answers.length ? result.answers : (result.abstained?.answers ?? []);
      expect(local.length).toBeGreaterThan(0);
      expect(local[0].name).not.toBe('Fleebshire');
      expect(result.confidence?.unsure).toBe(true);
    } finally {
      server.respond = saved;
    }
  }, 120_000);
});
