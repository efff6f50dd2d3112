// The Hand runtime on the tiny random-weight model, CPU only. Gibberish output, but real llama.cpp loading,
// tokenizing, grammar-constrained decoding and accounting.
//
// One thread: on shared 2-core CI machines two llama.cpp threads spin-wait on each other and run ~100× slower.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HandRuntime } from '../../src-main/engine/llm/handRuntime.js';
import { HandRuntimeError } from '../../src-main/engine/llm/handRuntimeError.js';
import type { HandLoadProgress } from '../../src-main/engine/llm/handTypes.js';
import { validateJsonSchema, type JsonSchema } from '../../src-main/engine/llm/jsonSchema.js';
import { ModelFileError } from '../../src-main/engine/llm/modelFileError.js';
import { writeTinyGguf, type TinyGgufInfo } from '../../src-main/engine/llm/tinyGguf.js';

let dir: string;
let tiny: TinyGgufInfo;
let runtime: HandRuntime;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ctrlg-hand-'));
  tiny = await writeTinyGguf(join(dir, 'tiny.gguf'), { seed: 3 });
  runtime = await HandRuntime.create({ gpu: false, threads: 1 });
});
afterAll(async () => {
  await runtime?.dispose();
  await rm(dir, { recursive: true, force: true });
});

const answerSchema = {
  type: 'object',
  properties: {
    kind: { enum: ['person', 'film', 'place'] },
    names: { type: 'array', items: { type: 'string', maxLength: 12 }, maxItems: 2 },
  },
  required: ['kind', 'names'],
} as const satisfies JsonSchema;

describe('HandRuntime', () => {
  it('reports the CPU backend when the GPU is switched off', async () => {
    expect(runtime.backend).toBe('cpu');
    const s = await runtime.status();
    expect(s).toMatchObject({ backend: 'cpu', threads: 1, hand: null, embedding: null });
    expect(s.memory.ramTotalBytes).toBeGreaterThan(0);
  });

  it('refuses to generate before a model is loaded', async () => {
    await expect(runtime.generateJson({ system: 's', user: 'u' }, answerSchema, { maxTokens: 4 })).rejects.toMatchObject({
      code: 'not_loaded',
    });
  });

  it('estimates the fit of the tiny model before loading', async () => {
    const fit = await runtime.estimateFit(tiny.path, { contextSize: 256 });
    expect(fit).toMatchObject({ fits: true, gpuLayers: 0, contextSize: 256, vramBytes: 0 });
    expect(fit.ramBytes).toBeGreaterThan(tiny.bytes / 2);
    expect(fit.freeRamBytes).toBeGreaterThan(fit.ramBytes);
  });

  it('loads the tiny model with progress and reports it in status()', async () => {
    const progress: HandLoadProgress[] = [];
    const info = await runtime.load(tiny.path, { contextSize: 256 }, (p) => progress.push(p));
    expect(info.file).toMatchObject({ architecture: 'llama', parameters: tiny.parameterCount });
    expect(info).toMatchObject({ contextSize: 256, gpuLayers: 0, threads: 1 });
    expect(info.chatWrapper).toBeTruthy();
    expect(progress.map((p) => p.phase)).toEqual(expect.arrayContaining(['inspect', 'estimate', 'load', 'context', 'done']));
    const fractions = progress.map((p) => p.fraction);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(fractions.at(-1)).toBe(1);
    const s = await runtime.status();
    expect(s.hand?.file.path).toBe(tiny.path);
    expect(s.memory.llamaRamBytes).toBeGreaterThan(0);
  });

  it('tokenizes UTF-8 text with non-ASCII bytes and round-trips it', () => {
    const text = 'Ærøskøbing — 東京 🎬 the film';
    const tokens = runtime.tokenize(text);
    expect(tokens.length).toBeGreaterThan(0);
    // Byte-fallback tokens for the non-ASCII characters (ids 3..258 are <0x00>..<0xFF>)
    expect(tokens.some((t) => t >= 3 && t <= 258)).toBe(true);
    expect(runtime.detokenize(tokens)).toBe(text);
  });

  it('generateJson returns a value iff it validates, with accounting', async () => {
    const results = [];
    for (const [i, temperature] of [0, 0.9, 0.9].entries()) {
      const r = await runtime.generateJson<{ kind: string; names: string[] }>(
        { system: 'Answer in JSON.', user: 'Who directed Alien (1979)?' },
        answerSchema,
        { maxTokens: 48, temperature, seed: i },
      );
      results.push(r);
      expect(r.tokensIn).toBeGreaterThan(0);
      expect(r.tokensOut).toBeGreaterThan(0);
      expect(r.tokensOut).toBeLessThanOrEqual(48);
      expect(r.ms).toBeGreaterThan(0);
      expect(typeof r.raw).toBe('string');
      // Exactly one of value / error, and the value really is schema-valid.
      expect((r.value === undefined) !== (r.error === undefined)).toBe(true);
      if (r.value !== undefined) expect(validateJsonSchema(r.value, answerSchema)).toEqual([]);
      else expect(r.error).toMatch(/not valid JSON|does not match the schema/);
    }
    const usage = (await runtime.status()).usage;
    expect(usage.calls).toBeGreaterThanOrEqual(3);
    expect(usage.tokensOut).toBeGreaterThanOrEqual(results.reduce((a, r) => a + r.tokensOut, 0));
  });

  it('is reproducible: the same prompt and seed give the same reply', async () => {
    const ask = () => runtime.generateJson({ system: 'JSON only.', user: 'List a place.' }, answerSchema, { maxTokens: 24, temperature: 0.8, seed: 42 });
    const a = await ask();
    const b = await ask();
    expect(b.raw).toBe(a.raw);
    expect(b.tokensIn).toBe(a.tokensIn);
  });

  it('records a cut-off reply as an error, not a value', async () => {
    const r = await runtime.generateJson({ system: 'JSON.', user: 'Go.' }, answerSchema, { maxTokens: 2 });
    expect(r.value).toBeUndefined();
    expect(r.error).toMatch(/not valid JSON \(cut off at maxTokens 2\)/);
    expect(r.stopReason).toBe('maxTokens');
  });

  it('an aborted signal ends generation with HandRuntimeError aborted', async () => {
    const ac = new AbortController();
    ac.abort();
    const err = await runtime
      .generateJson({ system: 'JSON.', user: 'Go.' }, answerSchema, { maxTokens: 16, signal: ac.signal })
      .catch((e) => e);
    expect(err).toBeInstanceOf(HandRuntimeError);
    expect(err.code).toBe('aborted');
    // and the runtime still works afterwards
    const r = await runtime.generateJson({ system: 'JSON.', user: 'Go.' }, answerSchema, { maxTokens: 8 });
    expect(r.tokensOut).toBeGreaterThan(0);
  });

  it('refuses a bad file with its ModelFileError and keeps the loaded model', async () => {
    const alien = join(dir, 'alien.gguf');
    await writeTinyGguf(alien, { architecture: 'ctrlg-alien' });
    await expect(runtime.load(alien, { contextSize: 256 })).rejects.toBeInstanceOf(ModelFileError);
    expect((await runtime.status()).hand?.file.path).toBe(tiny.path);
  });

  it('loads an embedding model alongside and embeds text', async () => {
    const info = await runtime.loadEmbeddingModel(tiny.path, { contextSize: 128 });
    expect(info.file.architecture).toBe('llama');
    const v = await runtime.embed('Stanley Kubrick');
    expect(v).toHaveLength(64);
    expect(v.every(Number.isFinite)).toBe(true);
    const s = await runtime.status();
    expect(s.hand).not.toBeNull();
    expect(s.embedding).not.toBeNull();
    await runtime.unloadEmbeddingModel();
    expect((await runtime.status()).embedding).toBeNull();
  });

  it('unload() frees the Hand; generation then fails with not_loaded', async () => {
    await runtime.unload();
    expect((await runtime.status()).hand).toBeNull();
    const err = await runtime.generateJson({ system: 's', user: 'u' }, answerSchema, { maxTokens: 4 }).catch((e) => e);
    expect(err).toBeInstanceOf(HandRuntimeError);
    expect(err.code).toBe('not_loaded');
  });
});
