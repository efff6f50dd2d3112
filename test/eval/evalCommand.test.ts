// `ctrlg eval` through runCli with a temporary data directory and a small kb file: the output files and their
// exact field names are read by outside checks.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/cli/runCli.js';

const dir = mkdtempSync(join(tmpdir(), 'ctrlg-eval-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function io(): { stdout: PassThrough; stderr: PassThrough; out: () => string; err: () => string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let o = '';
  let e = '';
  stdout.on('data', (d) => (o += d));
  stderr.on('data', (d) => (e += d));
  return { stdout, stderr, out: () => o, err: () => e };
}

describe('ctrlg eval', () => {
  it('writes predictions.jsonl, summary.json and (on request) views.jsonl', async () => {
    const kb = join(dir, 'kb.txt');
    writeFileSync(
      kb,
      [
        'Moonfall|written_by|Ilse Varga',
        'Tidewater|written_by|Ilse Varga',
        'Ashen Road|written_by|Tomas Bry',
        'Moonfall|release_year|1990',
        'Tidewater|release_year|1994',
        'Ashen Road|release_year|1990',
        'Ilse Varga|born_in|Kelmar',
        'Tomas Bry|born_in|Ostra',
      ].join('\n'),
    );
    const qs = join(dir, 'questions.txt');
    writeFileSync(qs, ['who wrote [Moonfall]\tIlse Varga', 'where was the writer of [Ashen Road] born\tOstra', 'what did [Nobody Known] write\tX'].join('\n'));
    const out = join(dir, 'out');
    const s = io();
    const code = await runCli(['eval', '--data', join(dir, 'data'), '--kb', kb, '--questions', qs, '--out', out, '--reveal-mapping'], s);
    expect(s.err()).toMatch(/warning: --reveal-mapping/);
    expect(code).toBe(0);
    const preds = readFileSync(join(out, 'predictions.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(preds).toHaveLength(3);
    for (const [i, p] of preds.entries()) {
      expect(Object.keys(p).slice(0, 9)).toEqual(['i', 'question', 'answers', 'gold', 'hit1', 'latency_ms', 'stages_ms', 'exposure', 'payloads']);
      expect(p.i).toBe(i);
      expect(typeof p.hit1).toBe('boolean');
      expect(Array.isArray(p.payloads)).toBe(true);
      // Every line says how sure its answer was, and which kinds of note its reasoning tree left.
      expect(p.confidence.p).toBeGreaterThanOrEqual(0);
      expect(p.confidence.p).toBeLessThanOrEqual(1);
      expect(typeof p.confidence.unsure).toBe('boolean');
      expect(Array.isArray(p.tree.notes)).toBe(true);
    }
    expect(preds[0].tree.notes).toContain('init');
    expect(preds[0].answers[0]).toBe('Ilse Varga');
    expect(preds[0].hit1).toBe(true);
    expect(preds[0].payloads.length).toBeGreaterThan(0);
    expect(preds[0].payloads.join('\n')).not.toMatch(/Moonfall|Ilse Varga/);
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
    expect(summary.questions).toBe(3);
    expect(summary.hits_at_1).toBeGreaterThan(0);
    expect(summary.latency_ms).toHaveProperty('p50');
    expect(summary.latency_ms).toHaveProperty('p95');
    expect(summary).toHaveProperty('stages_ms_p50');
    expect(summary).toHaveProperty('mean_exposure');
    const views = readFileSync(join(out, 'views.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(views).toHaveLength(3);
    expect(Object.values(views[0].mapping).flat()).toContain('Moonfall');
  });

  it('runs without --reveal-mapping and writes no views.jsonl', async () => {
    const kb = join(dir, 'kb2.txt');
    writeFileSync(kb, 'A Film|directed_by|Some One\n');
    const qs = join(dir, 'q2.txt');
    writeFileSync(qs, 'who directed [A Film]\tSome One\n');
    const out = join(dir, 'out2');
    const s = io();
    expect(await runCli(['eval', '--data', join(dir, 'data'), '--kb', kb, '--questions', qs, '--out', out, '--limit', '1'], s)).toBe(0);
    expect(existsSync(join(out, 'views.jsonl'))).toBe(false);
    expect(s.err()).toBe('');
  });
});
