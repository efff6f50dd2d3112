// Tamper evidence that covers everything `ctrlg audit verify` can see: the keyed chain (HMAC under a key kept in
// the key folder, not beside the log), the head file, and the exposure ledger anchored in the chain. Each attack is
// made on a data folder written by real Brain calls (loopback endpoint), and each is named with its place.
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../src-main/common/brainTypes.js';
import { auditCommand } from '../../src-main/cli/commands/audit.js';
import { staticKeyStore } from '../../src-main/engine/core/keyStore.js';
import { AuditLogBrokenError } from '../../src-main/engine/egress/audit/auditErrors.js';
import { auditHash, auditKeys, auditMac, headMac } from '../../src-main/engine/egress/audit/auditHash.js';
import { AuditLog } from '../../src-main/engine/egress/audit/auditLog.js';
import { auditKeyStore, defaultAuditPath } from '../../src-main/engine/egress/audit/auditPaths.js';
import { verifyAuditLog } from '../../src-main/engine/egress/audit/verifyAuditLog.js';
import { AutoApprover } from '../../src-main/engine/egress/brain/approval.js';
import { BrainCallCounter } from '../../src-main/engine/egress/brain/brainCallCounter.js';
import { BrainGateway } from '../../src-main/engine/egress/brain/brainGateway.js';
import { brainStep } from '../../src-main/engine/egress/brain/brainStep.js';
import { StaticKeyProvider } from '../../src-main/engine/egress/brain/keyProvider.js';
import { RemoteBrain } from '../../src-main/engine/egress/brain/remoteBrain.js';
import { ExposureLedger } from '../../src-main/engine/egress/exposure/exposureLedger.js';
import { ledgerKeyStore, ledgerPaths } from '../../src-main/engine/egress/exposure/ledgerPaths.js';
import { scenario } from '../brain/fixtures.js';
import type { AskResult } from '../../src-main/common/answerTypes.js';
import type { Envelope } from '../../src-main/common/contract.js';
import { assemble } from '../../src-main/engine/app/assemble.js';
import { MemoryBrainKeyStore } from '../../src-main/engine/app/brainKeyStore.js';
import { engineOf } from '../../src-main/engine/app/createEngine.js';
import { assertLedgerNotDeleted } from '../../src-main/engine/egress/exposure/ledgerAnchorCheck.js';
import { LedgerMissingError } from '../../src-main/engine/egress/exposure/ledgerErrors.js';
import type { SeparateKeyStore } from '../../src-main/engine/node/keyFolder.js';
import { startRecordingServer, type RecordingServer } from '../brain/recordingServer.js';

let data: string;
let log: string;
let ledgerFile: string;
let server: RecordingServer;
/** The sealed ledger after the first of the two recorded calls: an older copy to roll back to. */
let firstLedger: string;

beforeEach(async () => {
  data = await mkdtemp(join(tmpdir(), 'ctrlg-tamper-'));
  log = defaultAuditPath(data);
  ledgerFile = ledgerPaths(data).ledger;
  firstLedger = join(data, 'ledger-after-call-1.enc');
  server = await startRecordingServer({ respond: () => JSON.stringify({ ranking: [{ path: 1, reason: 'r' }] }) });
  const s = scenario();
  const ctx = {
    questionId: 'q1',
    payload: s.ranking,
    mapping: s.mapping,
    graph: s.graph,
    approver: new AutoApprover('all'),
    brain: new RemoteBrain(new BrainGateway({ baseURL: server.baseURL, model: 'gpt-4o-mini', keyProvider: new StaticKeyProvider('sk-t'), retry: { maxAttempts: 1 } })),
    counter: new BrainCallCounter('q1'),
    ledger: await ExposureLedger.open({ path: ledgerFile, keyStore: ledgerKeyStore(data) }),
    audit: await AuditLog.open(log, { keyStore: auditKeyStore(data) }),
  };
  expect((await brainStep(ctx)).sent).toBe(true);
  await copyFile(ledgerFile, firstLedger);
  expect((await brainStep({ ...ctx, questionId: 'q2' })).sent).toBe(true);
});
afterEach(async () => {
  await server.close();
  await rm(data, { recursive: true, force: true });
});

async function verify(): Promise<{ code: number; text: string }> {
  const out = new PassThrough();
  let text = '';
  out.on('data', (c) => (text += c));
  const code = await auditCommand.run(['verify'], { dataDir: data, stdout: out, stderr: out });
  return { code, text };
}

const lines = async (): Promise<string[]> => (await readFile(log, 'utf8')).trimEnd().split('\n');
const records = async (): Promise<AuditRecord[]> => (await lines()).map((l) => JSON.parse(l) as AuditRecord);
const putRecords = (rs: AuditRecord[]) => writeFile(log, rs.map((r) => JSON.stringify(r)).join('\n') + '\n');
/** The line (1-based) of the last ledger anchor. */
const lastAnchorLine = async (): Promise<number> => (await records()).map((r) => r.kind).lastIndexOf('ledger') + 1;

describe('audit verify over a data folder', () => {
  it('passes an untouched folder: keyed records, anchors, and no key file inside the data folder', async () => {
    expect(await verify()).toEqual({ code: 0, text: expect.stringContaining('audit log ok: 8 records') });
    const rs = await records();
    expect(rs.every((r) => r.v === 2)).toBe(true);
    expect(rs.filter((r) => r.kind === 'ledger').map((r) => r.data.seq)).toEqual([1, 2]);
    const keyFiles = readdirSync(data, { recursive: true }).map(String).filter((f) => f.endsWith('.key'));
    expect(keyFiles).toEqual([]);
  });

  it('detects a deleted ledger, naming the anchor', async () => {
    await rm(ledgerFile);
    const r = await verify();
    expect(r.code).toBe(1);
    expect(r.text).toContain(`TAMPERED at line ${await lastAnchorLine()}`);
    expect(r.text).toMatch(/exposure ledger .*ledger\.enc is missing.*2 call\(s\).*deleted/);
  });

  it('detects a ledger rolled back to an older copy', async () => {
    await copyFile(firstLedger, ledgerFile);
    const r = await verify();
    expect(r.code).toBe(1);
    expect(r.text).toContain(`TAMPERED at line ${await lastAnchorLine()}`);
    expect(r.text).toMatch(/rolled back, replaced or edited/);
  });

  it('detects a removed head file, with or without the last line', async () => {
    await rm(`${log}.head`);
    expect(await verify()).toMatchObject({ code: 1, text: expect.stringMatching(/audit\.jsonl\.head is missing \(it was removed\)/) });
    await writeFile(log, (await lines()).slice(0, -1).join('\n') + '\n');
    expect(await verify()).toMatchObject({ code: 1, text: expect.stringMatching(/audit\.jsonl\.head is missing/) });
  });

  it('detects a truncated log', async () => {
    await writeFile(log, (await lines()).slice(0, -2).join('\n') + '\n');
    expect(await verify()).toMatchObject({ code: 1, text: expect.stringMatching(/line 7: the log ends after 6 records .* removed from the end/) });
  });

  it('detects an edited keyed record', async () => {
    const rs = await records();
    rs[1] = { ...rs[1], data: { ...rs[1].data, text: 'something else' } };
    await putRecords(rs);
    expect(await verify()).toMatchObject({ code: 1, text: expect.stringMatching(/line 2: its content does not match its keyed hash/) });
  });

  it('detects a tail rewritten with recomputed hashes, keyed with another key or not keyed at all', async () => {
    const original = await records();
    const last = original.length - 1;
    // Rewrite the last response, recompute its hash the way an attacker without the key can, and the head to match.
    const forge = async (hashOf: (r: Omit<AuditRecord, 'hash'>) => string, head: (records: number, hash: string) => string | undefined, keyed: boolean) => {
      const rs = original.map((r) => ({ ...r }));
      const { hash: _h, v: _v, ...fields } = rs[last];
      const body = { ...(keyed ? { v: 2 as const } : {}), ...fields, data: { ...fields.data, raw: '{"ranking":[]}' } };
      rs[last] = { ...body, hash: hashOf(body) };
      await putRecords(rs);
      const mac = head(rs.length, rs[last].hash);
      await writeFile(`${log}.head`, JSON.stringify({ records: rs.length, hash: rs[last].hash, ...(mac ? { mac } : {}) }));
    };
    const wrong = auditKeys(Buffer.alloc(32, 9));
    await forge((b) => auditMac(wrong.record, b), (n, h) => headMac(wrong.head, n, h), true);
    expect(await verify()).toMatchObject({ code: 1, text: expect.stringContaining(`line ${last + 1}: its content does not match its keyed hash`) });
    await forge(auditHash, () => undefined, false);
    expect(await verify()).toMatchObject({ code: 1, text: expect.stringContaining(`line ${last + 1}: an unkeyed record after keyed ones`) });
  });

  it('detects a deleted log when the ledger or the head file remains', async () => {
    await rm(log);
    expect(await verify()).toMatchObject({ code: 1, text: expect.stringMatching(/line 1: the audit log .* is missing, but its head file/) });
    await rm(`${log}.head`);
    expect(await verify()).toMatchObject({ code: 1, text: expect.stringMatching(/is missing, but the exposure ledger .* exists \(the log was deleted\)/) });
  });

  it('a deleted ledger is not silently restarted: the app answers locally and asks no Brain, saying why', async () => {
    await expect(assertLedgerNotDeleted(ledgerFile, log, auditKeyStore(data))).resolves.toBeUndefined();
    await rm(ledgerFile);
    await expect(assertLedgerNotDeleted(ledgerFile, log, auditKeyStore(data))).rejects.toBeInstanceOf(LedgerMissingError);
    const keyStore = new MemoryBrainKeyStore();
    await keyStore.setKey('sk-t');
    const parts = assemble({ dataDir: data, brain: { keyStore, initial: { mode: 'openai', url: server.baseURL, model: 'gpt-4o-mini', policy: 'always' } } });
    const kb = join(data, 'books.txt');
    await writeFile(kb, ['Moonfall|written_by|Ilse Varga', 'Tidewater|written_by|Ilse Varga', 'Ilse Varga|born_in|Kelmar'].join('\n'));
    await parts.library.importFile('books', kb);
    const engine = engineOf(parts, { resourcesDir: join(data, 'resources'), version: '9.9.9', transport: 'host' });
    try {
      const before = server.requests.length;
      const envelope = (await engine.dispatch('qa.ask', { graph: 'books', question: 'who wrote Moonfall' })) as Envelope<AskResult>;
      if (!envelope.ok) throw new Error(envelope.error.message);
      expect(envelope.value.brain!.notes[0]).toMatch(/^Brain not asked: The exposure ledger .* is missing, but the audit log anchors it at 2 call\(s\)/);
      expect(server.requests.length).toBe(before);
      expect(existsSync(ledgerFile)).toBe(false);
    } finally {
      await engine.close();
    }
  }, 120_000);

  it('a lost audit key is not replaced by a new one, and verify says the log cannot be checked', async () => {
    const key = auditKeyStore(data) as SeparateKeyStore;
    await key.key();
    await rm(key.path());
    const r = await verify();
    expect(r.code).toBe(1);
    expect(r.text).toMatch(/TAMPERED at line 1: the log is keyed, but the audit key .*audit\.key.* could not be read: .*missing/);
    expect(existsSync(key.path())).toBe(false);
  });

  it('refuses to extend a keyed log without its key', async () => {
    await expect(AuditLog.open(log)).rejects.toBeInstanceOf(AuditLogBrokenError);
  });
});

describe('logs written before the chain was keyed', () => {
  it('verify says what an unkeyed log cannot prove; the first keyed record then pins the unkeyed part', async () => {
    const file = join(data, 'old', 'audit.jsonl');
    const old = await AuditLog.open(file);
    await old.append('decision', 'q1', { approved: true });
    await old.append('request', 'q1', { text: 'QUESTION: x' });
    const plain = await verifyAuditLog(file);
    expect(plain).toMatchObject({ ok: true, records: 2, notes: [expect.stringMatching(/2 unkeyed record\(s\).*recomputed hashes would not show/)] });

    const key = staticKeyStore(Buffer.alloc(32, 3));
    const upgraded = await AuditLog.open(file, { keyStore: key });
    await upgraded.append('response', 'q1', { raw: '{}' });
    expect(await verifyAuditLog(file, { keyStore: key })).toMatchObject({ ok: true, records: 3, notes: [expect.stringMatching(/2 record\(s\) from before the chain was keyed, pinned/)] });

    // Rewrite an unkeyed record and recompute the unkeyed hashes: the keyed record's link no longer matches.
    const rs = (await readFile(file, 'utf8')).trimEnd().split('\n').map((l) => JSON.parse(l) as AuditRecord);
    const { hash: _h, ...body } = { ...rs[1], data: { text: 'QUESTION: y' } };
    rs[1] = { ...body, hash: auditHash(body) };
    await writeFile(file, rs.map((r) => JSON.stringify(r)).join('\n') + '\n');
    expect(await verifyAuditLog(file, { keyStore: key })).toMatchObject({ ok: false, line: 3 });
    expect(existsSync(`${file}.head`)).toBe(true);
  });
});
