// `npm run host` stops promptly on SIGTERM while a model download runs: during the transfer (a throttled loopback
// server) and while the downloader is still starting (a host that accepts and never answers, where the downloader
// alone would retry for minutes). Either way the process exits 0 and leaves no .gguf in the models folder (a partial
// download keeps a temporary name, so it is never listed as a model).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startGgufServer } from '../llm/ggufServer.js';

const ROOT = join(import.meta.dirname, '..', '..');
/** What "promptly" means here; the host takes well under a second once its handlers run. */
const PROMPT_MS = 10_000;

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

interface HostRun {
  url: string;
  data: string;
  exit: Promise<{ code: number | null; signal: string | null; at: number }>;
  signal(name: NodeJS.Signals): void;
}

async function startHostProcess(): Promise<HostRun> {
  const data = mkdtempSync(join(tmpdir(), 'ctrlg-host-signal-'));
  dirs.push(data);
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'host.mjs'), '--port', '0', '--data', data, '--no-open-demo'], {
    cwd: ROOT,
    env: { ...process.env, CTRLG_MODEL_HOSTS: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exit = new Promise<{ code: number | null; signal: string | null; at: number }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, at: performance.now() })),
  );
  let stdout = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      const m = /^ctrlg host: (\S+)$/m.exec(stdout);
      if (m) resolve(m[1]);
    });
    void exit.then(() => reject(new Error(`the host exited before printing its URL: ${stdout}`)));
  });
  return { url, data, exit, signal: (name) => child.kill(name) };
}

/** Opens the host's socket and starts a download; resolves with the socket and a probe for its progress events. */
async function startDownload(run: HostRun, uri: string): Promise<{ ws: WebSocket; progressed: () => boolean }> {
  const page = new URL(run.url);
  const token = new URLSearchParams(page.hash.slice(1)).get('token') ?? '';
  const ws = new WebSocket(`ws://${page.host}/ws?token=${encodeURIComponent(token)}`);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.on('error', () => undefined); // the host goes away under it
  let progress = 0;
  ws.on('message', (data: Buffer) => {
    const frame = JSON.parse(data.toString()) as { event?: string; payload?: { downloadedBytes?: number } };
    if (frame.event === 'models.downloadProgress' && (frame.payload?.downloadedBytes ?? 0) > 0) progress++;
  });
  ws.send(JSON.stringify({ id: 1, channel: 'models.download', request: { jobId: 'signal-test', uri } }));
  return { ws, progressed: () => progress > 0 };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 600 && !condition(); i++) await new Promise((r) => setTimeout(r, 50));
  if (!condition()) throw new Error(`timed out waiting for ${what}`);
}

function ggufsIn(data: string): string[] {
  try {
    return readdirSync(join(data, 'models')).filter((f) => f.endsWith('.gguf'));
  } catch {
    return [];
  }
}

describe('the host and a running download', () => {
  it('exits promptly on SIGTERM during the transfer, leaving no model file behind', async () => {
    // 32 MiB at 64 KiB per 20 ms: minutes to finish, so the download is surely mid-way when the signal comes.
    const server = await startGgufServer(Buffer.alloc(32 * 2 ** 20, 7), { chunkBytes: 64 * 1024, delayMs: 20 });
    const run = await startHostProcess();
    try {
      const { progressed } = await startDownload(run, server.url('big.gguf'));
      await until(progressed, 'download progress');
      const sentAt = performance.now();
      run.signal('SIGTERM');
      const exit = await run.exit;
      expect(exit).toMatchObject({ code: 0, signal: null });
      expect(exit.at - sentAt).toBeLessThan(PROMPT_MS);
      expect(server.bytesSent()).toBeLessThan(32 * 2 ** 20);
      expect(ggufsIn(run.data)).toEqual([]);
    } finally {
      run.signal('SIGKILL');
      await server.close();
    }
  });

  it('exits promptly on SIGINT while the downloader is still starting on a host that never answers', async () => {
    const held: Socket[] = [];
    const silent: Server = createServer((s) => void held.push(s));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const run = await startHostProcess();
    try {
      await startDownload(run, `http://127.0.0.1:${(silent.address() as AddressInfo).port}/model.gguf`);
      // The reachability check's connection, then the downloader's own: it now waits for an answer that never comes.
      await until(() => held.length >= 2, 'the downloader to connect');
      const sentAt = performance.now();
      run.signal('SIGINT');
      const exit = await run.exit;
      expect(exit).toMatchObject({ code: 0, signal: null });
      expect(exit.at - sentAt).toBeLessThan(PROMPT_MS);
      expect(ggufsIn(run.data)).toEqual([]);
    } finally {
      run.signal('SIGKILL');
      for (const s of held) s.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
