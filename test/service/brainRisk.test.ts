// Risk before approval through dispatch: a real question on a graph where, after the payload guard, one candidate
// path still names its hospital through a literal band (test/brain/uniqueTokenGraphs.ts), the reasoning-tree
// controller asking the Brain (policy "always"). The pending request's report flags the unique token, and
// brain.previewEdit of the edit dropping the paths that show it returns a report whose risk was recomputed for the
// edited payload: no unique token left.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditPreview } from '../../src-main/common/brainContract.js';
import type { ApprovalRequest } from '../../src-main/common/brainTypes.js';
import type { Envelope } from '../../src-main/common/contract.js';
import { loadGloveDrm } from '../../src-main/engine/drm/gloveDrm.js';
import { GraphLibrary } from '../../src-main/engine/import/graphLibrary.js';
import { createAskService } from '../../src-main/engine/app/askService.js';
import { MemoryBrainKeyStore } from '../../src-main/engine/app/brainKeyStore.js';
import { BrainService } from '../../src-main/engine/app/brainService.js';
import { createEngine, type Engine } from '../../src-main/engine/app/createEngine.js';
import { startRecordingServer, type RecordingServer } from '../brain/recordingServer.js';
import { UNIQUE_BEDS_LINES, UNIQUE_BEDS_QUESTION } from '../brain/uniqueTokenGraphs.js';

let root: string;
let engine: Engine;
let server: RecordingServer;
const requested: ApprovalRequest[] = [];

beforeAll(async () => {
  server = await startRecordingServer({ respond: () => JSON.stringify({ ranking: [] }) });
  root = mkdtempSync(join(tmpdir(), 'ctrlg-brain-risk-'));
  const dataDir = join(root, 'data');
  const file = join(root, 'clinics.txt');
  writeFileSync(file, UNIQUE_BEDS_LINES.join('\n') + '\n');
  const library = new GraphLibrary(dataDir);
  await library.importFile('clinics', file);
  const brain = new BrainService({ dataDir, keyStore: new MemoryBrainKeyStore() });
  const asks = createAskService({ library, brain, loadDrm: () => loadGloveDrm() });
  engine = createEngine({ dataDir, resourcesDir: join(root, 'resources'), version: '9.9.9', transport: 'host', library, brain, ask: asks.ask });
  engine.on('brain.approvalRequested', (r) => requested.push(r));
  const set = await engine.dispatch('brain.setConfig', { mode: 'openai', url: server.baseURL, model: 'gpt-4o-mini', apiKey: 'sk-risk', policy: 'always' });
  expect(set).toMatchObject({ ok: true });
}, 180_000);

afterAll(async () => {
  await server?.close();
  await engine?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('risk in the approval dialog through dispatch', () => {
  it('flags the unique token, and the preview of dropping their paths recomputes the risk', async () => {
    const asking = engine.dispatch('qa.ask', { graph: 'clinics', question: UNIQUE_BEDS_QUESTION, questionId: 'q-risk' }) as Promise<Envelope<unknown>>;
    for (let i = 0; i < 2400 && requested.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(requested).toHaveLength(1);
    const { id, report } = requested[0]!;
    const unique = report.entityTokens.filter((t) => t.anonymitySet === 1).map((t) => t.token);
    expect(unique.length).toBeGreaterThan(0);
    expect(report.counts.unique).toBe(unique.length);
    const exposing = report.paths.filter((p) => (p.unique ?? []).length > 0);
    expect(exposing.length).toBeGreaterThan(0);
    expect(exposing.length).toBeLessThan(report.paths.length);
    expect(new Set(exposing.flatMap((p) => p.unique!))).toEqual(new Set(unique));

    const preview = (await engine.dispatch('brain.previewEdit', { id, dropPaths: exposing.map((p) => p.id), dropFields: [] })) as Envelope<EditPreview>;
    expect(preview).toMatchObject({ ok: true, value: { ok: true } });
    if (!preview.ok || !preview.value.ok) return;
    const edited = preview.value.report;
    expect(edited.counts.unique).toBe(0);
    for (const t of unique) expect(edited.text).not.toContain(t);
    const sets = edited.entityTokens.filter((t) => t.kind === 'entity').map((t) => t.anonymitySet);
    expect(sets.length).toBeGreaterThan(0);
    expect(sets.every((n) => n !== undefined && n > 1)).toBe(true);

    await engine.dispatch('brain.decide', { id, decision: { kind: 'deny' } });
    expect(await asking).toMatchObject({ ok: true });
    expect(server.requests).toHaveLength(0);
  }, 180_000);
});
