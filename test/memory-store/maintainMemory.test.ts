import { afterAll, describe, expect, it } from 'vitest';
import { abstractTrace } from '../../src-main/engine/memory/abstractTrace.js';
import type { ExperienceRecord } from '../../src-main/engine/memory/experienceRecord.js';
import { ExperienceStore } from '../../src-main/engine/memory/experienceStore.js';
import { experienceWeight, maintainMemory, planMerges, planPrune } from '../../src-main/engine/memory/maintainMemory.js';
import { newExperienceRecord } from '../../src-main/engine/memory/writeExperience.js';
import { CLUSTERED, sessionTrace, tempDir, unit } from './fixtures.js';

const DAY = 86_400_000;
const NOW = 400 * DAY;
const DIM = 4;
const t = tempDir();
afterAll(() => t.remove());

function rec(overrides: Partial<ExperienceRecord> = {}, trace = abstractTrace(sessionTrace())): ExperienceRecord {
  return { ...newExperienceRecord(trace, { questionVector: unit(DIM, 0), indicatorVector: unit(DIM, 1) }, NOW - DAY), ...overrides };
}

describe('maintenance', () => {
  it('merges redundant records with summed counters, keeping different π or templates apart', () => {
    const a = rec({ counters: { uses: 2, successes: 1 }, createdAt: NOW - 3 * DAY });
    const b = rec({ counters: { uses: 1, successes: 1 }, questionVector: unit(DIM, 2) });
    const other = rec({}, { ...abstractTrace(sessionTrace()), exposure: CLUSTERED });
    const { merged, removed } = planMerges([b, a, other]);
    expect(removed).toEqual([b.id]);
    expect(merged).toHaveLength(1);
    expect(merged[0].id).toBe(a.id);
    expect(merged[0].counters).toEqual({ uses: 3, successes: 2 });
    expect(merged[0].templates.map((x) => x.seen)).toEqual([2, 2]);
    expect(Math.hypot(...merged[0].questionVector)).toBeCloseTo(1, 5);
  });

  it('prunes old unused, proven-useless and excess failed records', () => {
    const old = rec({ createdAt: NOW - 100 * DAY });
    const oldButUsed = rec({ createdAt: NOW - 100 * DAY, counters: { uses: 3, successes: 3 } });
    const useless = rec({ counters: { uses: 10, successes: 1 } });
    const failed = [1, 2, 3].map((i) => rec({ outcome: 'failed', updatedAt: NOW - i * DAY }));
    const pruned = planPrune([old, oldButUsed, useless, ...failed], NOW, { unusedMaxAgeMs: 60 * DAY, maxFailed: 2, minUses: 5, minSuccessRate: 0.2 });
    expect(pruned.sort()).toEqual([old.id, useless.id, failed[2].id].sort());
  });

  it('weights by success and evidence', () => {
    const fresh = rec();
    const proven = rec({ counters: { uses: 8, successes: 8 } });
    const poor = rec({ counters: { uses: 8, successes: 0 } });
    expect(experienceWeight(proven)).toBeGreaterThan(experienceWeight(fresh));
    expect(experienceWeight(fresh)).toBeGreaterThan(experienceWeight(poor));
    expect(experienceWeight({ ...fresh, outcome: 'failed' })).toBeCloseTo(experienceWeight(fresh) / 2);
  });

  it('applies merge, prune and re-weighting to a store', async () => {
    const store = await ExperienceStore.open(t.path, { dim: DIM });
    const a = rec({ createdAt: NOW - 2 * DAY });
    const b = rec({ counters: { uses: 4, successes: 4 } });
    const old = rec({ createdAt: NOW - 100 * DAY, questionVector: unit(DIM, 3) }, { ...abstractTrace(sessionTrace()), exposure: CLUSTERED });
    await store.add([a, b, old]);
    const report = await maintainMemory(store, { now: NOW });
    expect(report).toMatchObject({ before: 3, after: 1, merged: 1, pruned: 1 });
    const [only] = await store.list();
    expect(only.id).toBe(a.id);
    expect(only.counters).toEqual({ uses: 4, successes: 4 });
    expect(only.weight).toBeCloseTo(experienceWeight(only));
    store.close();
  });
});
