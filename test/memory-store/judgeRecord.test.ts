// The analyst's verdict on an answer: "wrong" turns the record its question wrote into a failure warning (no
// template left to reuse, and a similar question is warned), "right" confirms it; both survive the store and a merge.
import { afterAll, describe, expect, it } from 'vitest';
import { abstractTrace } from '../../src-main/engine/memory/abstractTrace.js';
import { ExperienceStore } from '../../src-main/engine/memory/experienceStore.js';
import { judgeRecord, MARKED_WRONG } from '../../src-main/engine/memory/judgeRecord.js';
import { mergeRecords } from '../../src-main/engine/memory/redundancy.js';
import { warningsFor } from '../../src-main/engine/memory/memoryExperienceProvider.js';
import { newExperienceRecord } from '../../src-main/engine/memory/writeExperience.js';
import type { RetrievedExperience } from '../../src-main/engine/memory/retrieveExperience.js';
import { sessionTrace, tempDir, unit } from './fixtures.js';

const DIM = 8;
const dirs: { remove(): void }[] = [];
afterAll(() => dirs.forEach((d) => d.remove()));

const record = () => newExperienceRecord(abstractTrace(sessionTrace()), { questionVector: unit(DIM, 0), indicatorVector: unit(DIM, 1) });
const hit = (r: ReturnType<typeof record>): RetrievedExperience => ({ record: r, score: 0.95, questionSimilarity: 0.95, indicatorSimilarity: 0.95 }) as RetrievedExperience;

describe('judgeRecord', () => {
  it('wrong: the verified templates become failure notes, and a similar question gets them as warnings', () => {
    const before = record();
    expect(before.outcome).toBe('verified');
    expect(before.templates.length).toBeGreaterThan(0);
    expect(warningsFor([hit(before)], 0.5).filter((w) => w.reason === MARKED_WRONG)).toEqual([]);
    const wrong = judgeRecord(before, 'wrong', 123);
    expect(wrong).toMatchObject({ outcome: 'failed', judged: 'wrong', templates: [], updatedAt: 123 });
    expect(wrong.trajectory.every((t) => !t.verified)).toBe(true);
    const chains = new Set(wrong.failures.filter((f) => f.reason === MARKED_WRONG).map((f) => f.chain));
    for (const t of before.templates) expect(chains.has(t.text)).toBe(true);
    const warned = warningsFor([hit(wrong)], 0.5).filter((w) => w.reason === MARKED_WRONG).map((w) => w.chain);
    expect(warned.length).toBeGreaterThan(0);
    expect(new Set(warned)).toEqual(chains);
  });

  it('right: confirmed and verified', () => {
    expect(judgeRecord(record(), 'right', 5)).toMatchObject({ outcome: 'verified', judged: 'right', updatedAt: 5 });
  });

  it('a merge with a later verified session does not bring a chain marked wrong back as a template', () => {
    const wrong = judgeRecord(record(), 'wrong', 10);
    const merged = mergeRecords(wrong, { ...record(), updatedAt: 20 });
    expect(merged.judged).toBe('wrong');
    const marked = new Set(wrong.failures.filter((f) => f.reason === MARKED_WRONG).map((f) => f.chain));
    expect(merged.templates.filter((t) => marked.has(t.text))).toEqual([]);
  });

  it('the verdict is stored with the sealed record', async () => {
    const d = tempDir();
    dirs.push(d);
    const store = await ExperienceStore.open(d.path, { dim: DIM });
    const r = record();
    await store.add(r);
    await store.put(judgeRecord(r, 'wrong', Date.now()));
    const back = await store.get(r.id);
    expect(back).toMatchObject({ judged: 'wrong', outcome: 'failed', templates: [] });
    store.close();
  });
});
