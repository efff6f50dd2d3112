// Model downloads in the engine the shell and the host build (engineOf(assemble(…))): each one, and each refusal, is a
// "download" record in the same keyed audit log as Brain calls, naming where from and the hosts allowed; the log
// still verifies; nothing of the graph is in those records.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRecord, AuditVerifyResult } from '../../src-main/common/brainTypes.js';
import type { Envelope } from '../../src-main/common/contract.js';
import { assemble } from '../../src-main/engine/app/assemble.js';
import { engineOf, type Engine } from '../../src-main/engine/app/createEngine.js';
import { defaultAuditPath } from '../../src-main/engine/egress/audit/auditPaths.js';
import { writeTinyGguf } from '../../src-main/engine/llm/tinyGguf.js';
import { startGgufServer, type GgufServer } from '../llm/ggufServer.js';

let root: string;
let dataDir: string;
let engine: Engine;
let files: GgufServer;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'ctrlg-download-audit-'));
  dataDir = join(root, 'data');
  const tiny = await writeTinyGguf(join(root, 'tiny.gguf'), { seed: 2 });
  files = await startGgufServer(await readFile(tiny.path));
  const parts = assemble({ dataDir, hand: { threads: 1, developmentModelsDir: null, downloadPolicy: { hosts: ['127.0.0.1'] } } });
  await writeFile(join(root, 'kb.txt'), 'Ridgeway Community Hospital|located_in|Wrenfield\n');
  await parts.library.importFile('hospitals', join(root, 'kb.txt'));
  engine = engineOf(parts, { resourcesDir: join(root, 'resources'), version: '9.9.9', transport: 'host' });
});
afterAll(async () => {
  await engine.close();
  await files.close();
  await rm(root, { recursive: true, force: true });
});

describe('model downloads in the audit log', () => {
  it('records a download and a refusal as keyed "download" records, and the log verifies', async () => {
    const ok = (await engine.dispatch('models.download', { jobId: 'dl-1', uri: files.url('served.gguf') })) as Envelope<unknown>;
    expect(ok.ok).toBe(true);
    const refused = (await engine.dispatch('models.download', { jobId: 'dl-2', uri: 'https://elsewhere.example/x.gguf' })) as Envelope<unknown>;
    expect(refused.ok).toBe(false);

    const text = await readFile(defaultAuditPath(dataDir), 'utf8');
    const records = text.trimEnd().split('\n').map((l) => JSON.parse(l) as AuditRecord);
    expect(records.map((r) => [r.kind, r.data.phase])).toEqual([
      ['download', 'start'],
      ['download', 'done'],
      ['download', 'refused'],
    ]);
    expect(records.every((r) => r.v === 2)).toBe(true);
    expect(records[1].data).toMatchObject({ source: files.url('served.gguf'), hosts: ['127.0.0.1'], fileName: 'served.gguf' });
    expect(records[2].data.reason).toMatch(/elsewhere\.example is not a model host/);
    // A download carries no graph data, and its record holds none.
    expect(text).not.toContain('Ridgeway');
    const verified = (await engine.dispatch('audit.verify', {})) as Envelope<AuditVerifyResult>;
    expect(verified).toMatchObject({ ok: true, value: { ok: true, records: 3 } });
  }, 120_000);
});
