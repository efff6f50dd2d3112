// The self-made test model and the model-file checks: what inspection reports for a good file, and the error code
// for each kind of bad one.
import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelFileError } from '../../src-main/engine/llm/modelFileError.js';
import { inspectModelFile } from '../../src-main/engine/llm/modelFiles.js';
import { writeTinyGguf, type TinyGgufInfo } from '../../src-main/engine/llm/tinyGguf.js';

let dir: string;
let tiny: TinyGgufInfo;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ctrlg-tiny-'));
  tiny = await writeTinyGguf(join(dir, 'tiny.gguf'), { seed: 7 });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function codeOf(path: string): Promise<string> {
  try {
    await inspectModelFile(path);
    return 'ok';
  } catch (e) {
    expect(e).toBeInstanceOf(ModelFileError);
    return (e as ModelFileError).code;
  }
}

describe('writeTinyGguf', () => {
  it('writes the llama tensor set with the shapes and parameter count it reports', async () => {
    // 2 layers × 9 tensors + token_embd, output_norm, output
    expect(tiny.tensorCount).toBe(21);
    const v = tiny.vocabSize;
    const perLayer = 2 * 64 + 4 * 64 * 64 + 3 * 64 * 128;
    expect(tiny.parameterCount).toBe(2 * v * 64 + 64 + 2 * perLayer);
    expect(v).toBeGreaterThan(3 + 256); // specials, 256 byte tokens, word pieces
    expect(tiny.bytes % 32).toBe(0);
  });

  it('is deterministic for a seed and differs across seeds', async () => {
    const again = join(dir, 'again.gguf');
    const other = join(dir, 'other.gguf');
    await writeTinyGguf(again, { seed: 7 });
    await writeTinyGguf(other, { seed: 8 });
    const [a, b, c] = await Promise.all([readFile(tiny.path), readFile(again), readFile(other)]);
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
  });

  it('honours size options and extra word pieces', async () => {
    const custom = await writeTinyGguf(join(dir, 'custom.gguf'), { layers: 1, embd: 32, heads: 2, ff: 48, extraPieces: [' Kubrick'] });
    expect(custom.tensorCount).toBe(12);
    expect(custom.vocabSize).toBeGreaterThan(tiny.vocabSize);
    const info = await inspectModelFile(custom.path);
    expect(info).toMatchObject({ layers: 1, embeddingLength: 32, parameters: custom.parameterCount });
  });
});

describe('inspectModelFile', () => {
  it('reports architecture, parameters, quantisation and context of the tiny model', async () => {
    const info = await inspectModelFile(tiny.path);
    expect(info).toMatchObject({
      architecture: 'llama',
      ggufVersion: 3,
      parameters: tiny.parameterCount,
      tensorCount: tiny.tensorCount,
      quantisation: 'F32',
      fileType: 0,
      contextLength: tiny.contextLength,
      embeddingLength: 64,
      layers: 2,
      fileSizeBytes: tiny.bytes,
      isEmbeddingModel: false,
      hasChatTemplate: false,
    });
  });

  it('missing file → missing', async () => {
    expect(await codeOf(join(dir, 'nope.gguf'))).toBe('missing');
  });

  it('file cut inside the tensor data → truncated', async () => {
    const p = join(dir, 'cut-data.gguf');
    await writeFile(p, await readFile(tiny.path));
    await truncate(p, tiny.bytes - 1000);
    expect(await codeOf(p)).toBe('truncated');
  });

  it('file cut inside the header → truncated', async () => {
    const p = join(dir, 'cut-header.gguf');
    await writeFile(p, (await readFile(tiny.path)).subarray(0, 200));
    expect(await codeOf(p)).toBe('truncated');
    await writeFile(p, Buffer.from('GG'));
    expect(await codeOf(p)).toBe('truncated');
  });

  it('wrong magic number → bad_magic', async () => {
    const p = join(dir, 'bad-magic.gguf');
    const bytes = Buffer.from(await readFile(tiny.path));
    bytes.write('GGML', 0, 'latin1');
    await writeFile(p, bytes);
    expect(await codeOf(p)).toBe('bad_magic');
    await writeFile(p, 'this is a text file, not a model\n');
    expect(await codeOf(p)).toBe('bad_magic');
  });

  it('a well-formed GGUF of an architecture llama.cpp does not know → unsupported_architecture', async () => {
    const p = join(dir, 'alien.gguf');
    await writeTinyGguf(p, { architecture: 'ctrlg-alien' });
    expect(await codeOf(p)).toBe('unsupported_architecture');
  });

  it('an unparseable header → corrupt', async () => {
    const p = join(dir, 'corrupt.gguf');
    const bytes = Buffer.from(await readFile(tiny.path));
    // The first key/value's type id sits after magic, version, two u64 counts and the u64-prefixed key.
    const typeOffset = 4 + 4 + 8 + 8 + 8 + 'general.architecture'.length;
    bytes.writeUInt32LE(99, typeOffset);
    await writeFile(p, bytes);
    expect(await codeOf(p)).toBe('corrupt');
  });
});
