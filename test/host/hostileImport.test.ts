// The headless host, as a separate process, fed the hostile files of issue 12 over its WebSocket: each import
// fails typed with its line (or, for the empty literal, succeeds), no error carries the file's text, paths
// outside the data and home folders are refused, and the host is still up and serving afterwards.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { CtrlgBridge } from '../../src-main/common/contract.js';
import { createWsBridge } from '../../src-renderer/src/transport/wsBridge.js';
import { writeHostileFiles, type HostileFiles } from '../import/hostileFiles.js';

const ROOT = join(import.meta.dirname, '..', '..');
const SECRET_LINE = 'alice:s3cret-password-line:1000';

let home: string;
let child: ChildProcess;
let exited = false;
let bridge: CtrlgBridge;
let files: HostileFiles;
const saved = (globalThis as { WebSocket?: unknown }).WebSocket;

beforeAll(async () => {
  (globalThis as { WebSocket?: unknown }).WebSocket = WebSocket;
  home = mkdtempSync(join(tmpdir(), 'ctrlg-hostile-host-'));
  mkdirSync(join(home, 'files'));
  files = writeHostileFiles(join(home, 'files'));
  // HOME is this folder, so its files are "in the home folder"; /etc is not.
  child = spawn(process.execPath, [join(ROOT, 'bin', 'host.mjs'), '--port', '0', '--data', join(home, 'data'), '--no-open-demo'], {
    cwd: ROOT,
    env: { ...process.env, HOME: home, CTRLG_DATA: join(home, 'data') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.on('exit', () => (exited = true));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /ctrlg host: (\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`host exited with ${code}`)));
  });
  const page = new URL(url);
  bridge = createWsBridge(`ws://${page.host}/ws`, new URLSearchParams(page.hash.slice(1)).get('token')!);
}, 60_000);

afterAll(async () => {
  (globalThis as { WebSocket?: unknown }).WebSocket = saved;
  if (!exited) {
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await gone;
  }
  rmSync(home, { recursive: true, force: true });
});

const importFile = (jobId: string, file: string, graph = 'g', lenient = false) => bridge.invoke('graph.import', { jobId, graph, file, lenient });

describe('the host fed hostile imports', () => {
  it('fails each hostile Turtle file typed, with its line, and stays up', async () => {
    const base = join(home, 'files', 'base.txt');
    writeFileSync(base, 'a|r|b\n');
    expect(await importFile('base', base)).toMatchObject({ ok: true, value: { triplesTotal: 1 } });

    expect(await importFile('prefix', files.badPrefix)).toMatchObject({
      ok: false,
      error: { code: 'import_failed', details: { line: 1, reason: 'Invalid IRI (Turtle errors cannot be skipped)' } },
    });
    const huge = await importFile('huge', files.hugeToken);
    expect(huge).toMatchObject({ ok: false, error: { code: 'import_failed', details: { line: 2 } } });
    expect(JSON.stringify(huge).length).toBeLessThan(2000);
    expect(await importFile('empty', files.emptyLiteral, 'empty')).toMatchObject({ ok: true, value: { triplesTotal: 3 } });

    expect(exited).toBe(false);
    const graphs = await bridge.invoke('graph.list', {});
    expect(graphs.ok && graphs.value.map((g) => [g.name, g.triples])).toEqual([
      ['empty', 3],
      ['g', 1],
    ]);
  }, 60_000);

  it('never sends a line of the file back: not in an error, not in a lenient import\'s skipped lines', async () => {
    const secret = join(home, 'files', 'notes.txt');
    writeFileSync(secret, `${SECRET_LINE}\nx|r|y\n`);
    const failed = await importFile('secret', secret, 'notes');
    expect(failed).toMatchObject({ ok: false, error: { code: 'import_failed', details: { line: 1 } } });
    const lenient = await importFile('secret-lenient', secret, 'notes', true);
    expect(lenient).toMatchObject({ ok: true, value: { skipped: [{ line: 1, text: '' }] } });
    for (const reply of [failed, lenient]) expect(JSON.stringify(reply)).not.toMatch(/s3cret|alice/);
  });

  it('refuses a path outside the data and home folders, typed and without reading it', async () => {
    const reply = await importFile('passwd', '/etc/passwd');
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_request', details: { reason: 'path_not_allowed' } } });
    expect(JSON.stringify(reply)).not.toMatch(/root:/);
    // A link inside the home folder to the same file is refused as well: the real path counts.
    const link = join(home, 'files', 'passwd-link.txt');
    symlinkSync('/etc/passwd', link);
    expect(await importFile('link', link)).toMatchObject({ ok: false, error: { details: { reason: 'path_not_allowed' } } });
    expect(exited).toBe(false);
  });
});
