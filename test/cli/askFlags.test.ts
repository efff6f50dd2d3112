// `ctrlg ask` with --brain/--approve/--brain-policy, --hand and --selector through runCli: what the user sees per
// Brain step and per Hand skill call, what reaches a remote Brain (recording server), and the clear errors.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeTinyGguf } from '../../src-main/engine/llm/tinyGguf.js';
import { startRecordingServer, type RecordingServer } from '../brain/recordingServer.js';
import { runCliCaptured } from '../helpers/runCliCaptured.js';

const KEY = 'sk-askflags-SECRET-9876543210';
const dir = mkdtempSync(join(tmpdir(), 'ctrlg-askflags-'));
const data = join(dir, 'data');
const RAW_NAMES = ['Moonfall', 'Tidewater', 'Ilse Varga', 'Kelmar'];

let savedKey: string | undefined;
let server: RecordingServer;
let tiny: string;

const cli = runCliCaptured;

const ask = (flags: string[], question = 'who wrote Moonfall') => cli(['ask', '--graph', 'books', '--data', data, ...flags, question]);

beforeAll(async () => {
  savedKey = process.env.CTRLG_BRAIN_API_KEY;
  process.env.CTRLG_BRAIN_API_KEY = KEY;
  const kb = join(dir, 'kb.txt');
  writeFileSync(kb, ['Moonfall|written_by|Ilse Varga', 'Tidewater|written_by|Ilse Varga', 'Ilse Varga|born_in|Kelmar'].join('\n'));
  expect((await cli(['import', kb, '--graph', 'books', '--data', data])).code).toBe(0);
  tiny = (await writeTinyGguf(join(dir, 'tiny.gguf'), { seed: 5, extraPieces: ['written_by', 'born_in'] })).path;
});
afterAll(() => {
  if (savedKey === undefined) delete process.env.CTRLG_BRAIN_API_KEY;
  else process.env.CTRLG_BRAIN_API_KEY = savedKey;
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  server = await startRecordingServer({ respond: () => JSON.stringify({ ranking: [{ path: 1, reason: 'the written_by path' }] }) });
});
afterEach(async () => {
  await server.close();
});

describe('ctrlg ask --brain', () => {
  it('openai with --approve all prints each Brain step; the server sees tokens, never raw names or the key in output', async () => {
    const r = await ask(['--brain', 'openai', '--brain-url', server.baseURL, '--approve', 'all', '--brain-policy', 'always']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/1\. Ilse Varga/);
    expect(server.requests.length).toBeGreaterThan(0);
    expect(r.out).toContain(`Brain: ${server.requests.length} call(s) sent, 0 denied, ${120 * server.requests.length} tokens`);
    expect(r.out).toMatch(/step 1: sent: remote Brain ranked 1 path\(s\)/);
    for (const req of server.requests) for (const name of RAW_NAMES) expect(req.text).not.toContain(name);
    expect(r.out + r.err).not.toContain(KEY);

    const j = await ask(['--json', '--brain', 'openai', '--brain-url', server.baseURL, '--approve', 'none', '--brain-policy', 'always']);
    expect(j.code, j.err).toBe(0);
    const result = JSON.parse(j.out);
    expect(result.answers[0].name).toBe('Ilse Varga');
    expect(result.brain).toMatchObject({ brain_calls: 0, brain_tokens: 0 });
    expect(result.brain.brain_denied).toBeGreaterThan(0);
    expect(result.brain.steps[0]).toMatchObject({ sent: false, denied: true });
    expect(result.selector).toBe('path');
  });

  it('--brain local needs a model and runs on the Hand runtime without any network', async () => {
    const none = await ask(['--brain', 'local']);
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/--brain local runs a local model: give --hand PATH\.gguf or --brain-model PATH\.gguf/);
    const r = await ask(['--brain', 'local', '--brain-model', tiny, '--hand-threads', '1', '--brain-policy', 'always']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/local Brain .*tiny\.gguf \(no network\)/);
    expect(r.out).toMatch(/Brain: 0 call\(s\) sent, 0 denied, 0 tokens/);
    expect(r.out).toMatch(/step 1: (local|fallback)/);
    expect(server.requests).toHaveLength(0);
  }, 60_000);
});

describe('ctrlg ask --hand', () => {
  it('prints the accounting of every skill call: tokens in/out, ms, tokens/s, fallback reason', async () => {
    const r = await ask(['--hand', tiny, '--hand-threads', '1']);
    expect(r.code, r.err).toBe(0);
    const m = /Hand calls: (\d+) \((\d+) tokens in, (\d+) out, (\d+) fallback\(s\)\)/.exec(r.out);
    expect(m).not.toBeNull();
    const calls = Number(m![1]);
    expect(calls).toBeGreaterThan(0);
    const lines = r.out.split('\n').filter((l) => /^ {2}\w+( \(repair\))?: \d+ in, \d+ out, [\d.]+ ms, [\d.]+ tokens\/s/.test(l));
    expect(lines).toHaveLength(calls);
    expect(r.out).toMatch(/; fallback: .+/);
    const j = await ask(['--json', '--hand', tiny, '--hand-threads', '1']);
    const hand = JSON.parse(j.out).hand;
    expect(hand.calls).toBe(hand.skill_calls.length);
    expect(hand.skill_calls[0]).toMatchObject({ skill: 'entityExtraction', tokensIn: expect.any(Number), tokensOut: expect.any(Number), ms: expect.any(Number), tokensPerSecond: expect.any(Number) });
  }, 60_000);

  it('a missing model file is a one-line error', async () => {
    const r = await ask(['--hand', join(dir, 'missing.gguf')]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^ctrlg ask: --hand .*missing\.gguf: /);
  });
});

describe('ctrlg ask --selector', () => {
  it('grasp without a trained model says to train one; after training it answers with it', async () => {
    const r = await ask(['--selector', 'grasp']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('run ctrlg train --graph books first');
    expect((await cli(['train', '--graph', 'books', '--data', data, '--epochs', '1', '--examples', '32'])).code).toBe(0);
    const ok = await ask(['--selector', 'grasp']);
    expect(ok.code, ok.err).toBe(0);
    expect(ok.out).toMatch(/1\. Ilse Varga/);
    expect(ok.out).toMatch(/Selector: grasp/);
  }, 60_000);
});
