import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abstractTrace } from '../../src-main/engine/memory/abstractTrace.js';
import { ExperienceStore } from '../../src-main/engine/memory/experienceStore.js';
import { newExperienceRecord } from '../../src-main/engine/memory/writeExperience.js';
import { MOVIES } from '../import/helpers.js';
import { sessionTrace, tempDir, unit } from './fixtures.js';
import { runCliCaptured } from '../helpers/runCliCaptured.js';

const t = tempDir();
const data = join(t.path, 'data');
const memory = join(data, 'memory');
afterAll(() => t.remove());

const ctrlg = (...argv: string[]) => runCliCaptured([...argv, '--data', data]);

const vectors = { questionVector: unit(8, 0), indicatorVector: unit(8, 1) };

beforeAll(async () => {
  const file = join(t.path, 'movies.txt');
  writeFileSync(file, MOVIES);
  expect((await ctrlg('import', file, '--graph', 'movies')).code).toBe(0);
});

describe('ctrlg memory', () => {
  it('reports an absent memory as empty without creating one', async () => {
    const r = await ctrlg('memory', 'audit');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/No experience memory/);
    expect(ExperienceStore.exists(memory)).toBe(false);
  });

  it('audits clean, then flags a leaky record written past the validator, lists and deletes', async () => {
    const store = await ExperienceStore.open(memory, { dim: 8 });
    const clean = newExperienceRecord(abstractTrace(sessionTrace()), vectors);
    await store.add(clean);
    store.close();

    const ok = await ctrlg('memory', 'audit', '--graph', 'movies');
    expect(ok.err).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/entity names\s+0/);
    expect(ok.out).toMatch(/rare templates \(seen < 2, kept local\)\s+2/);
    expect(ok.out).toMatch(/Clean\./);

    const again = await ExperienceStore.open(memory);
    const leaky = newExperienceRecord(
      { ...abstractTrace(sessionTrace()), question: 'which films did Ginger Rogers make with E_3fa9c01b22de in 1935' },
      vectors,
    );
    await again.insertUnchecked([leaky]);
    again.close();

    const bad = await ctrlg('memory', 'audit', '--json');
    expect(bad.code).toBe(1);
    const report = JSON.parse(bad.out);
    expect(report.graphs).toEqual(['movies']);
    expect(report.counts).toEqual({ name: 1, id: 1, token: 1, literal: 1, undecryptable: 0 });
    expect(report.findings.every((f: { id: string }) => f.id === leaky.id)).toBe(true);
    expect(bad.out).not.toContain('Ginger');

    const list = await ctrlg('memory', 'list');
    expect(list.code).toBe(0);
    expect(list.out).toContain(clean.id);
    expect(list.out).toContain('ANCHOR_1 -directed_by-> BRIDGE_1 <-directed_by- ANSWER  (seen 1)');

    expect((await ctrlg('memory', 'delete', leaky.id)).code).toBe(0);
    expect((await ctrlg('memory', 'audit')).code).toBe(0);
    expect((await ctrlg('memory', 'delete', 'xp-0000000000000000')).code).toBe(1);
    expect((await ctrlg('memory', 'frobnicate')).code).toBe(2);
  });
});
