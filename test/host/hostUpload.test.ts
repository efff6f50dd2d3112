// POST /upload on the browser host: streamed into the data folder and importable; refused without the token, from
// another origin, or over the size limit (from Content-Length at once, or mid-stream) with the partial file removed;
// removed once the import that read it has ended, and cleared at the next start when a run left one behind.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request } from 'node:http';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeUploadName } from '../../src-main/host/uploadEndpoint.js';
import { makeHostFixture, type HostFixture } from './hostFixture.js';

let fx: HostFixture;
const LIMIT = 4096;

beforeAll(async () => {
  fx = await makeHostFixture({ uploadLimitBytes: LIMIT });
});
afterAll(async () => {
  await fx?.dispose();
});

function post(path: string, body: Buffer | Buffer[], headers: Record<string, string>): Promise<{ status: number; json: { ok: boolean; path?: string; error?: { code: string; message: string } } }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: fx.host.port, path, method: 'POST', headers }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
    });
    req.on('error', reject);
    // Several chunks with no Content-Length: the limit has to be enforced while streaming.
    if (Array.isArray(body)) {
      for (const chunk of body) req.write(chunk);
      req.end();
    } else req.end(body);
  });
}

const uploads = (): string[] => {
  const dir = join(fx.root, 'data', 'uploads');
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('POST /upload', () => {
  it('stores the file in the data folder and the import reads it from there', async () => {
    const text = 'Ada|born_in|Lyon\nLyon|in|France\n';
    const res = await post('/upload?name=../../people.txt', Buffer.from(text), { 'x-ctrlg-token': fx.host.token, 'content-type': 'application/octet-stream' });
    expect(res.status).toBe(200);
    expect(res.json.ok).toBe(true);
    const path = res.json.path!;
    expect(path.startsWith(join(fx.root, 'data', 'uploads'))).toBe(true);
    expect(path.endsWith('-people.txt')).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe(text);
    const imported = await fx.host.engine.dispatch('graph.import', { jobId: 'up', graph: 'uploaded', file: path });
    expect(imported).toMatchObject({ ok: true, value: { triplesTotal: 2 } });
    // The plaintext copy goes once the import has read it.
    expect(existsSync(path)).toBe(false);
  });

  it('removes the upload when its import fails too', async () => {
    const res = await post('/upload?name=broken.nt', Buffer.from('<a> <b> "unclosed .\n'), { 'x-ctrlg-token': fx.host.token });
    const path = res.json.path!;
    expect(existsSync(path)).toBe(true);
    const imported = await fx.host.engine.dispatch('graph.import', { jobId: 'bad', graph: 'broken', file: path });
    expect(imported.ok).toBe(false);
    expect(existsSync(path)).toBe(false);
  });

  it('refuses a missing or wrong token and another origin', async () => {
    expect((await post('/upload?name=a.txt', Buffer.from('x'), {})).status).toBe(401);
    expect((await post('/upload?name=a.txt', Buffer.from('x'), { 'x-ctrlg-token': 'nope' })).json.error?.message).toMatch(/host token/);
    expect((await post('/upload?name=a.txt', Buffer.from('x'), { 'x-ctrlg-token': fx.host.token, origin: 'http://evil.example' })).status).toBe(403);
  });

  it('refuses a file over the limit, from Content-Length or while streaming, and keeps no partial file', async () => {
    const before = uploads().length;
    const big = await post('/upload?name=big.txt', Buffer.alloc(LIMIT + 100, 97), { 'x-ctrlg-token': fx.host.token });
    expect(big.status).toBe(413);
    expect(big.json.error).toMatchObject({ code: 'too_large' });
    expect(big.json.error?.message).toBe('"big.txt" is 4.1 KiB: the upload limit is 4 KiB.');
    const chunks = Array.from({ length: 8 }, () => Buffer.alloc(1024, 98));
    const streamed = await post('/upload?name=streamed.txt', chunks, { 'x-ctrlg-token': fx.host.token, 'transfer-encoding': 'chunked' });
    expect(streamed.status).toBe(413);
    expect(streamed.json.error?.message).toBe('"streamed.txt" is larger than the upload limit of 4 KiB.');
    await new Promise((r) => setTimeout(r, 50));
    expect(uploads().length).toBe(before);
  });
});

describe('uploads left by an earlier run', () => {
  it('are cleared when the host starts', async () => {
    const root = mkdtempSync(join(tmpdir(), 'ctrlg-stale-'));
    const stale = join(root, 'data', 'uploads', '1-abcd1234-old.txt');
    mkdirSync(dirname(stale), { recursive: true });
    writeFileSync(stale, 'a|b|c\n');
    const host = await makeHostFixture({ dataDir: join(root, 'data') });
    try {
      expect(existsSync(stale)).toBe(false);
    } finally {
      await host.dispose();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('safeUploadName', () => {
  it('keeps the base name and replaces odd characters', () => {
    expect(safeUploadName('../../etc/passwd')).toBe('passwd');
    expect(safeUploadName('C:\\x\\my graph (1).ttl')).toBe('my_graph_1_.ttl');
    expect(safeUploadName('...')).toBe('upload');
  });
});
