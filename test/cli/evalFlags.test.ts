// `ctrlg eval` with --brain/--approve/--brain-policy, --hand and --selector, through runCli with a temporary data
// directory: the prediction-line and summary.json field names are read by outside checks, and what reaches a
// remote Brain is checked on the wire (a recording chat-completions server on 127.0.0.1).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultAuditPath } from '../../src-main/engine/egress/audit/auditPaths.js';
import { ledgerPaths } from '../../src-main/engine/egress/exposure/ledgerPaths.js';
import { writeTinyGguf } from '../../src-main/engine/llm/tinyGguf.js';
import { closedPortURL, startRecordingServer, type RecordingServer } from '../brain/recordingServer.js';
import { runCliCaptured } from '../helpers/runCliCaptured.js';

const KEY = 'sk-evalflags-SECRET-0123456789';
const dir = mkdtempSync(join(tmpdir(), 'ctrlg-evalflags-'));
const data = join(dir, 'data');
const kb = join(dir, 'kb.txt');
const qs = join(dir, 'questions.txt');
const TRIPLES = [
  'Moonfall|written_by|Ilse Varga',
  'Tidewater|written_by|Ilse Varga',
  'Ashen Road|written_by|Tomas Bry',
  'Moonfall|release_year|1990',
  'Tidewater|release_year|1994',
  'Ashen Road|release_year|1990',
  'Ilse Varga|born_in|Kelmar',
  'Tomas Bry|born_in|Ostra',
];
/** Every raw name of the kb: none may appear in anything a remote Brain receives. */
const RAW_NAMES = [...new Set(TRIPLES.flatMap((t) => [t.split('|')[0], t.split('|')[2]]))].filter((n) => !/^\d+$/.test(n));

let savedKey: string | undefined;
let server: RecordingServer;
let tiny: string;

type Line = Record<string, unknown> & { brain_calls: number; brain_denied: number; brain_tokens: number; brain_fallbacks: number; answers: string[] };

const cli = runCliCaptured;

async function evalRun(name: string, extra: string[]): Promise<{ code: number; out: string; err: string; preds: Line[]; summary: Record<string, any>; dir: string }> {
  const out = join(dir, name);
  const r = await cli(['eval', '--data', data, '--kb', kb, '--questions', qs, '--out', out, ...extra]);
  const predPath = join(out, 'predictions.jsonl');
  const preds = existsSync(predPath) ? readFileSync(predPath, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line) : [];
  const summaryPath = join(out, 'summary.json');
  const summary = existsSync(summaryPath) ? JSON.parse(readFileSync(summaryPath, 'utf8')) : {};
  return { ...r, preds, summary, dir: out };
}

const sum = (preds: Line[], f: (p: Line) => number): number => preds.reduce((n, p) => n + f(p), 0);

beforeAll(async () => {
  savedKey = process.env.CTRLG_BRAIN_API_KEY;
  process.env.CTRLG_BRAIN_API_KEY = KEY;
  writeFileSync(kb, TRIPLES.join('\n'));
  writeFileSync(qs, ['who wrote [Moonfall]\tIlse Varga', 'where was the writer of [Ashen Road] born\tOstra', 'what was released in the same year as [Tidewater]\tX'].join('\n'));
  tiny = (await writeTinyGguf(join(dir, 'tiny.gguf'), { seed: 3, extraPieces: ['written_by', 'born_in', 'release_year'] })).path;
});
afterAll(() => {
  if (savedKey === undefined) delete process.env.CTRLG_BRAIN_API_KEY;
  else process.env.CTRLG_BRAIN_API_KEY = savedKey;
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  // The Brain ranks the first candidate path first, with a reason; usage is reported as 100 in + 20 out.
  server = await startRecordingServer({ respond: () => JSON.stringify({ ranking: [{ path: 1, reason: 'follows the indicator' }] }) });
});
afterEach(async () => {
  await server.close();
});

describe('ctrlg eval --brain', () => {
  it('openai with --approve all: per-line brain fields match the wire, no raw name is sent, summary has the ledger statistics', async () => {
    const r = await evalRun('brain-all', ['--brain', 'openai', '--brain-url', server.baseURL, '--approve', 'all', '--brain-policy', 'always']);
    expect(r.code, r.err).toBe(0);
    expect(r.preds).toHaveLength(3);
    for (const p of r.preds) {
      expect(p).toHaveProperty('brain_calls');
      expect(p).toHaveProperty('brain_denied', 0);
      expect(p).toHaveProperty('brain_tokens');
      expect(p.selector).toBe('path');
      // The recording server reports 100 prompt + 20 completion tokens per call.
      expect(p.brain_tokens).toBe(120 * p.brain_calls);
    }
    // Every answered question was ranked by the Brain under the always policy; the calls counted are the calls received.
    expect(r.preds[0].answers[0]).toBe('Ilse Varga');
    expect(r.preds[0].brain_calls).toBeGreaterThan(0);
    expect(server.requests.length).toBe(sum(r.preds, (p) => p.brain_calls));
    for (const req of server.requests) {
      expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
      for (const name of RAW_NAMES) expect(req.text).not.toContain(name);
    }
    expect(r.out + r.err).not.toContain(KEY);
    // eval's payloads field lists byte for byte the user messages the wire carried (one payload builder).
    const wire = server.requests.map((q) => q.body.messages!.find((m) => m.role === 'user')!.content);
    const listed = r.preds.flatMap((p) => p.payloads as string[]);
    expect(wire.length).toBeGreaterThan(0);
    for (const text of wire) expect(listed).toContain(text);
    expect(r.summary.brain).toEqual({ calls: server.requests.length, denied: 0, tokens: 120 * server.requests.length, fallbacks: 0 });
    expect(r.summary.selector).toBe('path');
    const ex = r.summary.exposure;
    expect(ex.node_exposure).toEqual({ p50: expect.any(Number), p99: expect.any(Number), max: expect.any(Number) });
    expect(ex.node_exposure.max).toBeGreaterThanOrEqual(1);
    expect(ex.top1_percent_share).toBeGreaterThan(0);
    expect(Object.keys(ex.per_relation).length).toBeGreaterThan(0);
    expect(ex.current_session.calls).toBe(server.requests.length);
    expect(existsSync(ledgerPaths(data).ledger)).toBe(true);
    // The ledger is encrypted at rest: no raw name in the file.
    const sealed = readFileSync(ledgerPaths(data).ledger, 'latin1');
    for (const name of RAW_NAMES) expect(sealed).not.toContain(name);
    const audit = await cli(['audit', 'verify', '--data', data]);
    expect(audit.code).toBe(0);
    expect(readFileSync(defaultAuditPath(data), 'utf8')).toMatch(/"kind":"request"/);
  });

  it('--approve none: every call is denied, nothing reaches the server, answers stay local', async () => {
    const r = await evalRun('brain-none', ['--brain', 'openai', '--brain-url', server.baseURL, '--approve', 'none', '--brain-policy', 'always']);
    expect(r.code, r.err).toBe(0);
    expect(server.requests).toHaveLength(0);
    expect(sum(r.preds, (p) => p.brain_denied)).toBeGreaterThan(0);
    for (const p of r.preds) {
      expect(p.brain_calls).toBe(0);
      expect(p.brain_tokens).toBe(0);
    }
    expect(r.preds[0].answers[0]).toBe('Ilse Varga');
    expect(r.summary.brain.denied).toBe(sum(r.preds, (p) => p.brain_denied));
  });

  it('an unreachable endpoint: the eval completes with local answers and reports the fallback', async () => {
    const url = await closedPortURL();
    const r = await evalRun('brain-down', ['--brain', 'openai', '--brain-url', url, '--approve', 'all', '--brain-policy', 'always', '--limit', '1']);
    expect(r.code, r.err).toBe(0);
    expect(r.preds).toHaveLength(1);
    expect(r.preds[0].answers[0]).toBe('Ilse Varga');
    expect(r.preds[0].hit1).toBe(true);
    expect(r.preds[0].brain_calls).toBe(0); // a refused connection delivered nothing
    expect(r.preds[0].brain_fallbacks).toBeGreaterThan(0);
    expect(r.summary.brain.fallbacks).toBeGreaterThan(0);
    expect(r.err).toMatch(/Brain fallback, local answer kept: .*unavailable/);
  }, 60_000);

  it('the default when-unsure policy never asks on confident questions', async () => {
    const r = await evalRun('brain-unsure', ['--brain', 'openai', '--brain-url', server.baseURL, '--approve', 'all', '--limit', '1']);
    expect(r.code, r.err).toBe(0);
    // One written_by edge from Moonfall: a single verified answer is confident.
    expect(r.preds[0].brain_calls).toBe(0);
    expect(server.requests).toHaveLength(0);
  });

  it('without --brain every line still carries zeroed Brain and Hand fields', async () => {
    const r = await evalRun('plain', ['--limit', '1']);
    expect(r.code, r.err).toBe(0);
    expect(r.preds[0]).toMatchObject({ brain_calls: 0, brain_denied: 0, brain_tokens: 0, selector: 'path', hand: { calls: 0, tokens_in: 0, tokens_out: 0, fallbacks: 0 } });
    expect(r.summary.exposure).toBeUndefined();
  });

  it('refuses bad flag combinations with one clear line', async () => {
    const cases: [string[], RegExp][] = [
      [['--brain', 'openai'], /--brain openai needs --brain-url/],
      [['--brain', 'openai', '--brain-url', server.baseURL], /--approve ask needs a terminal/],
      [['--brain', 'openai', '--brain-url', server.baseURL, '--approve', 'maybe'], /--approve must be one of all, none, ask/],
      [['--brain', 'cloud'], /--brain must be one of none, local, openai/],
      [['--brain-url', server.baseURL], /--brain-url is only used with --brain openai/],
      [['--brain', 'local'], /--brain local runs a local model: give --hand PATH.gguf or --brain-model PATH.gguf/],
      [['--brain', 'openai', '--brain-url', server.baseURL, '--approve', 'all', '--brain-policy', 'often'], /--brain-policy must be "always" or "when-unsure"/],
      [['--hand-threads', '0', '--hand', 'x.gguf'], /--hand-threads must be a positive integer/],
      [['--selector', 'magic'], /--selector must be "path" or "grasp"/],
      [['--hand-threads', '2'], /--hand-threads needs --hand PATH\.gguf \(or --brain local\)/],
    ];
    for (const [flags, message] of cases) {
      const r = await evalRun('bad', flags);
      expect(r.code, flags.join(' ')).toBe(2);
      expect(r.err).toMatch(message);
    }
    delete process.env.CTRLG_BRAIN_API_KEY;
    try {
      const r = await evalRun('nokey', ['--brain', 'openai', '--brain-url', server.baseURL, '--approve', 'all']);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/CTRLG_BRAIN_API_KEY, which is not set/);
    } finally {
      process.env.CTRLG_BRAIN_API_KEY = KEY;
    }
    expect(server.requests).toHaveLength(0);
  });
});

describe('ctrlg eval --hand', () => {
  it('runs the Hand on a GGUF and writes its accounting on every line', async () => {
    const r = await evalRun('hand', ['--hand', tiny, '--hand-threads', '1']);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/hand: tiny\.gguf on \w+, 1 thread\(s\)/);
    expect(r.preds).toHaveLength(3);
    for (const p of r.preds) {
      const h = p.hand as { calls: number; tokens_in: number; tokens_out: number; fallbacks: number };
      expect(Object.keys(h)).toEqual(['calls', 'tokens_in', 'tokens_out', 'fallbacks']);
      expect(h.calls).toBeGreaterThan(0);
      expect(h.tokens_in).toBeGreaterThan(0);
      expect(h.fallbacks).toBeGreaterThan(0); // gibberish is caught by the graph checks at least once per question
      expect(h.fallbacks).toBeLessThanOrEqual(h.calls);
    }
    // The tiny model writes gibberish; a reply that passes the checks may still cost an answer, but never a question.
    for (const p of r.preds) expect(p.error).toBeUndefined();
    expect(r.summary.hand.calls).toBe(sum(r.preds, (p) => (p.hand as { calls: number }).calls));
  }, 120_000);

  it('a missing or corrupt model file is a clear error', async () => {
    const missing = await evalRun('hand-missing', ['--hand', join(dir, 'nope.gguf'), '--hand-threads', '1']);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/--hand .*nope\.gguf: /);
    const junk = join(dir, 'junk.gguf');
    writeFileSync(junk, 'this is not a model file at all, just text that goes on for a while'.repeat(20));
    const bad = await evalRun('hand-junk', ['--hand', junk, '--hand-threads', '1']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--hand .*junk\.gguf: /);
    expect(bad.err.split('\n').filter(Boolean)).toHaveLength(1);
  }, 60_000);
});

describe('ctrlg eval --selector', () => {
  it('grasp without a trained model says how to train one; with one, lines and summary record it', async () => {
    const before = await evalRun('grasp-none', ['--selector', 'grasp']);
    expect(before.code).toBe(2);
    expect(before.err).toMatch(/no trained GraSP model for graph ".+"; run ctrlg train --graph .+ first/);
    const trained = await cli(['train', '--data', data, '--kb', kb, '--epochs', '1', '--examples', '32']);
    expect(trained.code, trained.err).toBe(0);
    const r = await evalRun('grasp', ['--selector', 'grasp']);
    expect(r.code, r.err).toBe(0);
    expect(r.err).not.toMatch(/trained on different graph content/);
    expect(r.preds).toHaveLength(3);
    for (const p of r.preds) expect(p.selector).toBe('grasp');
    expect(r.summary.selector).toBe('grasp');
    expect(r.preds[0].answers[0]).toBe('Ilse Varga');
  }, 120_000);
});
