// `ctrlg exposure report`: from an eval folder (with the attacker's attack.json beside it) and from this data folder's
// exposure ledger after a remote Brain (a loopback recording server) was asked; clear errors for what is missing.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ExposureReportData } from '../../src-main/common/exposureReportTypes.js';
import { useLoopbackBrain } from '../helpers/brainApiKey.js';
import { writeBooksGraph } from '../helpers/booksGraph.js';
import { runCliCaptured as cli } from '../helpers/runCliCaptured.js';

const dir = mkdtempSync(join(tmpdir(), 'ctrlg-exposure-report-'));
const demoKb = resolve(import.meta.dirname, '../../resources/demo/hospital-network.txt');
const demoQuestions = resolve(import.meta.dirname, '../../resources/demo/questions.txt');
const KEY = 'sk-exposure-report-SECRET-4242';
const brain = useLoopbackBrain(KEY);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const readReport = (file: string): ExposureReportData => JSON.parse(readFileSync(file, 'utf8')) as ExposureReportData;

describe('ctrlg exposure report', () => {
  it('--eval: figures of an eval folder and its attack, as a page with plots and as JSON, both 0600', async () => {
    const data = join(dir, 'data');
    const out = join(dir, 'run');
    expect((await cli(['eval', '--data', data, '--kb', demoKb, '--questions', demoQuestions, '--out', out, '--limit', '12', '--reveal-mapping'])).code).toBe(0);
    const attack = await cli(['attack', '--data', data, '--views', join(out, 'views.jsonl'), '--reference', demoKb, '--out', join(out, 'attack.json')]);
    expect(attack.code, attack.err).toBe(0);
    const r = await cli(['exposure', 'report', '--data', data, '--eval', out, '--out', join(dir, 'report.html')]);
    expect(r.code, r.err).toBe(0);
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    expect(html.match(/<svg /g)?.length ?? 0).toBeGreaterThanOrEqual(3); // attack bars, exposure CDF, stream
    expect(html).not.toMatch(/<script/i);
    const report = readReport(join(dir, 'report.json'));
    expect(report.runs).toHaveLength(1);
    const run = report.runs[0];
    expect(run.view).toBe('sanitized');
    expect(run.questions).toBe(12);
    expect(run.attack!.asr1).toBeGreaterThanOrEqual(0);
    expect(run.attack!.asr1).toBeLessThanOrEqual(1);
    expect(run.attack!.anchors.tokens).toBeGreaterThan(0);
    expect(run.nodeExposure!.built!.values).toHaveLength(101);
    expect(run.nodeExposure!.built!.eligible).toBeGreaterThan(0);
    expect(run.stream!.newEntities.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(statSync(join(dir, 'report.html')).mode & 0o777).toBe(0o600);
    // The eval's revealed names never reach the report.
    const names = JSON.parse(readFileSync(join(out, 'views.jsonl'), 'utf8').split('\n')[0]).mapping as Record<string, string[]>;
    const someName = Object.values(names).flat().find((n) => n.length > 6)!;
    expect(someName).toBeDefined();
    expect(html).not.toContain(someName);
  }, 90_000);

  it('--ledger: what was actually sent from this data folder, per question', async () => {
    const data = join(dir, 'brain-data');
    const { kb, questions: qs } = writeBooksGraph(dir);
    const missing = await cli(['exposure', 'report', '--data', data, '--ledger', '--out', join(dir, 'none.html')]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('no exposure ledger yet');
    expect(existsSync(join(dir, 'none.html'))).toBe(false);

    const e = await cli(['eval', '--data', data, '--kb', kb, '--questions', qs, '--out', join(dir, 'books-run'), '--brain', 'openai', '--brain-url', brain.server().baseURL, '--approve', 'all', '--brain-policy', 'always']);
    expect(e.code, e.err).toBe(0);
    const r = await cli(['exposure', 'report', '--data', data, '--ledger', '--out', join(dir, 'ledger.html')]);
    expect(r.code, r.err).toBe(0);
    const run = readReport(join(dir, 'ledger.json')).runs[0];
    expect(run.view).toBe('ledger');
    expect(run.questions).toBe(3);
    expect(run.stream!.brainCalls.reduce((a, b) => a + b, 0)).toBe(brain.server().requests.length);
    expect(run.nodeExposure!.sent!.eligible).toBeGreaterThan(0);
    expect(Object.values(run.perRelation!).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    const html = readFileSync(join(dir, 'ledger.html'), 'utf8');
    expect(html).not.toContain('Ilse Varga');
    expect(html).not.toContain(KEY);
  }, 90_000);

  it('says what is wrong with the flags and the folder', async () => {
    const both = await cli(['exposure', 'report', '--eval', dir, '--ledger', '--out', join(dir, 'x.html')]);
    expect(both.code).toBe(2);
    expect(both.err).toContain('exactly one of --eval DIR or --ledger');
    const empty = mkdtempSync(join(dir, 'empty-'));
    const none = await cli(['exposure', 'report', '--eval', empty, '--out', join(dir, 'x.html')]);
    expect(none.code).toBe(2);
    expect(none.err).toContain('holds no summary.json');
    const noOut = await cli(['exposure', 'report', '--eval', dir]);
    expect(noOut.err).toContain('--out report.html is required');
  });
});
