// A model host that cannot be reached fails the download in seconds with a message saying why (the downloader alone
// retries for minutes): a loopback port that refuses, a name that does not resolve. A cancel while the downloader
// is still starting (a host that accepts the connection and never answers) ends the download at once. Each failure
// is recorded in the audit log with its reason. A host that connects and then sends nothing fails once the stall
// timeout passes.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadEndpoint, ModelManager, unreachableReason, type DownloadRecord } from '../../src-main/engine/llm/modelManager.js';

/** The bound the issue sets for "fails fast"; the failures below take milliseconds. */
const FAST_MS = 10_000;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ctrlg-unreachable-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function manager(name: string, hosts: string[], records: DownloadRecord[]): ModelManager {
  return new ModelManager({ dataDir: join(dir, name), developmentModelsDir: null, downloadPolicy: { hosts }, recordDownload: async (r) => void records.push(r) });
}

/** A loopback port nothing listens on (bound, then closed). */
async function refusingPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function failure(work: Promise<unknown>): Promise<{ error: { code?: string; message: string }; ms: number }> {
  const started = performance.now();
  try {
    await work;
  } catch (e) {
    return { error: e as { code?: string; message: string }, ms: performance.now() - started };
  }
  throw new Error('the download did not fail');
}

describe('a download from a host that cannot be reached', () => {
  it('fails fast when the port refuses, saying so, and records the failure', async () => {
    const port = await refusingPort();
    const records: DownloadRecord[] = [];
    const mm = manager('refused', ['127.0.0.1'], records);
    const { error, ms } = await failure(mm.download(`http://127.0.0.1:${port}/model.gguf`));
    expect(error.code).toBe('unreachable');
    expect(error.message).toBe(`cannot download http://127.0.0.1:${port}/model.gguf: 127.0.0.1:${port} refused the connection`);
    expect(ms).toBeLessThan(FAST_MS);
    expect(records.map((r) => r.phase)).toEqual(['start', 'failed']);
    expect(records[1].reason).toBe(error.message);
    expect(await readdir(mm.dataModelsDir).catch(() => [])).toEqual([]);
  });

  it('fails fast when the name does not resolve', async () => {
    const mm = manager('unresolved', ['nonexistent.invalid'], []);
    const { error, ms } = await failure(mm.download('https://nonexistent.invalid/model.gguf'));
    expect(error.code).toBe('unreachable');
    expect(error.message).toMatch(/^cannot download https:\/\/nonexistent\.invalid\/model\.gguf: (the name nonexistent\.invalid does not resolve|there is no route to nonexistent\.invalid)/);
    expect(ms).toBeLessThan(FAST_MS);
  });

  it('ends at once when cancelled while the downloader is still starting', async () => {
    // Accepts the connection and never answers: the downloader waits for the file's size with no end in sight.
    const held: Socket[] = [];
    const silent: Server = createServer((s) => void held.push(s));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const mm = manager('silent', ['127.0.0.1'], []);
      const job = mm.startDownload(`http://127.0.0.1:${port}/model.gguf`);
      // Wait until the downloader itself has connected (the reachability check's connection comes first).
      for (let i = 0; i < 200 && held.length < 2; i++) await new Promise((r) => setTimeout(r, 25));
      expect(held.length).toBeGreaterThanOrEqual(2);
      const cancelledAt = performance.now();
      job.cancel();
      const { error } = await failure(job.done);
      expect(error.code).toBe('cancelled');
      expect(performance.now() - cancelledAt).toBeLessThan(FAST_MS);
    } finally {
      for (const s of held) s.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe('a download from a host that connects and then sends nothing', () => {
  it('fails as stalled once no byte came for the stall timeout, instead of retrying for minutes', async () => {
    const held: Socket[] = [];
    const silent: Server = createServer((s) => void held.push(s));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const records: DownloadRecord[] = [];
      const mm = new ModelManager({ dataDir: join(dir, 'stalled'), developmentModelsDir: null, downloadPolicy: { hosts: ['127.0.0.1'] }, stallTimeoutMs: 1500, recordDownload: async (r) => void records.push(r) });
      const uri = `http://127.0.0.1:${port}/model.gguf`;
      const { error, ms } = await failure(mm.download(uri));
      expect(error.code).toBe('network');
      expect(error.message).toBe(`downloading ${uri} stalled: no data for 1.5 s`);
      expect(ms).toBeGreaterThanOrEqual(1500);
      expect(ms).toBeLessThan(FAST_MS);
      expect(records.at(-1)).toMatchObject({ phase: 'failed', reason: error.message });
    } finally {
      for (const s of held) s.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe('reachability, in words', () => {
  it('names the endpoint a download connects to first', () => {
    expect(downloadEndpoint('hf:Qwen/Qwen3-0.6B-GGUF/Qwen3-0.6B-Q8_0.gguf')).toEqual({ host: 'huggingface.co', port: 443 });
    expect(downloadEndpoint('https://example.hf.co/m.gguf')).toEqual({ host: 'example.hf.co', port: 443 });
    expect(downloadEndpoint('http://[::1]:8080/m.gguf')).toEqual({ host: '::1', port: 8080 });
  });

  it('says why a connection failed', () => {
    expect(unreachableReason('h.example', 443, 'EAI_AGAIN', '')).toBe('the name h.example does not resolve (no network, or no DNS)');
    expect(unreachableReason('h.example', 443, 'ETIMEDOUT', '')).toBe('h.example:443 did not answer within 6 s');
    expect(unreachableReason('h.example', 443, 'EHOSTUNREACH', '')).toBe('there is no route to h.example (no network)');
    expect(unreachableReason('h.example', 443, 'ERR_EGRESS_REFUSED', 'refused by the guard')).toBe('cannot connect to h.example:443 (refused by the guard)');
  });
});
