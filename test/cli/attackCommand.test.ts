// `ctrlg attack` end to end on the demo graph: eval with --reveal-mapping writes the payloads and the truth, the
// attack reads them back and prints and writes its figures; bad input gets one clear line naming file and line.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../helpers/runCliCaptured.js';

const dir = mkdtempSync(join(tmpdir(), 'ctrlg-attack-'));
const data = join(dir, 'data');
const evalDir = join(dir, 'eval');
const KB = join(import.meta.dirname, '..', '..', 'resources', 'demo', 'hospital-network.txt');
const QUESTIONS = join(import.meta.dirname, '..', '..', 'resources', 'demo', 'questions.txt');

beforeAll(async () => {
  const r = await runCliCaptured(['eval', '--data', data, '--kb', KB, '--questions', QUESTIONS, '--limit', '20', '--out', evalDir, '--reveal-mapping']);
  expect(r.code, r.err).toBe(0);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Figures {
  tokens: number;
  scored: number;
  asr_at_1: number;
  asr_at_5: number;
  anonymity: { p50: number; unique_share: number; at_most_5_share: number; empty_share: number };
}

describe('ctrlg attack', () => {
  it('attacks the payloads eval wrote and reports ASR, anonymity sets and linkage', async () => {
    const out = join(dir, 'attack.json');
    const r = await runCliCaptured(['attack', '--data', data, '--views', join(evalDir, 'views.jsonl'), '--reference', KB, '--linkage', '5', '--out', out]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/20 sessions, 40 payloads, 0 malformed line\(s\), 2 refinement round\(s\)/);
    expect(r.out).toMatch(/anchors\s+\d+\s+\d+\s+[\d.]+%/);
    expect(r.out).toMatch(/linkage over 5 sessions: ASR@1 [\d.]+%/);
    const report = JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown> & { anchors: Figures; bridges: Figures; anchors_bridges: Figures; all: Figures; linkage: { asr_at_1: number; sessions: number }; tokens: unknown[] };
    expect(report.sessions).toBe(20);
    expect(report.unscored).toBe(0);
    for (const group of [report.anchors, report.bridges, report.anchors_bridges, report.all]) {
      expect(group.tokens).toBeGreaterThan(0);
      expect(group.scored).toBe(group.tokens);
      for (const x of [group.asr_at_1, group.asr_at_5, group.anonymity.unique_share, group.anonymity.at_most_5_share]) {
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(1);
      }
      expect(group.asr_at_5).toBeGreaterThanOrEqual(group.asr_at_1);
      // The truth always fits what the observer saw: no token is left with no candidate.
      expect(group.anonymity.empty_share).toBe(0);
      expect(group.anonymity.p50).toBeGreaterThanOrEqual(1);
    }
    expect(report.all.tokens).toBeGreaterThanOrEqual(report.anchors_bridges.tokens);
    expect(report.anchors_bridges.tokens).toBeGreaterThanOrEqual(Math.max(report.anchors.tokens, report.bridges.tokens));
    expect(report.tokens).toHaveLength(report.all.tokens);
    expect(report.linkage.sessions).toBe(5);
    expect(report.linkage.asr_at_1).toBeGreaterThanOrEqual(0);
    expect(report.linkage.asr_at_1).toBeLessThanOrEqual(1);
  }, 60_000);

  it('says which file and line is wrong, without a stack trace', async () => {
    const missing = await runCliCaptured(['attack', '--data', data, '--views', join(dir, 'nope.jsonl'), '--reference', KB]);
    expect(missing.code).toBe(1);
    expect(missing.err).toBe(`ctrlg attack: ${join(dir, 'nope.jsonl')}: views file not found\n`);

    const bad = join(dir, 'bad');
    mkdirSync(bad);
    writeFileSync(join(bad, 'views.jsonl'), readFileSync(join(evalDir, 'views.jsonl')));
    writeFileSync(join(bad, 'predictions.jsonl'), '{"i":0,"payloads":[]}\n{"i":1,"payloads":"text"}\n');
    const r = await runCliCaptured(['attack', '--data', data, '--views', join(bad, 'views.jsonl'), '--reference', KB]);
    expect(r.code).toBe(1);
    expect(r.err).toBe(`ctrlg attack: ${join(bad, 'predictions.jsonl')}:2: "payloads" must be an array of payload texts\n`);
  });

  it('takes the reference as a library graph too, and names an unknown one', async () => {
    const imported = await runCliCaptured(['import', '--data', data, KB, '--graph', 'demo']);
    expect(imported.code, imported.err).toBe(0);
    const views = join(evalDir, 'views.jsonl');
    const byName = await runCliCaptured(['attack', '--data', data, '--views', views, '--graph', 'demo', '--rounds', '0']);
    expect(byName.code, byName.err).toBe(0);
    expect(byName.out).toMatch(/^reference demo: 1072 entities, 3222 triples\n20 sessions, .* 0 refinement round\(s\)/);
    const unknown = await runCliCaptured(['attack', '--data', data, '--views', views, '--graph', 'nope']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/^ctrlg attack: No graph named "nope"\. Known graphs: .*demo/);
  }, 60_000);

  it('asks for exactly one reference graph and checks its numbers', async () => {
    const views = join(evalDir, 'views.jsonl');
    const none = await runCliCaptured(['attack', '--data', data, '--views', views]);
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/exactly one of --reference KB or --graph NAME/);
    const rounds = await runCliCaptured(['attack', '--data', data, '--views', views, '--reference', KB, '--rounds', 'x']);
    expect(rounds.code).toBe(2);
    expect(rounds.err).toMatch(/--rounds must be an integer ≥ 0, not "x"/);
    const noViews = await runCliCaptured(['attack', '--data', data, '--reference', KB]);
    expect(noViews.err).toMatch(/--views FILE is required/);
  });
});
