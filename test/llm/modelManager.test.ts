// Model folders, adding from disk, and downloads from a loopback HTTP server (node:http with Range support):
// progress, cancel mid-way, resume to a complete verified file, and the size and validity checks.
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelFileError } from '../../src-main/engine/llm/modelFileError.js';
import { ModelDownloadError, ModelManager, type DownloadProgress } from '../../src-main/engine/llm/modelManager.js';
import { recommendedModels } from '../../src-main/engine/llm/recommendedModels.js';
import { writeTinyGguf, type TinyGgufInfo } from '../../src-main/engine/llm/tinyGguf.js';
import { startGgufServer, type GgufServer } from './ggufServer.js';

let dir: string;
let tiny: TinyGgufInfo;
/** Larger than ipull's 5 MiB chunks × 3 streams, so a cancel at 60% leaves whole chunks to resume from. */
let big: TinyGgufInfo;
let server: GgufServer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ctrlg-models-'));
  tiny = await writeTinyGguf(join(dir, 'tiny.gguf'), { seed: 1 });
  big = await writeTinyGguf(join(dir, 'big.gguf'), { seed: 2, embd: 256, heads: 4, ff: 4096, layers: 2 });
  server = await startGgufServer(await readFile(big.path), { chunkBytes: 64 * 1024, delayMs: 2 });
});
afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

function managerIn(name: string, developmentModelsDir: string | null = null): ModelManager {
  // Downloads in these tests come from a loopback server: the one model host they may use.
  return new ModelManager({ dataDir: join(dir, name), developmentModelsDir, downloadPolicy: { hosts: ['127.0.0.1'] } });
}

describe('ModelManager: folders', () => {
  it('lists models from the development and data folders, flagging bad files with their error', async () => {
    const devDir = join(dir, 'dev-models');
    await mkdir(devDir, { recursive: true });
    await writeTinyGguf(join(devDir, 'a-good.gguf'));
    await writeFile(join(devDir, 'b-broken.gguf'), 'not a model');
    await writeFile(join(devDir, 'notes.txt'), 'ignored');
    const mm = managerIn('data-list', devDir);
    await mkdir(mm.dataModelsDir, { recursive: true });
    await writeTinyGguf(join(mm.dataModelsDir, 'c-data.gguf'), { layers: 1 });

    const list = await mm.list();
    expect(list.map((e) => [e.fileName, e.source])).toEqual([
      ['a-good.gguf', 'development'],
      ['b-broken.gguf', 'development'],
      ['c-data.gguf', 'data'],
    ]);
    expect(list[0].info?.architecture).toBe('llama');
    expect(list[1].info).toBeUndefined();
    expect(list[1].error?.code).toBe('bad_magic');
    expect(list[2].info?.layers).toBe(1);
  });

  it('lists nothing (no error) when the folders do not exist yet', async () => {
    expect(await managerIn('nothing-yet', join(dir, 'no-such-dir')).list()).toEqual([]);
  });

  it('addFromDisk verifies, then copies into <dataDir>/models', async () => {
    const mm = managerIn('data-add');
    const info = await mm.addFromDisk(tiny.path);
    expect(info.path).toBe(join(mm.dataModelsDir, 'tiny.gguf'));
    expect(info.parameters).toBe(tiny.parameterCount);
    expect((await readFile(info.path)).equals(await readFile(tiny.path))).toBe(true);
    await expect(mm.addFromDisk(tiny.path)).rejects.toThrow(/already/);

    const broken = join(dir, 'broken.gguf');
    await writeFile(broken, 'nope');
    await expect(mm.addFromDisk(broken)).rejects.toBeInstanceOf(ModelFileError);
    expect(await readdir(mm.dataModelsDir)).toEqual(['tiny.gguf']);
  });
});

describe('ModelManager: downloads', () => {
  it('refuses sources that are not http(s) or hf:', async () => {
    await expect(managerIn('data-src').download('/etc/passwd')).rejects.toMatchObject({ code: 'unsupported_source' });
  });

  it('cancels mid-way, keeps the partial file, then resumes to a complete, verified file', async () => {
    const mm = managerIn('data-resume');
    const url = server.url('big.gguf');

    const first = mm.startDownload(url, {
      onProgress: (p) => {
        if (p.fraction > 0.6) first.cancel();
      },
    });
    const err = await first.done.catch((e) => e);
    expect(err).toBeInstanceOf(ModelDownloadError);
    expect(err.code).toBe('cancelled');
    const afterCancel = await readdir(mm.dataModelsDir);
    expect(afterCancel).not.toContain('big.gguf');
    expect(afterCancel.some((f) => f.startsWith('big.gguf') && f !== 'big.gguf')).toBe(true); // the partial

    const progress: DownloadProgress[] = [];
    const info = await mm.download(url, { onProgress: (p) => progress.push(p) });
    expect(info.parameters).toBe(big.parameterCount);
    expect((await stat(info.path)).size).toBe(big.bytes);
    expect((await readFile(info.path)).equals(await readFile(big.path))).toBe(true);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[0].downloadedBytes).toBeGreaterThan(0); // resumed, not restarted
    expect(progress.at(-1)).toMatchObject({ downloadedBytes: big.bytes, totalBytes: big.bytes, fraction: 1 });
    expect(await readdir(mm.dataModelsDir)).toEqual(['big.gguf']);
  });

  it('cancels through an AbortSignal', async () => {
    const mm = managerIn('data-signal');
    const ac = new AbortController();
    const done = mm.download(server.url('big.gguf'), {
      signal: ac.signal,
      onProgress: (p) => p.fraction > 0.1 && ac.abort(),
    });
    await expect(done).rejects.toMatchObject({ code: 'cancelled' });
  });

  it('detects a size mismatch and deletes the file', async () => {
    const small = await startGgufServer(await readFile(tiny.path));
    try {
      const mm = managerIn('data-size');
      const err = await mm.download(small.url('tiny.gguf'), { expectedSizeBytes: tiny.bytes + 1 }).catch((e) => e);
      expect(err).toMatchObject({ code: 'size_mismatch' });
      expect(await readdir(mm.dataModelsDir)).toEqual([]);
      // and the right size passes
      const info = await mm.download(small.url('tiny.gguf'), { expectedSizeBytes: tiny.bytes });
      expect(info.fileSizeBytes).toBe(tiny.bytes);
    } finally {
      await small.close();
    }
  });

  it('rejects a download that is not a usable GGUF and deletes it', async () => {
    const junk = await startGgufServer(Buffer.from('<html>rate limited</html>'));
    try {
      const mm = managerIn('data-junk');
      const err = await mm.download(junk.url('model.gguf')).catch((e) => e);
      expect(err).toMatchObject({ code: 'invalid_file' });
      expect(err.cause).toMatchObject({ code: 'bad_magic' });
      expect(await readdir(mm.dataModelsDir)).toEqual([]);
    } finally {
      await junk.close();
    }
  });
});

describe('recommendedModels', () => {
  it('offers Qwen3 Hand models from 0.6B to 8B and an embedding model, as hf: URIs with sizes', () => {
    const hands = recommendedModels.filter((m) => m.role === 'hand');
    expect(hands.map((m) => m.parameters)).toEqual(['0.6B', '1.7B', '4B', '8B']);
    expect(recommendedModels.some((m) => m.role === 'embedding')).toBe(true);
    for (const m of recommendedModels) {
      expect(m.uri).toMatch(/^hf:[^/]+\/[^/]+\/.+\.gguf$/);
      expect(m.approxBytes).toBeGreaterThan(10e6);
    }
    expect(new Set(recommendedModels.map((m) => m.id)).size).toBe(recommendedModels.length);
  });
});
