// The Hand's channels through dispatch, over a temp data dir and the project's tiny GGUF: adding and listing
// model files, the typed errors for bad ones, loading on the CPU (one thread) with progress and status, and
// downloading from a loopback HTTP server with progress and cancel.
import { copyFile, mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS, EVENT_NAMES, type Envelope, type EventName, type Events } from '../../src-main/common/contract.js';
import type { HandStatusInfo, LoadedModel, ModelEntry, ModelList } from '../../src-main/common/modelTypes.js';
import { writeTinyGguf, type TinyGgufInfo } from '../../src-main/engine/llm/tinyGguf.js';
import { createEngine, type Engine } from '../../src-main/engine/app/createEngine.js';
import { HandService } from '../../src-main/engine/app/handService.js';
import { startGgufServer, type GgufServer } from '../llm/ggufServer.js';

let root: string;
let dataDir: string;
let engine: Engine;
let tiny: TinyGgufInfo;
let server: GgufServer;
let bigServer: GgufServer;
const events: { event: EventName; payload: Events[EventName] }[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'ctrlg-model-handlers-'));
  dataDir = join(root, 'data');
  tiny = await writeTinyGguf(join(root, 'tiny.gguf'), { seed: 5 });
  // Big and throttled enough that a cancel lands mid-transfer.
  const big = await writeTinyGguf(join(root, 'big.gguf'), { seed: 6, embd: 256, ff: 4096, layers: 2 });
  server = await startGgufServer(await readFile(tiny.path));
  bigServer = await startGgufServer(await readFile(big.path), { chunkBytes: 32 * 1024, delayMs: 5 });
  // One thread: two llama.cpp threads on a shared 2-core machine spin-wait on each other.
  // Downloads here come from a loopback server: the one model host these tests may use.
  const hand = new HandService({ dataDir, threads: 1, developmentModelsDir: null, downloadPolicy: { hosts: ['127.0.0.1'] } });
  engine = createEngine({ dataDir, resourcesDir: join(root, 'resources'), version: '9.9.9', transport: 'host', hand });
  for (const event of ['models.downloadProgress', 'models.loadProgress'] as const)
    engine.on(event, (payload) => events.push({ event, payload }));
});

afterAll(async () => {
  await engine?.close();
  await server?.close();
  await bigServer?.close();
  await rm(root, { recursive: true, force: true });
});

async function call<T>(channel: string, request: unknown = {}): Promise<Envelope<T>> {
  return (await engine.dispatch(channel, request)) as Envelope<T>;
}

async function ok<T>(channel: string, request: unknown = {}): Promise<T> {
  const res = await call<T>(channel, request);
  if (!res.ok) throw new Error(`${channel} failed: ${res.error.code}: ${res.error.message}`);
  return res.value;
}

function eventsOf<E extends EventName>(event: E): Events[E][] {
  return events.filter((e) => e.event === event).map((e) => e.payload as Events[E]);
}

describe('models.add and models.list', () => {
  it('adds a GGUF into the data folder and lists it with its metadata and the recommended models', async () => {
    const added = await ok<ModelEntry>('models.add', { path: tiny.path });
    expect(added).toMatchObject({ fileName: 'tiny.gguf', source: 'data', sizeBytes: tiny.bytes });
    expect(added.path).toBe(join(dataDir, 'models', 'tiny.gguf'));

    const list = await ok<ModelList>('models.list');
    expect(list.modelsDir).toBe(join(dataDir, 'models'));
    const entry = list.models.find((m) => m.fileName === 'tiny.gguf');
    expect(entry?.error).toBeUndefined();
    expect(entry?.info).toMatchObject({
      architecture: 'llama',
      parameters: tiny.parameterCount,
      quantisation: 'F32',
      contextLength: tiny.contextLength,
      layers: tiny.layers,
      fileSizeBytes: tiny.bytes,
      isEmbeddingModel: false,
    });
    expect(list.recommended.length).toBeGreaterThan(0);
    for (const r of list.recommended) {
      expect(r.approxBytes).toBeGreaterThan(0);
      expect(r.uri).toMatch(/^hf:/);
      expect(r.downloaded).toBe(false);
    }
    // The download policy is shown with the list: the only hosts downloads may come from.
    expect(list.downloadHosts).toEqual(['127.0.0.1']);
  });

  it('refuses to add the same file name twice unless asked to overwrite', async () => {
    const again = await call('models.add', { path: tiny.path });
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.error.code).toBe('model_exists');
    expect((await call('models.add', { path: tiny.path, overwrite: true })).ok).toBe(true);
  });

  it('answers a truncated, a non-GGUF and a missing file with typed errors, copying nothing', async () => {
    const cut = join(root, 'cut.gguf');
    await copyFile(tiny.path, cut);
    await truncate(cut, Math.floor(tiny.bytes / 2));
    const notGguf = join(root, 'notes.gguf');
    await writeFile(notGguf, 'these are notes, not a model');

    const cases: [string, string][] = [
      [cut, 'model_truncated'],
      [notGguf, 'model_bad_magic'],
      [join(root, 'nope.gguf'), 'model_missing'],
    ];
    for (const [path, code] of cases) {
      const res = await call('models.add', { path });
      expect(res.ok, path).toBe(false);
      if (!res.ok) {
        expect(res.error.code).toBe(code);
        expect(res.error.message).toContain(path);
      }
    }
    const names = (await ok<ModelList>('models.list')).models.map((m) => m.fileName);
    expect(names).toEqual(['tiny.gguf']);
  });

  it('lists a broken file in the data folder with its error instead of hiding it', async () => {
    const broken = join(dataDir, 'models', 'zz-broken.gguf');
    await writeFile(broken, 'GG');
    const entry = (await ok<ModelList>('models.list')).models.find((m) => m.fileName === 'zz-broken.gguf');
    expect(entry?.info).toBeUndefined();
    expect(entry?.error?.problem).toBe('truncated');
    await rm(broken);
  });

  it('rejects a load request naming both a file and a path', async () => {
    const res = await call('models.load', { fileName: 'tiny.gguf', path: tiny.path });
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.error.code).toBe('invalid_request');
  });
});

describe('loading the Hand', () => {
  it('reports an idle runtime before anything started llama.cpp', async () => {
    const status = await ok<HandStatusInfo>('hand.status');
    expect(status).toMatchObject({ started: false, backend: null, hand: null, threads: 1 });
    expect(status.memory.ramTotalBytes).toBeGreaterThan(0);
  });

  it('estimates the fit on the CPU before loading', async () => {
    const fit = await ok<{ fits: boolean; backend: string; gpuLayers: number; ramBytes: number; contextSize: number }>(
      'models.fitEstimate',
      { fileName: 'tiny.gguf', gpu: 'cpu', contextSize: 256 },
    );
    expect(fit).toMatchObject({ fits: true, backend: 'cpu', gpuLayers: 0, contextSize: 256 });
    expect(fit.ramBytes).toBeGreaterThan(0);
  });

  it('loads on the CPU with one thread, emitting progress, and hand.status shows it; unload frees it', async () => {
    events.length = 0;
    const loaded = await ok<LoadedModel>('models.load', { fileName: 'tiny.gguf', gpu: 'cpu', threads: 1, contextSize: 256 });
    expect(loaded).toMatchObject({ fileName: 'tiny.gguf', architecture: 'llama', gpuLayers: 0, threads: 1, contextSize: 256 });

    const progress = eventsOf('models.loadProgress');
    expect(progress.length).toBeGreaterThan(2);
    expect(progress[0]).toMatchObject({ fileName: 'tiny.gguf', phase: 'start', fraction: 0 });
    expect(progress.at(-1)).toMatchObject({ phase: 'done', fraction: 1 });
    const fractions = progress.map((p) => p.fraction);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));

    const status = await ok<HandStatusInfo>('hand.status');
    expect(status).toMatchObject({ started: true, backend: 'cpu', gpuMode: 'cpu', threads: 1 });
    expect(status.hand).toMatchObject({ fileName: 'tiny.gguf', architecture: 'llama', contextSize: 256 });
    expect(status.memory.llamaRamBytes).toBeGreaterThan(0);

    expect(await ok('models.unload')).toEqual({ unloaded: true });
    expect((await ok<HandStatusInfo>('hand.status')).hand).toBeNull();
    expect(await ok('models.unload')).toEqual({ unloaded: false });
  });

  it('answers a model nobody lists with model_missing', async () => {
    const res = await call('models.load', { fileName: 'no-such.gguf', gpu: 'cpu' });
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.error.code).toBe('model_missing');
  });
});

describe('models.download', () => {
  it('downloads from an http server with progress events, and the model lands in the list', async () => {
    events.length = 0;
    const info = await ok<{ fileName: string; architecture: string }>('models.download', {
      jobId: 'dl-1',
      uri: server.url('served.gguf'),
    });
    expect(info).toMatchObject({ fileName: 'served.gguf', architecture: 'llama' });
    const progress = eventsOf('models.downloadProgress');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((p) => p.jobId === 'dl-1')).toBe(true);
    expect(progress.at(-1)).toMatchObject({ downloadedBytes: tiny.bytes, totalBytes: tiny.bytes });

    const entry = (await ok<ModelList>('models.list')).models.find((m) => m.fileName === 'served.gguf');
    expect(entry?.info?.architecture).toBe('llama');
  });

  it('cancels a running download', async () => {
    events.length = 0;
    const running = call('models.download', { jobId: 'dl-big', uri: bigServer.url('big.gguf') });
    await expect.poll(() => eventsOf('models.downloadProgress').length, { timeout: 20_000 }).toBeGreaterThan(0);
    // The engine keeps the job: a page that reloads now finds it running, with its latest progress.
    const during = (await ok<ModelList>('models.list')).download;
    expect(during).toMatchObject({ jobId: 'dl-big', uri: bigServer.url('big.gguf'), status: 'running' });
    expect(during?.progress?.downloadedBytes).toBeGreaterThan(0);
    expect(await ok('models.cancelDownload', { jobId: 'dl-big' })).toEqual({ cancelled: true });
    const res = await running;
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.error.code).toBe('cancelled');
    const after = await ok<ModelList>('models.list');
    expect(after.download).toMatchObject({ jobId: 'dl-big', status: 'cancelled', error: { code: 'cancelled' } });
    const names = after.models.map((m) => m.fileName);
    expect(names).not.toContain('big.gguf');
    expect(await ok('models.cancelDownload', { jobId: 'dl-big' })).toEqual({ cancelled: false });
  });

  it('refuses a source that is neither http(s) nor hf:', async () => {
    const res = await call('models.download', { jobId: 'dl-ftp', uri: 'ftp://example.invalid/x.gguf' });
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.error.code).toBe('invalid_request');
  });

  it('refuses a host that is not a model host, naming the allowed ones, without connecting', async () => {
    const res = await call('models.download', { jobId: 'dl-other', uri: 'https://models.example.invalid/x.gguf' });
    expect(res.ok).toBe(false);
    if (!res.ok) {
      expect(res.error.code).toBe('invalid_request');
      expect(res.error.message).toMatch(/models\.example\.invalid is not a model host; model downloads may come only from 127\.0\.0\.1/);
    }
  });
});

describe('dialog.openFile for models', () => {
  it('asks the native picker for GGUF files when kind is model (triples by default)', async () => {
    const kinds: string[] = [];
    const picker = createEngine({
      dataDir: join(root, 'picker-data'),
      resourcesDir: join(root, 'resources'),
      version: '9.9.9',
      transport: 'electron',
      hand: new HandService({ dataDir: join(root, 'picker-data'), threads: 1, developmentModelsDir: null }),
      openFile: async (kind) => {
        kinds.push(kind);
        return kind === 'model' ? '/picked/model.gguf' : '/picked/triples.tsv';
      },
    });
    try {
      expect(await picker.dispatch('dialog.openFile', { kind: 'model' })).toEqual({ ok: true, value: { path: '/picked/model.gguf' } });
      expect(await picker.dispatch('dialog.openFile', {})).toEqual({ ok: true, value: { path: '/picked/triples.tsv' } });
      expect(kinds).toEqual(['model', 'triples']);
    } finally {
      await picker.close();
    }
  });
});

describe('the contract lists the preload and the host forward', () => {
  it('include the Hand channels and events', () => {
    for (const channel of ['models.list', 'models.add', 'models.download', 'models.cancelDownload', 'models.load', 'models.unload', 'models.fitEstimate', 'hand.status'])
      expect(CHANNELS).toContain(channel);
    expect(EVENT_NAMES).toEqual(expect.arrayContaining(['models.downloadProgress', 'models.loadProgress']));
  });
});
