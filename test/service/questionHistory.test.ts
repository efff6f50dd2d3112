// The question history: per graph, newest first, searchable, deletable; 0600 files written atomically; a file that
// does not parse is a clear error naming it, and is never overwritten.
import { mkdtemp, readFile, rm, stat, writeFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AskResult, RankedAnswer } from '../../src-main/common/answerTypes.js';
import { MAX_HISTORY, QuestionHistory } from '../../src-main/engine/app/questionHistory.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ctrlg-history-'));
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

const answer = (name: string, inSet: boolean): RankedAnswer => ({ id: name, name, score: 1, rawPaths: [], viewPaths: [], ...(inSet ? { inSet: true } : {}) });
const result = (question: string, names: string[]): AskResult => ({
  question,
  anonymizedQuestion: question,
  topics: [],
  answers: names.map((n, i) => answer(n, i === 0)),
  stagesMs: {},
  payloads: [],
  answerSet: { size: 1, label: 'verified', reason: 'r', wrongType: 0, cut: 'c' },
});

describe('QuestionHistory', () => {
  it('lists a "how many" answer by its count first, then what was counted', async () => {
    const h = QuestionHistory.inDataDir(dir);
    await h.add('g1', { ...result('how many patients does Dr. Q treat', ['Amara', 'Björn']), count: { value: 4, basis: 'verified', complete: true, noun: 'patients' } });
    const [entry] = (await h.list('g1', '4 patients')).entries;
    expect(entry.answers).toEqual(['4 patients', 'Amara']);
  });

  it('keeps entries per graph, newest first, with the answer set and label; searches and deletes', async () => {
    const h = QuestionHistory.inDataDir(dir);
    await h.add('g1', result('where is Wrenfield Hospital', ['Wrenfield', 'Ostermoor']), new Date(1000));
    await h.add('g1', result('who makes Glimoravir', ['Sunderhaven']), new Date(2000));
    await h.add('g2', result('other graph', ['X']));
    const { entries, total } = await h.list('g1');
    expect(total).toBe(2);
    expect(entries.map((e) => e.question)).toEqual(['who makes Glimoravir', 'where is Wrenfield Hospital']);
    expect(entries[1]).toMatchObject({ answers: ['Wrenfield'], label: 'verified', graph: 'g1', at: new Date(1000).toISOString() });
    expect((await h.list('g1', 'SUNDER')).entries.map((e) => e.question)).toEqual(['who makes Glimoravir']);
    expect((await h.list('g1', 'wrenfield')).entries).toHaveLength(1);
    expect(await h.delete('g1', [entries[0].id, 'no-such-id'])).toEqual({ deleted: 1 });
    expect((await h.list('g1')).entries.map((e) => e.question)).toEqual(['where is Wrenfield Hospital']);
    expect((await h.list('g2')).total).toBe(1);
  });

  it('writes 0600 files and leaves no temporary file behind; concurrent adds all land', async () => {
    const h = QuestionHistory.inDataDir(dir);
    await Promise.all(Array.from({ length: 5 }, (_, i) => h.add('g', result(`q${i}`, ['a']))));
    expect((await h.list('g')).total).toBe(5);
    expect((await stat(h.fileOf('g'))).mode & 0o777).toBe(0o600);
    expect((await readdir(join(dir, 'history'))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('keeps at most MAX_HISTORY entries, dropping the oldest', async () => {
    const h = QuestionHistory.inDataDir(dir);
    const many = Array.from({ length: MAX_HISTORY + 1 }, (_, i) => ({ id: `id${i}`, graph: 'g', question: `q${i}`, at: 'x', answers: [], result: result(`q${i}`, []) }));
    await h.add('g', result('first', []));
    await writeFile(h.fileOf('g'), JSON.stringify(many));
    await h.add('g', result('newest', []));
    const { entries, total } = await h.list('g', '', 1000);
    expect(total).toBe(MAX_HISTORY);
    expect(entries[0].question).toBe('newest');
    expect(entries.some((e) => e.question === 'q0')).toBe(false);
  });

  it('a file that does not parse is a clear error naming it, and is not overwritten by the next add', async () => {
    const h = QuestionHistory.inDataDir(dir);
    await h.add('g', result('kept', ['a']));
    const file = h.fileOf('g');
    const broken = (await readFile(file, 'utf8')).slice(0, -5);
    await writeFile(file, broken);
    await expect(h.list('g')).rejects.toThrow(new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not valid JSON`));
    await expect(h.add('g', result('new', ['b']))).rejects.toThrow(/left as it is/);
    expect(await readFile(file, 'utf8')).toBe(broken);
    await writeFile(file, JSON.stringify([{ id: 1 }]));
    await expect(h.list('g')).rejects.toThrow(/entry 1 is malformed/);
  });
});
