// A host started in-process over throwaway folders, with a tiny built "renderer" and a secret next to it.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { startHost, type HostOptions, type RunningHost } from '../../src-main/host/startHost.js';

export interface HostFixture {
  root: string;
  host: RunningHost;
  dispose(): Promise<void>;
}

export const SECRET = 'do-not-serve-this-secret';

export async function makeHostFixture(options: HostOptions = {}): Promise<HostFixture> {
  const root = mkdtempSync(join(tmpdir(), 'ctrlg-host-'));
  const rendererDir = join(root, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Ctrl-G</title><script type="module" src="/assets/app.js"></script>');
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log("ctrlg")');
  writeFileSync(join(rendererDir, 'assets', 'app.css'), 'body{}');
  writeFileSync(join(root, 'secret.txt'), SECRET);
  const host = await startHost({ dataDir: join(root, 'data'), resourcesDir: join(root, 'resources'), rendererDir, openDemo: false, importRoots: [root], ...options });
  return {
    root,
    host,
    async dispose() {
      await host.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A raw GET: node's http client sends the path as given, so "../" reaches the server un-normalised. */
export function rawGet(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Opens a socket; resolves with it when open, or with the HTTP status the upgrade was refused with. */
export function connect(url: string, headers: Record<string, string> = {}): Promise<{ ws?: WebSocket; status?: number }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => resolve({ ws }));
    ws.once('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode });
      res.resume();
    });
    ws.once('error', (err) => reject(err));
  });
}

/** Sends a raw frame and waits for the next reply frame. */
export function exchange(ws: WebSocket, frame: string | Buffer): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const onMessage = (data: Buffer): void => {
      const parsed = JSON.parse(data.toString()) as Record<string, unknown>;
      if ('event' in parsed) return;
      ws.off('message', onMessage);
      resolve(parsed);
    };
    ws.on('message', onMessage);
    ws.send(frame, { binary: Buffer.isBuffer(frame) });
  });
}
