// The Models tab's model answers the Ask tab's questions: a tiny random GGUF (generated here) is added and loaded
// through the engine's dispatch, a demo question then runs through the model-backed Hand with every skill call
// accounted, and after an unload the next question is algorithmic again. The tiny model's replies are gibberish, so
// fallbacks are expected; what matters is that each call is real, measured, and either used or explained.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AskHandCall, AskResult } from '../../src-main/common/answerTypes.js';
import type { Envelope } from '../../src-main/common/contract.js';
import type { HandStatusInfo } from '../../src-main/common/modelTypes.js';
import { GraphLibrary } from '../../src-main/engine/import/graphLibrary.js';
import { writeTinyGguf } from '../../src-main/engine/llm/tinyGguf.js';
import { createAskService } from '../../src-main/engine/app/askService.js';
import { createEngine, type Engine } from '../../src-main/engine/app/createEngine.js';
import { HandService } from '../../src-main/engine/app/handService.js';

const DEMO = join(import.meta.dirname, '..', '..', 'resources', 'demo', 'hospital-network.txt');
/** A one-hop demo question (resources/demo/questions.txt). */
const QUESTION = 'Who manufactures Glimoravir?';
const OTHER_QUESTION = 'In which city is Kvarnby University Hospital located?';

let root: string;
let engine: Engine;
let hand: HandService;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'ctrlg-ask-hand-'));
  const dataDir = join(root, 'data');
  const library = new GraphLibrary(dataDir);
  await library.importFile('demo', DEMO);
  // One thread: two llama.cpp threads on a shared 2-core machine spin-wait on each other.
  hand = new HandService({ dataDir, threads: 1, developmentModelsDir: null });
  const asks = createAskService({ library, hand });
  engine = createEngine({ dataDir, resourcesDir: join(root, 'resources'), version: '9.9.9', transport: 'host', library, hand, ask: asks.ask });
  await writeTinyGguf(join(root, 'tiny.gguf'), { seed: 5 });
}, 180_000);

afterAll(async () => {
  await engine?.close();
  await rm(root, { recursive: true, force: true });
});

async function ok<T>(channel: string, request: unknown = {}): Promise<T> {
  const res = (await engine.dispatch(channel, request)) as Envelope<T>;
  if (!res.ok) throw new Error(`${channel} failed: ${res.error.code}: ${res.error.message}`);
  return res.value;
}

/** Every call is measured, and a first try is either used, repaired, or followed by its fallback. */
function expectAccountedCalls(calls: AskHandCall[]): void {
  calls.forEach((call, i) => {
    // A runtime refusal (prompt over the context) is the one call that never reached the model.
    if (!call.fallbackReason?.startsWith('runtime error')) {
      expect(call.tokensIn, `${call.skill} #${i} tokens in`).toBeGreaterThan(0);
      expect(call.tokensOut, `${call.skill} #${i} tokens out`).toBeGreaterThan(0);
      expect(call.ms).toBeGreaterThan(0);
      expect(call.tokensPerSecond).toBeGreaterThan(0);
    }
    if (call.attempt === 2) expect(calls[i - 1]).toMatchObject({ skill: call.skill, attempt: 1, repaired: false });
    // A repaired reply is by definition a validated one.
    if (call.repaired) expect(call.fallbackReason).toBeUndefined();
  });
}

describe('qa.ask with a Hand model loaded in the Models tab', () => {
  it('answers through the model-backed Hand and accounts every skill call', async () => {
    await ok('models.add', { path: join(root, 'tiny.gguf') });
    await ok('models.load', { fileName: 'tiny.gguf', gpu: 'cpu', threads: 1, contextSize: 2048 });

    const result = await ok<AskResult>('qa.ask', { graph: 'demo', question: QUESTION });
    const hand = result.hand!;
    expect(hand.name).toBe('tiny.gguf');
    expect(hand.calls.length).toBeGreaterThan(0);
    expectAccountedCalls(hand.calls);
    // Entity extraction is always asked of the model, before anything can short-cut a question.
    expect(hand.calls[0]!.skill).toBe('entityExtraction');
    expect(hand.totals).toEqual({
      calls: hand.calls.length,
      tokens_in: hand.calls.reduce((n, c) => n + c.tokensIn, 0),
      tokens_out: hand.calls.reduce((n, c) => n + c.tokensOut, 0),
      fallbacks: hand.calls.filter((c) => c.fallbackReason !== undefined).length,
    });
    // The algorithmic Hand still stands behind every rejected reply: the question is answered.
    expect(result.topics.map((t) => t.name)).toContain('Glimoravir');

    // The Models tab's status card shows the same calls as running totals, per skill.
    const status = await ok<HandStatusInfo>('hand.status');
    expect(status.accounting).toMatchObject({ questions: 1, calls: hand.totals.calls, tokensIn: hand.totals.tokens_in, tokensOut: hand.totals.tokens_out, fallbacks: hand.totals.fallbacks });
    const bySkill = Object.values(status.accounting!.bySkill).reduce((n, s) => n + s.calls, 0);
    expect(bySkill).toBe(hand.totals.calls);
    expect(status.accounting!.bySkill.entityExtraction.calls).toBeGreaterThan(0);
  }, 300_000);

  it('answers with the algorithmic Hand again once the model is unloaded', async () => {
    const before = (await ok<HandStatusInfo>('hand.status')).accounting!;
    expect(await ok('models.unload')).toEqual({ unloaded: true });

    const result = await ok<AskResult>('qa.ask', { graph: 'demo', question: QUESTION });
    expect(result.hand).toEqual({ name: 'algorithmic', calls: [], totals: { calls: 0, tokens_in: 0, tokens_out: 0, fallbacks: 0 } });
    expect(result.answers.slice(0, 3).map((a) => a.name)).toContain('Sunderhaven Biosciences');
    // Nothing was asked of a model: the running totals did not move.
    expect((await ok<HandStatusInfo>('hand.status')).accounting).toEqual(before);
  }, 300_000);

  it('uses the model again after a reload, and attributes each call to its own question when two overlap', async () => {
    const before = (await ok<HandStatusInfo>('hand.status')).accounting!;
    await ok('models.load', { fileName: 'tiny.gguf', gpu: 'cpu', threads: 1, contextSize: 2048 });

    // Both questions' generations interleave in the runtime's one queue; the running totals see them all once.
    const results = await Promise.all([QUESTION, OTHER_QUESTION].map((question) => ok<AskResult>('qa.ask', { graph: 'demo', question })));
    for (const result of results) {
      expect(result.hand?.name).toBe('tiny.gguf');
      expect(result.hand!.calls[0]?.skill).toBe('entityExtraction');
      expectAccountedCalls(result.hand!.calls);
    }
    const after = (await ok<HandStatusInfo>('hand.status')).accounting!;
    expect(after.questions).toBe(before.questions + 2);
    expect(after.calls).toBe(before.calls + results[0]!.hand!.totals.calls + results[1]!.hand!.totals.calls);
    expect(after.tokensIn).toBe(before.tokensIn + results[0]!.hand!.totals.tokens_in + results[1]!.hand!.totals.tokens_in);
  }, 300_000);

  it('finishes a question on the algorithmic skills when its model is unloaded mid-way, still under its name', async () => {
    // Unload once the question has made its first model call: the rest of its skills find the model gone.
    const firstCall = new Promise<void>((resolve) => {
      const off = hand.accounting.onCall(() => {
        off();
        resolve();
      });
    });
    const asking = ok<AskResult>('qa.ask', { graph: 'demo', question: QUESTION });
    await firstCall;
    expect(await ok('models.unload')).toEqual({ unloaded: true });
    const result = await asking;
    // Started with the model: it says so, and every skill after the unload explains why it did not ask it.
    expect(result.hand?.name).toBe('tiny.gguf');
    const refused = result.hand!.calls.filter((c) => c.fallbackReason?.includes('unloaded or replaced during this question'));
    expect(refused.length).toBeGreaterThan(0);
    for (const call of refused) expect(call).toMatchObject({ tokensIn: 0, tokensOut: 0 });
    expect(result.answers.slice(0, 3).map((a) => a.name)).toContain('Sunderhaven Biosciences');
  }, 300_000);
});
