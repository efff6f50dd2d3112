// The audit log: hash chain verifies; an edited byte, a deleted line, swapped lines or a removed tail fail with
// the line; exports escape; the CLI exits 0 / 1.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditCommand } from '../../src-main/cli/commands/audit.js';
import { AuditLogBrokenError } from '../../src-main/engine/egress/audit/auditErrors.js';
import { AuditLog } from '../../src-main/engine/egress/audit/auditLog.js';
import { canonicalJson } from '../../src-main/engine/egress/audit/canonicalJson.js';
import { exportAudit } from '../../src-main/engine/egress/audit/exportAudit.js';
import { verifyAuditLog } from '../../src-main/engine/egress/audit/verifyAuditLog.js';

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ctrlg-audit-'));
  file = join(dir, 'audit', 'audit.jsonl');
  const log = await AuditLog.open(file);
  await log.append('decision', 'q1', { approved: true });
  await log.append('request', 'q1', { text: 'QUESTION: <script>alert("x")</script> E_abcdef123456' });
  await log.append('response', 'q1', { raw: '{"ranking":[{"path":1,"reason":"a & b"}]}' });
  await log.append('decision', 'q2', { approved: false, reason: 'denied' });
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

const lines = async () => (await readFile(file, 'utf8')).trimEnd().split('\n');
const put = (ls: string[]) => writeFile(file, ls.join('\n') + '\n');

describe('audit log', () => {
  it('verifies an untouched chain and continues it after reopening', async () => {
    expect(await verifyAuditLog(file)).toMatchObject({ ok: true, records: 4 });
    const log = await AuditLog.open(file);
    await log.append('failure', 'q3', { reason: 'down' });
    expect(await verifyAuditLog(file)).toMatchObject({ ok: true, records: 5 });
  });

  it('detects one edited byte of a payload', async () => {
    const ls = await lines();
    ls[1] = ls[1].replace('QUESTION', 'QUESTIOM');
    await put(ls);
    expect(await verifyAuditLog(file)).toMatchObject({ ok: false, line: 2, reason: expect.stringMatching(/edited/) });
    await expect(AuditLog.open(file)).rejects.toBeInstanceOf(AuditLogBrokenError);
  });

  it('detects a deleted line, an inserted line, swapped lines and a removed tail', async () => {
    const ls = await lines();
    await put([ls[0], ls[2], ls[3]]);
    expect(await verifyAuditLog(file)).toMatchObject({ ok: false, line: 2 });
    await put([ls[0], ls[1], ls[1], ls[2], ls[3]]);
    expect(await verifyAuditLog(file)).toMatchObject({ ok: false, line: 3 });
    await put([ls[0], ls[2], ls[1], ls[3]]);
    expect(await verifyAuditLog(file)).toMatchObject({ ok: false, line: 2 });
    await put(ls.slice(0, 3));
    expect(await verifyAuditLog(file)).toMatchObject({ ok: false, line: 4, reason: expect.stringMatching(/removed from the end/) });
  });

  it('exports JSON and escaped, self-contained HTML', async () => {
    const json = JSON.parse(await exportAudit(file, 'json'));
    expect(json.verification).toMatchObject({ ok: true, records: 4 });
    expect(json.records).toHaveLength(4);
    const html = await exportAudit(file, 'html');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('a &amp; b');
    expect(html).not.toMatch(/<link|src=|href=/);
    expect(html).toContain('Chain verified: 4 records');
  });

  it('canonical JSON sorts keys and ignores layout', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 0, y: null }], c: 'x' } })).toBe('{"a":{"c":"x","d":[1,{"y":null,"z":0}]},"b":1}');
  });

  it('ctrlg audit verify exits 0, then 1 with the line once tampered; export writes a file', async () => {
    const run = async (args: string[]) => {
      const out = new PassThrough();
      let text = '';
      out.on('data', (c) => (text += c));
      const code = await auditCommand.run(args, { dataDir: dir, stdout: out, stderr: out });
      return { code, text };
    };
    expect(await run(['verify'])).toMatchObject({ code: 0, text: expect.stringContaining('4 records') });
    const target = join(dir, 'report.html');
    expect((await run(['export', '--format', 'html', '--out', target])).code).toBe(0);
    expect(await readFile(target, 'utf8')).toContain('<!doctype html>');
    const ls = await lines();
    await put([ls[1], ls[0], ls[2], ls[3]]);
    expect(await run(['verify', '--audit', file])).toMatchObject({ code: 1, text: expect.stringContaining('line 1') });
  });
});
