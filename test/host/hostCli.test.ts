// `npm run host` as a user runs it: the printed line, and the refusal to bind beyond loopback.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

function runHost(args: string[]): { firstLine: Promise<string>; exit: Promise<{ code: number | null; stderr: string }>; kill(): void } {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'host.mjs'), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const firstLine = new Promise<string>((resolve) => {
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (stdout.includes('\n')) resolve(stdout.split('\n')[0]);
    });
  });
  const exit = new Promise<{ code: number | null; stderr: string }>((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
  return { firstLine, exit, kill: () => child.kill('SIGTERM') };
}

describe('npm run host', () => {
  it('refuses a non-loopback --host without --allow-remote, with a clear message', async () => {
    const { exit } = runHost(['--host', '0.0.0.0', '--no-open-demo']);
    const { code, stderr } = await exit;
    expect(code).toBe(2);
    expect(stderr).toMatch(/refusing to listen on "0\.0\.0\.0".*--allow-remote/s);
  });

  it('prints one line with the loopback URL and the token, and stops on SIGTERM', async () => {
    const data = mkdtempSync(join(tmpdir(), 'ctrlg-hostcli-'));
    const host = runHost(['--port', '0', '--data', data, '--no-open-demo']);
    try {
      expect(await host.firstLine).toMatch(/^ctrlg host: http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]{43}$/);
    } finally {
      host.kill();
      expect((await host.exit).code).toBe(0);
      rmSync(data, { recursive: true, force: true });
    }
  });
});
