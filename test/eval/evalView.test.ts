// `ctrlg eval --view masked|sanitized` end to end on the demo graph, and honest node exposure with a remote Brain
// (a loopback recording server): each question is a session of the exposure ledger with its eligible cohort, and
// summary.json counts node exposure as built and as actually sent. Field names are read by outside checks.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useLoopbackBrain } from '../helpers/brainApiKey.js';
import { writeBooksGraph } from '../helpers/booksGraph.js';
import { runCliCaptured as cli } from '../helpers/runCliCaptured.js';

const dir = mkdtempSync(join(tmpdir(), 'ctrlg-eval-view-'));
const data = join(dir, 'data');
const demoKb = resolve(import.meta.dirname, '../../resources/demo/hospital-network.txt');
const demoQuestions = resolve(import.meta.dirname, '../../resources/demo/questions.txt');
const LIMIT = '8';
const TOKEN = '[ESLA]_[0-9a-f]{4,64}(?:\\([^)\\n]*\\))?';
const CANDIDATE_LINE = new RegExp(`^P\\d+\\. ${TOKEN}(?: (?:-\\[[^\\]\\n]+\\]->|<-\\[[^\\]\\n]+\\]-) ${TOKEN})+$`);

const jsonl = (file: string) => readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const candidateLines = (payloads: string[]): string[] => payloads.flatMap((p) => p.split('\n')).filter((l) => /^P\d+\. /.test(l));

async function evalDemo(view: 'masked' | 'sanitized' | undefined, out: string) {
  const r = await cli(['eval', '--data', data, '--kb', demoKb, '--questions', demoQuestions, '--out', out, '--limit', LIMIT, '--reveal-mapping', ...(view ? ['--view', view] : [])]);
  expect(r.code, r.err).toBe(0);
  return { preds: jsonl(join(out, 'predictions.jsonl')), views: jsonl(join(out, 'views.jsonl')), summary: JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) };
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('ctrlg eval --view', () => {
  it('masked: the demo graph answered from a view with one token per raw node; same answers as sanitized; both recorded', async () => {
    const masked = await evalDemo('masked', join(dir, 'masked'));
    const sanitized = await evalDemo(undefined, join(dir, 'sanitized'));
    expect(masked.summary.view).toBe('masked');
    expect(sanitized.summary.view).toBe('sanitized');
    expect(masked.preds.map((p) => p.view)).toEqual(Array(Number(LIMIT)).fill('masked'));
    expect(sanitized.preds.every((p) => p.view === 'sanitized')).toBe(true);
    // Each line counts its own eligible entities and those its payloads showed.
    for (const p of [...masked.preds, ...sanitized.preds]) {
      expect(p.exposed_entities.eligible).toBeGreaterThan(0);
      expect(p.exposed_entities.built_any_token).toBeGreaterThan(0);
      expect(p.exposed_entities.built_any_token).toBeLessThanOrEqual(p.exposed_entities.eligible);
      expect(p.exposed_entities.built_single_token).toBeLessThanOrEqual(p.exposed_entities.built_any_token);
      expect(p.exposed_entities.sent_any_token).toBe(0);
    }
    // The Hand ranks on the raw graph: the view changes what a Brain would see, not the top answer.
    expect(masked.preds.map((p) => p.answers[0])).toEqual(sanitized.preds.map((p) => p.answers[0]));
    expect(masked.summary.hits_at_1).toBe(sanitized.summary.hits_at_1);
    expect(masked.summary.hits).toBeGreaterThan(0);

    // views.jsonl keeps its fields; in the masked view every token stands for exactly one raw node.
    for (const v of masked.views) expect(Object.keys(v)).toEqual(expect.arrayContaining(['i', 'anchors', 'mapping']));
    const members = masked.views.flatMap((v) => Object.values(v.mapping as Record<string, string[]>));
    expect(members.length).toBeGreaterThan(50);
    expect(members.every((m) => m.length === 1)).toBe(true);
    expect(sanitized.views.some((v) => Object.values(v.mapping as Record<string, string[]>).some((m) => m.length > 1))).toBe(true);

    // Candidate paths keep their exact line form; masked ones hold entity and literal tokens only (no S_ / A_).
    const lines = candidateLines(masked.preds.flatMap((p) => p.payloads));
    expect(lines.length).toBeGreaterThan(10);
    for (const l of lines) expect(l).toMatch(CANDIDATE_LINE);
    expect(lines.join('\n')).not.toMatch(/\b[SA]_[0-9a-f]{4,}/);
    const sanitizedLines = candidateLines(sanitized.preds.flatMap((p) => p.payloads));
    for (const l of sanitizedLines) expect(l).toMatch(CANDIDATE_LINE);
    expect(sanitizedLines.join('\n')).toMatch(/\b[SA]_[0-9a-f]{4,}/);
    // Every token a sanitized payload shows (payload-only hub aggregates too) is in its question's mapping.
    const mappingOf = new Map(sanitized.views.map((v) => [v.i, v.mapping as Record<string, string[]>]));
    let resolved = 0;
    for (const p of sanitized.preds)
      for (const tok of (p.payloads as string[]).join('\n').match(/\b[ESLA]_[0-9a-f]{4,64}\b/g) ?? []) {
        expect(mappingOf.get(p.i)?.[tok]?.length ?? 0, `${tok} of question ${p.i}`).toBeGreaterThan(0);
        resolved++;
      }
    expect(resolved).toBeGreaterThan(20);
    // Names never appear in either view's payloads.
    const names = masked.views.flatMap((v) => Object.values(v.mapping as Record<string, string[]>).flat()).filter((n) => /[A-Za-z]{4,}/.test(n));
    const text = [...masked.preds, ...sanitized.preds].flatMap((p) => p.payloads).join('\n');
    expect(names.length).toBeGreaterThan(10);
    for (const n of names) expect(text).not.toContain(n);

    // Node exposure over each question's G_Q^raw, as built; no Brain, so nothing "sent".
    for (const s of [masked.summary, sanitized.summary]) {
      expect(s.node_exposure).not.toHaveProperty('sent');
      for (const f of [s.node_exposure.built.single_token, s.node_exposure.built.any_token]) {
        expect(f.sessions).toBe(Number(LIMIT));
        expect(f.eligible_entities).toBeGreaterThan(f.exposed_entities);
        expect(f.exposed_entities).toBeGreaterThan(0);
        expect(f.max).toBeGreaterThanOrEqual(f.p99);
        expect(f.p99).toBeGreaterThanOrEqual(f.p50);
        expect(f.top1_percent_share).toBeGreaterThan(0);
      }
    }
    // Masking shows every entity of a path alone; the sanitizer hides many behind supernodes and aggregates.
    expect(masked.summary.node_exposure.built.single_token.exposed_entities).toBe(masked.summary.node_exposure.built.any_token.exposed_entities);
    expect(sanitized.summary.node_exposure.built.single_token.exposed_entities).toBeLessThan(masked.summary.node_exposure.built.single_token.exposed_entities);
  }, 120_000);

  it('refuses a view it does not know, and masking with clustered relations, with a clear message', async () => {
    const q = join(dir, 'q.txt');
    writeFileSync(q, 'who wrote [Moonfall]\tIlse Varga\n');
    const kb = join(dir, 'kb.txt');
    writeFileSync(kb, 'Moonfall|written_by|Ilse Varga\n');
    const bad = await cli(['eval', '--data', data, '--kb', kb, '--questions', q, '--out', join(dir, 'bad'), '--view', 'raw']);
    expect(bad.code).not.toBe(0);
    expect(bad.err).toMatch(/--view must be "masked" or "sanitized", not "raw"/);
    expect(bad.err).not.toMatch(/\n\s+at /);
    const clustered = await cli(['eval', '--data', data, '--kb', kb, '--questions', q, '--out', join(dir, 'bad2'), '--view', 'masked', '--relations', 'clustered']);
    expect(clustered.code).not.toBe(0);
    expect(clustered.err).toMatch(/--view masked shows the raw relation labels/);
    const remote = await cli(['eval', '--data', data, '--kb', kb, '--questions', q, '--out', join(dir, 'bad3'), '--view', 'masked', '--brain', 'openai', '--brain-url', 'http://127.0.0.1:9', '--approve', 'all']);
    expect(remote.code).not.toBe(0);
    expect(remote.err).toMatch(/never sent to a remote Brain/);
  });
});

describe('ctrlg eval --view masked --memory', () => {
  it('writes no experience from the masked baseline (its exact literals must never be stored); sanitized does', async () => {
    const kb = join(dir, 'mem-kb.txt');
    writeFileSync(kb, ['Moonfall|written_by|Ilse Varga', 'Moonfall|release_year|1990', 'Tidewater|written_by|Ilse Varga', 'Ilse Varga|born_in|Kelmar'].join('\n'));
    const qs = join(dir, 'mem-q.txt');
    writeFileSync(qs, ['who wrote [Moonfall]\tIlse Varga', 'when was [Moonfall] released\t1990'].join('\n'));
    const memory = join(dir, 'memory');
    const records = (err: string): number => Number(/memory: .* \((\d+) record\(s\)\)/.exec(err)?.[1] ?? NaN);
    const run = (view: string, out: string) => cli(['eval', '--data', data, '--kb', kb, '--questions', qs, '--out', join(dir, out), '--memory', memory, '--view', view]);
    const masked = await run('masked', 'mem-masked');
    expect(masked.code, masked.err).toBe(0);
    expect(records(masked.err)).toBe(0);
    // Each run prints the memory's record count before it starts: the masked run left none, the sanitized one some.
    const after = await run('sanitized', 'mem-sanitized');
    expect(after.code, after.err).toBe(0);
    expect(records(after.err)).toBe(0);
    const again = await run('sanitized', 'mem-sanitized-2');
    expect(records(again.err)).toBeGreaterThan(0);
  }, 60_000);
});

describe('honest counting with a remote Brain', () => {
  const KEY = 'sk-eval-view-SECRET-7777';
  const brain = useLoopbackBrain(KEY);

  it('each question is a ledger session with its eligible cohort; node exposure is counted as built and as sent', async () => {
    const { kb, questions: qs } = writeBooksGraph(dir);
    const brainData = join(dir, 'brain-data');
    const run = async (out: string, approve: 'all' | 'none') => {
      const r = await cli(['eval', '--data', brainData, '--kb', kb, '--questions', qs, '--out', out, '--brain', 'openai', '--brain-url', brain.server().baseURL, '--approve', approve, '--brain-policy', 'always']);
      expect(r.code, r.err).toBe(0);
      return JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
    };
    const always = await run(join(dir, 'brain-always'), 'all');
    expect(brain.server().requests.length).toBeGreaterThan(0);
    expect(always.brain.calls).toBeGreaterThan(0);
    // Three questions: three ledger sessions (not one for the run), each with its cohort recorded.
    expect(always.exposure).toMatchObject({ sessions: 3, eligible_sessions: 3 });
    expect(always.exposure.eligible_entities).toBeGreaterThan(0);
    expect(always.exposure.node_exposure.max).toBeGreaterThan(0);
    expect(always.exposure.node_exposure.max).toBeLessThanOrEqual(1);
    const { built, sent } = always.node_exposure;
    expect(sent).toBeDefined();
    expect(sent.any_token.sessions).toBe(3);
    expect(sent.any_token.exposed_entities).toBeGreaterThan(0);
    expect(sent.any_token.exposed_entities).toBeLessThanOrEqual(built.any_token.exposed_entities);
    // The ledger and eval count the same sent payloads over the same cohort.
    expect(always.exposure.eligible_entities).toBe(sent.any_token.eligible_entities);
    expect(always.exposure.node_exposure.max).toBe(sent.any_token.max);

    // Every call denied: payloads are still built, nothing is sent, and the ledger grows by three sessions.
    const before = brain.server().requests.length;
    const never = await run(join(dir, 'brain-denied'), 'none');
    expect(never.brain.denied).toBeGreaterThan(0);
    expect(brain.server().requests.length).toBe(before);
    expect(never.node_exposure.sent.any_token).toMatchObject({ exposed_entities: 0, max: 0, top1_percent_share: 0 });
    expect(never.node_exposure.built.any_token.exposed_entities).toBeGreaterThan(0);
    expect(never.exposure).toMatchObject({ sessions: 6, eligible_sessions: 6 });
  }, 120_000);
});
