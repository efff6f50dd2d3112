// The one rule for a Brain whose calls cannot be recorded, seen from the CLI: with an exposure ledger that cannot be
// opened (a corrupt file) or an audit log that cannot be (a broken chain), `ctrlg ask` and `ctrlg eval` make no call
// (the loopback recording server receives nothing), still answer locally, print the reason once on stderr, and the
// eval lines count each skipped call as a fallback. The app applies the same rule (test/service/unrecordedBrain).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultAuditPath } from '../../src-main/engine/egress/audit/auditPaths.js';
import { ledgerPaths } from '../../src-main/engine/egress/exposure/ledgerPaths.js';
import { startRecordingServer, type RecordingServer } from '../brain/recordingServer.js';
import { runCliCaptured } from '../helpers/runCliCaptured.js';

const KEY = 'sk-unrecorded-SECRET-5555';
const dir = mkdtempSync(join(tmpdir(), 'ctrlg-unrecorded-'));
const kb = join(dir, 'kb.txt');
const qs = join(dir, 'questions.txt');
let savedKey: string | undefined;
let server: RecordingServer;

const cli = runCliCaptured;
const brainFlags = (): string[] => ['--brain', 'openai', '--brain-url', server.baseURL, '--approve', 'all', '--brain-policy', 'always'];

/** A data dir with the books graph imported and its exposure ledger (or audit log) damaged. */
async function damagedDataDir(name: string, damage: 'ledger' | 'audit'): Promise<string> {
  const data = join(dir, name);
  expect((await cli(['import', kb, '--graph', 'books', '--data', data])).code).toBe(0);
  const file = damage === 'ledger' ? ledgerPaths(data).ledger : defaultAuditPath(data);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, damage === 'ledger' ? 'not a sealed ledger, just bytes that cannot be decrypted'.repeat(4) : '{"seq":0,"kind":"request","hash":"forged"}\n');
  return data;
}

const notAskedLines = (err: string): string[] => err.split('\n').filter((l) => l.includes('Brain not asked:'));

beforeAll(() => {
  savedKey = process.env.CTRLG_BRAIN_API_KEY;
  process.env.CTRLG_BRAIN_API_KEY = KEY;
  writeFileSync(kb, ['Moonfall|written_by|Ilse Varga', 'Tidewater|written_by|Ilse Varga', 'Ashen Road|written_by|Tomas Bry', 'Ilse Varga|born_in|Kelmar', 'Tomas Bry|born_in|Ostra'].join('\n'));
  writeFileSync(qs, ['who wrote [Moonfall]\tIlse Varga', 'where was the writer of [Ashen Road] born\tOstra', 'who wrote [Tidewater]\tIlse Varga'].join('\n'));
});
afterAll(() => {
  if (savedKey === undefined) delete process.env.CTRLG_BRAIN_API_KEY;
  else process.env.CTRLG_BRAIN_API_KEY = savedKey;
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  server = await startRecordingServer({ respond: () => JSON.stringify({ ranking: [{ path: 1, reason: 'follows the indicator' }] }) });
});
afterEach(async () => {
  await server.close();
});

describe('a Brain whose calls cannot be recorded (CLI)', () => {
  it('ctrlg ask with a corrupt exposure ledger: no request leaves, the answer is local, the reason is printed once', async () => {
    const data = await damagedDataDir('ask-ledger', 'ledger');
    const r = await cli(['ask', '--graph', 'books', '--data', data, ...brainFlags(), 'who wrote Moonfall']);
    expect(r.code, r.err).toBe(0);
    expect(server.requests).toHaveLength(0);
    expect(r.out).toMatch(/1\. Ilse Varga/);
    expect(notAskedLines(r.err)).toHaveLength(1);
    expect(r.out).toMatch(/Brain: 0 call\(s\) sent, 0 denied, 0 tokens/);
    expect(r.out).toMatch(/step 1: fallback \(local answer kept\): Brain not asked: /);

    const j = await cli(['ask', '--json', '--graph', 'books', '--data', data, ...brainFlags(), 'who wrote Moonfall']);
    expect(j.code, j.err).toBe(0);
    const result = JSON.parse(j.out);
    expect(result.answers[0].name).toBe('Ilse Varga');
    expect(result.brain).toMatchObject({ brain_calls: 0, brain_denied: 0, brain_tokens: 0 });
    expect(result.brain.brain_fallbacks).toBeGreaterThan(0);
    expect(result.brain.steps[0]).toMatchObject({ sent: false, denied: false, fallback: true, reason: expect.stringMatching(/^Brain not asked: /) });
    expect(notAskedLines(j.err)).toHaveLength(1);
    expect(server.requests).toHaveLength(0);
    // The damaged ledger is left as it was (never reset to make room for new calls).
    expect(readFileSync(ledgerPaths(data).ledger, 'utf8')).toMatch(/^not a sealed ledger/);

    // Control: the same question over an intact data dir does call the Brain.
    const intact = join(dir, 'ask-intact');
    expect((await cli(['import', kb, '--graph', 'books', '--data', intact])).code).toBe(0);
    const ok = await cli(['ask', '--graph', 'books', '--data', intact, ...brainFlags(), 'who wrote Moonfall']);
    expect(ok.code, ok.err).toBe(0);
    expect(server.requests.length).toBeGreaterThan(0);
    expect(notAskedLines(ok.err)).toHaveLength(0);
  }, 60_000);

  it('ctrlg eval with a corrupt exposure ledger: every line answered locally, the skipped calls counted as fallbacks', async () => {
    const data = await damagedDataDir('eval-ledger', 'ledger');
    const out = join(dir, 'eval-ledger-out');
    const r = await cli(['eval', '--data', data, '--graph', 'books', '--questions', qs, '--out', out, ...brainFlags()]);
    expect(r.code, r.err).toBe(0);
    expect(server.requests).toHaveLength(0);
    const preds = readFileSync(join(out, 'predictions.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(preds).toHaveLength(3);
    for (const p of preds) {
      expect(p.error).toBeUndefined();
      expect(p).toMatchObject({ brain_calls: 0, brain_denied: 0, brain_tokens: 0 });
      expect(p.brain_fallbacks).toBeGreaterThan(0);
    }
    expect(preds[0].answers[0]).toBe('Ilse Varga');
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
    expect(summary.brain.calls).toBe(0);
    expect(summary.brain.fallbacks).toBe(preds.reduce((n: number, p: { brain_fallbacks: number }) => n + p.brain_fallbacks, 0));
    // No ledger could be read, so the summary reports none.
    expect(summary.exposure).toBeUndefined();
    // Printed once for the run, not per question, and not again among the per-question fallback warnings.
    expect(notAskedLines(r.err)).toHaveLength(1);
    expect(r.err).not.toMatch(/Brain fallback, local answer kept/);
    expect(r.err).toMatch(new RegExp(`Brain fell back to the local answer ${summary.brain.fallbacks} time\\(s\\)`));
  }, 60_000);

  it('ctrlg eval with a broken audit log: the same rule', async () => {
    const data = await damagedDataDir('eval-audit', 'audit');
    const out = join(dir, 'eval-audit-out');
    const r = await cli(['eval', '--data', data, '--graph', 'books', '--questions', qs, '--out', out, '--limit', '1', ...brainFlags()]);
    expect(r.code, r.err).toBe(0);
    expect(server.requests).toHaveLength(0);
    const [line] = readFileSync(join(out, 'predictions.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(line.answers[0]).toBe('Ilse Varga');
    expect(line.brain_calls).toBe(0);
    expect(line.brain_fallbacks).toBeGreaterThan(0);
    expect(notAskedLines(r.err)).toHaveLength(1);
    expect(notAskedLines(r.err)[0]).toMatch(/audit/i);
  }, 60_000);
});
