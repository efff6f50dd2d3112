// graph.delete takes the graph's question history with it: a new graph of the same name starts with none.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AskResult } from '../../src-main/common/answerTypes.js';
import { QuestionHistory } from '../../src-main/engine/app/questionHistory.js';
import { makeEngineFixture, SMALL_TRIPLES, type EngineFixture } from './engineFixture.js';

let fx: EngineFixture;
beforeAll(() => {
  fx = makeEngineFixture();
});
afterAll(async () => {
  await fx.dispose();
});

const result: AskResult = { question: 'where does Dr. Alice Chen work', anonymizedQuestion: 'q', topics: [], answers: [], stagesMs: {}, payloads: [] };

describe('graph.delete', () => {
  it('removes the graph\'s question history', async () => {
    const file = fx.write('small.txt', SMALL_TRIPLES);
    expect((await fx.engine.dispatch('graph.import', { jobId: 'a', graph: 'reused', file })).ok).toBe(true);
    const history = QuestionHistory.inDataDir(fx.dataDir);
    await history.add('reused', result);
    await history.add('kept', result);
    expect(await fx.engine.dispatch('history.list', { graph: 'reused' })).toMatchObject({ ok: true, value: { total: 1 } });

    expect(await fx.engine.dispatch('graph.delete', { graph: 'reused' })).toEqual({ ok: true, value: { deleted: true } });
    expect(existsSync(history.fileOf('reused'))).toBe(false);
    expect((await fx.engine.dispatch('graph.import', { jobId: 'b', graph: 'reused', file })).ok).toBe(true);
    expect(await fx.engine.dispatch('history.list', { graph: 'reused' })).toMatchObject({ ok: true, value: { entries: [], total: 0 } });
    // Another graph's history is untouched.
    expect(await fx.engine.dispatch('history.list', { graph: 'kept' })).toMatchObject({ ok: true, value: { total: 1 } });
  });
});
