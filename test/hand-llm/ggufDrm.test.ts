// The GGUF retriever on the tiny model: unit vectors of the model's width, cached, plus the DRM selection.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGgufDrm, l2Normalize, selectDrm, type GgufDrm } from '../../src-main/engine/drm/ggufDrm.js';
import { HandRuntime } from '../../src-main/engine/llm/handRuntime.js';
import { writeTinyGguf, type TinyGgufInfo } from '../../src-main/engine/llm/tinyGguf.js';
import { hashedWordDrm } from './handFixture.js';

let dir: string;
let tiny: TinyGgufInfo;
let runtime: HandRuntime;
let drm: GgufDrm;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ctrlg-ggufdrm-'));
  tiny = await writeTinyGguf(join(dir, 'tiny.gguf'), { seed: 11 });
  runtime = await HandRuntime.create({ gpu: false, threads: 1 });
  drm = await createGgufDrm(runtime, tiny.path, { cacheSize: 3, load: { contextSize: 256 } });
});
afterAll(async () => {
  await drm?.dispose();
  await runtime?.dispose();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const norm = (v: Float32Array): number => Math.hypot(...v);

describe('GGUF DRM', () => {
  it('embeds texts to unit vectors of the model width', async () => {
    expect(drm.dim).toBe(tiny.embd);
    const vs = await drm.embed(['directed by', 'the film', 'Ærøskøbing 東京']);
    expect(vs).toHaveLength(3);
    for (const v of vs) {
      expect(v).toBeInstanceOf(Float32Array);
      expect(v.length).toBe(tiny.embd);
      expect(norm(v)).toBeCloseTo(1, 4);
    }
    expect([...vs[0]]).not.toEqual([...vs[1]]);
  });

  it('serves repeats from the cache, keeps order, evicts the least recently used', async () => {
    const before = { ...drm.stats };
    const [a, b, a2] = await drm.embed(['directed by', 'starring', 'directed by']);
    expect(a2).toBe(a);
    expect(drm.stats.hits - before.hits).toBe(2); // 'directed by' twice, cached by the previous test
    expect(drm.stats.misses - before.misses).toBe(1); // 'starring'
    expect(b.length).toBe(tiny.embd);
    await drm.embed(['x1', 'x2', 'x3']); // capacity 3: the old entries are gone
    const misses = drm.stats.misses;
    await drm.embed(['starring']);
    expect(drm.stats.misses).toBe(misses + 1);
  });

  it('maps a blank text to the zero vector instead of failing', async () => {
    const [v] = await drm.embed(['  ']);
    expect(norm(v)).toBe(0);
    expect(l2Normalize([3, 4])).toEqual(Float32Array.from([0.6, 0.8]));
  });

  it('selects GloVe by default and refuses a GGUF retriever without a model', async () => {
    const glove = hashedWordDrm(8);
    expect(await selectDrm({ drm: 'glove' }, { glove: async () => glove })).toBe(glove);
    await expect(selectDrm({ drm: 'gguf' }, { runtime })).rejects.toThrow(/ggufPath/);
    await expect(selectDrm({ drm: 'gguf', ggufPath: tiny.path })).rejects.toThrow(/runtime/);
  });
});
