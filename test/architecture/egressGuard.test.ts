// The runtime egress guard (node/egressGuard.ts), installed in this test process as an engine process installs it:
// a planted outbound connection to a loopback listener is refused before it connects (net, http and fetch alike),
// the listener itself keeps working, the Brain gateway's call to its endpoint goes through while it runs (and only
// then), and a model download goes through to a configured model host, recorded as "download" events, while one
// from another host is refused and recorded without a connection.
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createSocket } from 'node:dgram';
import { get } from 'node:http';
import { connect, createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BrainGateway } from '../../src-main/engine/egress/brain/brainGateway.js';
import { StaticKeyProvider } from '../../src-main/engine/egress/brain/keyProvider.js';
import { DEFAULT_MODEL_HOSTS, downloadPolicyFromEnv, downloadRefusal } from '../../src-main/engine/llm/downloadPolicy.js';
import { ModelManager, type DownloadRecord } from '../../src-main/engine/llm/modelManager.js';
import { writeTinyGguf } from '../../src-main/engine/llm/tinyGguf.js';
import {
  connectTarget,
  datagramTarget,
  EGRESS_REFUSED,
  egressGuardInstalled,
  installEgressGuard,
  permitEgress,
  permitMatches,
  uninstallEgressGuard,
} from '../../src-main/engine/node/egressGuard.js';
import { startRecordingServer, type RecordingServer } from '../brain/recordingServer.js';
import { startGgufServer } from '../llm/ggufServer.js';

let listener: Server;
let port = 0;
let accepted = 0;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ctrlg-guard-'));
  installEgressGuard();
  // Listening is not guarded: a server started after the guard accepts as before.
  listener = createServer((s) => {
    accepted++;
    s.on('error', () => undefined); // the client hangs up at once
    s.end('hello');
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as AddressInfo).port;
});
afterAll(async () => {
  uninstallEgressGuard();
  await new Promise<void>((resolve) => listener.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
});

let server: RecordingServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Connects with net.connect and resolves with the error code, or 'connected'. */
function plantedConnect(host: string, p: number): Promise<string> {
  return new Promise((resolve) => {
    const s = connect(p, host);
    s.once('connect', () => {
      s.destroy();
      resolve('connected');
    });
    s.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
  });
}

describe('runtime egress guard', () => {
  it('refuses a planted connection (net, http, fetch) before it reaches the listener', async () => {
    expect(egressGuardInstalled()).toBe(true);
    expect(await plantedConnect('127.0.0.1', port)).toBe(EGRESS_REFUSED);
    const viaHttp = await new Promise<string>((resolve) => {
      get(`http://127.0.0.1:${port}/`, () => resolve('answered')).once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? ''));
    });
    expect(viaHttp).toBe(EGRESS_REFUSED);
    const viaFetch = await fetch(`http://127.0.0.1:${port}/`).then(
      () => 'answered',
      (e: { cause?: { code?: string } }) => e.cause?.code,
    );
    expect(viaFetch).toBe(EGRESS_REFUSED);
    expect(accepted).toBe(0);
  });

  it("lets the gateway's call to its endpoint through while it runs, and only then", async () => {
    server = await startRecordingServer({ respond: () => '{"ranking":[]}' });
    const g = new BrainGateway({ baseURL: server.baseURL, model: 'm', keyProvider: new StaticKeyProvider('sk-g'), retry: { maxAttempts: 1 } });
    await expect(g.complete({ system: 's', user: 'u' })).resolves.toMatchObject({ json: { ranking: [] } });
    expect(server.requests).toHaveLength(1);
    const endpoint = new URL(server.baseURL);
    expect(await plantedConnect(endpoint.hostname, Number(endpoint.port))).toBe(EGRESS_REFUSED);
    expect(server.requests).toHaveLength(1);
  });

  it('refuses a planted UDP datagram (send and connect) to a loopback receiver', async () => {
    const receiver = createSocket('udp4');
    let received = 0;
    receiver.on('message', () => received++);
    await new Promise<void>((resolve) => receiver.bind(0, '127.0.0.1', resolve));
    const udpPort = receiver.address().port;
    const sender = createSocket('udp4');
    try {
      const sent = await new Promise<string>((resolve) => sender.send('ping', udpPort, '127.0.0.1', (e) => resolve(e ? ((e as NodeJS.ErrnoException).code ?? '') : 'sent')));
      expect(sent).toBe(EGRESS_REFUSED);
      const connected = await new Promise<string>((resolve) => {
        sender.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? ''));
        sender.connect(udpPort, '127.0.0.1', () => resolve('connected'));
      });
      expect(connected).toBe(EGRESS_REFUSED);
      await new Promise((r) => setTimeout(r, 50));
      expect(received).toBe(0);
    } finally {
      sender.close();
      receiver.close();
    }
  });

  it('a permit covers its host (and port) only', async () => {
    const release = permitEgress({ host: '127.0.0.1', port: port + 1, purpose: 'brain' });
    try {
      expect(await plantedConnect('127.0.0.1', port)).toBe(EGRESS_REFUSED);
    } finally {
      release();
    }
    const open = permitEgress({ host: '127.0.0.1', port, purpose: 'brain' });
    try {
      expect(await plantedConnect('127.0.0.1', port)).toBe('connected');
    } finally {
      open();
    }
    expect(await plantedConnect('127.0.0.1', port)).toBe(EGRESS_REFUSED);
  });

  it('downloads from a configured model host go through and are recorded; others are refused and recorded', async () => {
    const tiny = await writeTinyGguf(join(dir, 'tiny.gguf'), { seed: 1 });
    const files = await startGgufServer(await readFile(tiny.path));
    const records: DownloadRecord[] = [];
    try {
      const mm = new ModelManager({ dataDir: join(dir, 'data'), developmentModelsDir: null, downloadPolicy: { hosts: ['127.0.0.1'] }, recordDownload: async (r) => void records.push(r) });
      const info = await mm.download(files.url('served.gguf'));
      expect(info.fileName).toBe('served.gguf');
      await expect(mm.download('https://models.example.com/x.gguf')).rejects.toMatchObject({ code: 'not_allowed' });
      expect(records.map((r) => r.phase)).toEqual(['start', 'done', 'refused']);
      expect(records[0]).toMatchObject({ source: files.url('served.gguf'), hosts: ['127.0.0.1'] });
      expect(records[2].reason).toMatch(/models\.example\.com is not a model host; model downloads may come only from 127\.0\.0\.1/);
      // A download that cannot be recorded is not made.
      const unrecorded = new ModelManager({ dataDir: join(dir, 'data2'), developmentModelsDir: null, downloadPolicy: { hosts: ['127.0.0.1'] }, recordDownload: async () => Promise.reject(new Error('log broken')) });
      const sentBefore = files.bytesSent();
      await expect(unrecorded.download(files.url('again.gguf'))).rejects.toMatchObject({ code: 'not_recorded' });
      expect(files.bytesSent()).toBe(sentBefore);
    } finally {
      await files.close();
    }
  });
});

describe('every engine process installs the guard first', () => {
  it('the CLI, the host and the Electron main process call installEgressGuard() before they start the engine', () => {
    const src = (p: string): string => readFileSync(join(import.meta.dirname, '..', '..', 'src-main', p), 'utf8');
    const cli = src('cli/main.ts');
    expect(cli.indexOf('installEgressGuard();')).toBeGreaterThan(0);
    expect(cli.indexOf('installEgressGuard();')).toBeLessThan(cli.indexOf('await runCli('));
    const host = src('host/main.ts');
    expect(host.indexOf('installEgressGuard();')).toBeGreaterThan(0);
    expect(host.indexOf('installEgressGuard();')).toBeLessThan(host.indexOf('await startHost('));
    const shell = src('shell/main.ts');
    expect(shell.indexOf('installEgressGuard();')).toBeGreaterThan(0);
    expect(shell.indexOf('installEgressGuard();')).toBeLessThan(shell.indexOf('assemble('));
  });
});

describe('egress guard and download policy (pure parts)', () => {
  it('reads the destination of every connect() form; IPC paths are not network', () => {
    expect(connectTarget([{ host: 'api.example.com', port: 443 }])).toEqual({ host: 'api.example.com', port: 443 });
    expect(connectTarget([[{ host: '::1', port: '8080' }, () => undefined]])).toEqual({ host: '::1', port: 8080 });
    expect(connectTarget([80, 'example.org'])).toEqual({ host: 'example.org', port: 80 });
    expect(connectTarget([3000])).toEqual({ host: 'localhost', port: 3000 });
    expect(connectTarget(['/tmp/app.sock'])).toBeUndefined();
    expect(connectTarget([{ path: '/tmp/app.sock' }])).toBeUndefined();
    expect(datagramTarget(['x', 53, '8.8.8.8'])).toEqual({ host: '8.8.8.8', port: 53 });
    expect(datagramTarget([Buffer.from('x'), 0, 1, 514, 'logs.example'])).toEqual({ host: 'logs.example', port: 514 });
    expect(datagramTarget(['x', () => undefined])).toBeUndefined();
    expect(permitMatches({ host: '.hf.co', purpose: 'download' }, 'cdn-lfs.hf.co', 443)).toBe(true);
    expect(permitMatches({ host: '.hf.co', purpose: 'download' }, 'evilhf.co', 443)).toBe(false);
    expect(permitMatches({ host: '[::1]', port: 8080, purpose: 'brain' }, '::1', 8080)).toBe(true);
  });

  it('allows only the configured model hosts, over https, with nothing but the URL', () => {
    const policy = downloadPolicyFromEnv({});
    expect(policy.hosts).toEqual(DEFAULT_MODEL_HOSTS);
    expect(downloadRefusal('hf:owner/repo/model.gguf', policy)).toBeUndefined();
    expect(downloadRefusal('https://huggingface.co/o/r/resolve/main/m.gguf?download=true', policy)).toBeUndefined();
    expect(downloadRefusal('https://cdn-lfs.hf.co/x/m.gguf', policy)).toBeUndefined();
    expect(downloadRefusal('http://huggingface.co/o/r/m.gguf', policy)).toMatch(/http: is not allowed/);
    expect(downloadRefusal('https://evil.example/m.gguf', policy)).toMatch(/evil\.example is not a model host/);
    expect(downloadRefusal('https://huggingface.co/o/r/m.gguf?q=Ridgeway', policy)).toMatch(/a query \(q\) is not allowed/);
    expect(downloadRefusal('https://user:pw@huggingface.co/m.gguf', policy)).toMatch(/credentials/);
    expect(downloadPolicyFromEnv({ CTRLG_MODEL_HOSTS: 'models.corp.example, .mirror.example' }).hosts).toEqual(['models.corp.example', '.mirror.example']);
    expect(downloadRefusal('hf:o/r/m.gguf', { hosts: ['models.corp.example'] })).toMatch(/hf: URIs need huggingface\.co/);
  });
});
