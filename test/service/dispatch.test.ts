import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AskResult } from '../../src-main/common/answerTypes.js';
import { UnknownGraphError } from '../../src-main/engine/graph/graphErrors.js';
import { makeEngineFixture, type EngineFixture } from './engineFixture.js';

function errorOf(envelope: { ok: boolean; error?: { code: string; message: string; details?: unknown } }) {
  expect(envelope.ok).toBe(false);
  return envelope.error!;
}

describe('engine dispatch', () => {
  let fx: EngineFixture;
  beforeEach(() => {
    fx = makeEngineFixture();
  });
  afterEach(async () => {
    await fx.dispose();
  });

  it('rejects channels outside the contract, including inherited object keys', async () => {
    for (const channel of ['nope', 'toString', '__proto__', 'constructor', '', 'graph.list ']) {
      expect(errorOf(await fx.engine.dispatch(channel, {})).code).toBe('unknown_channel');
    }
    expect(errorOf(await fx.engine.dispatch(42 as unknown as string, {})).code).toBe('unknown_channel');
  });

  it.each([
    ['graph.stats', {}, ['graph']],
    ['graph.stats', { graph: 5 }, ['graph']],
    ['graph.stats', { graph: '../etc' }, ['graph']],
    ['graph.stats', { graph: 'ok', extra: true }, []],
    ['graph.stats', null, []],
    ['graph.stats', 'graph', []],
    ['graph.stats', [1, 2], []],
    ['graph.search', { graph: 'g', query: 'x', limit: 0 }, ['limit']],
    ['graph.search', { graph: 'g', query: '' }, ['query']],
    ['graph.import', { jobId: 'j', graph: 'g', file: '/x', format: 'xml' }, ['format']],
    ['graph.list', { unexpected: 1 }, []],
    ['qa.ask', { graph: 'g', question: 'q', dMax: 9 }, ['dMax']],
  ])('%s with %j is invalid_request with issue details', async (channel, request, path) => {
    const error = errorOf(await fx.engine.dispatch(channel, request));
    expect(error.code).toBe('invalid_request');
    expect(error.message).toContain(channel);
    const details = error.details as { path: (string | number)[]; message: string }[];
    expect(Array.isArray(details) && details.length).toBeTruthy();
    if (path.length) expect(details.map((d) => d.path)).toContainEqual(path);
    // Plain JSON: it crosses IPC and sockets.
    expect(JSON.parse(JSON.stringify(details))).toEqual(details);
  });

  it('treats a missing request as an empty one for argument-free channels', async () => {
    expect(await fx.engine.dispatch('graph.list', undefined)).toEqual({ ok: true, value: [] });
  });

  it('maps an unknown graph to unknown_graph', async () => {
    for (const channel of ['graph.stats', 'graph.delete'] as const)
      expect(errorOf(await fx.engine.dispatch(channel, { graph: 'missing' })).code).toBe('unknown_graph');
    expect(errorOf(await fx.engine.dispatch('graph.search', { graph: 'missing', query: 'x' })).code).toBe('unknown_graph');
    expect(errorOf(await fx.engine.dispatch('graph.neighbors', { graph: 'missing', entity: 'x' })).code).toBe('unknown_graph');
  });

  it('answers app.info and, without a native picker, dialog.openFile with null', async () => {
    const info = await fx.engine.dispatch('app.info', {});
    expect(info).toMatchObject({ ok: true, value: { version: '9.9.9', dataDir: fx.dataDir, transport: 'host', demoGraph: 'demo-hospital' } });
    expect((info as { value: { demoFile: string } }).value.demoFile).toMatch(/demo[\\/]hospital-network\.txt$/);
    expect(await fx.engine.dispatch('dialog.openFile', {})).toEqual({ ok: true, value: { path: null } });
  });

  it('reports qa.ask as not_available until a pipeline is injected', async () => {
    expect(errorOf(await fx.engine.dispatch('qa.ask', { graph: 'g', question: 'who?' })).code).toBe('not_available');
  });

  it('never throws, even after close', async () => {
    const weird: unknown[] = [Symbol('s'), () => 1, new Map(), Number.NaN, { graph: { toString: () => 'g' } }];
    for (const request of weird) {
      const envelope = await fx.engine.dispatch('graph.stats', request);
      expect(envelope.ok).toBe(false);
    }
    await fx.engine.close();
    expect(errorOf(await fx.engine.dispatch('graph.list', {})).code).toBe('not_available');
  });
});

describe('engine dispatch with injected services', () => {
  it('passes the parsed qa.ask request to the injected ask and maps its errors', async () => {
    const seen: unknown[] = [];
    const result = { question: 'q', anonymizedQuestion: 'q', topics: [], answers: [], stagesMs: {}, payloads: [] } satisfies AskResult;
    const fx = makeEngineFixture({
      ask: async (request) => {
        seen.push(request);
        if (request.graph === 'gone') throw new UnknownGraphError('gone');
        return result;
      },
      openFile: async () => '/picked/file.tsv',
    });
    try {
      expect(await fx.engine.dispatch('qa.ask', { graph: 'g', question: 'who?' })).toEqual({ ok: true, value: result });
      expect(seen).toEqual([{ graph: 'g', question: 'who?' }]);
      expect(errorOf(await fx.engine.dispatch('qa.ask', { graph: 'gone', question: 'who?' })).code).toBe('unknown_graph');
      expect(await fx.engine.dispatch('dialog.openFile', {})).toEqual({ ok: true, value: { path: '/picked/file.tsv' } });
    } finally {
      await fx.dispose();
    }
  });

  it('turns unexpected handler failures into internal errors without a stack', async () => {
    const fx = makeEngineFixture({
      ask: async () => {
        throw new Error('boom');
      },
    });
    try {
      const envelope = await fx.engine.dispatch('qa.ask', { graph: 'g', question: 'q' });
      expect(envelope).toEqual({ ok: false, error: { code: 'internal', message: 'boom' } });
    } finally {
      await fx.dispose();
    }
  });
});
