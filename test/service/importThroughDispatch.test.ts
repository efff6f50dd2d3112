import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Events } from '../../src-main/common/contract.js';
import type { GraphInfo, GraphStats, ImportResult, Neighborhood } from '../../src-main/common/graphTypes.js';
import { bigTriples, makeEngineFixture, SMALL_TRIPLES, type EngineFixture } from './engineFixture.js';

function value<T>(envelope: { ok: boolean; value?: unknown; error?: unknown }): T {
  expect(envelope, JSON.stringify(envelope)).toMatchObject({ ok: true });
  return envelope.value as T;
}

describe('graph.import through dispatch', () => {
  let fx: EngineFixture;
  beforeEach(() => {
    fx = makeEngineFixture();
  });
  afterEach(async () => {
    await fx.dispose();
  });

  it('imports, reports progress under the job id, announces the change, and serves the graph', async () => {
    const file = fx.write('small.txt', SMALL_TRIPLES);
    const result = value<ImportResult>(await fx.engine.dispatch('graph.import', { jobId: 'job-1', graph: 'hospitals', file }));
    expect(result).toMatchObject({ graph: 'hospitals', triplesTotal: 6 });

    const progress = fx.events.filter((e) => e.event === 'import.progress').map((e) => e.payload as Events['import.progress']);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((p) => p.jobId === 'job-1' && p.graph === 'hospitals')).toBe(true);
    expect(fx.events.filter((e) => e.event === 'graph.changed')).toEqual([{ event: 'graph.changed', payload: { graph: 'hospitals' } }]);

    const list = value<GraphInfo[]>(await fx.engine.dispatch('graph.list', {}));
    expect(list.map((g) => g.name)).toEqual(['hospitals']);
    expect(value<GraphStats>(await fx.engine.dispatch('graph.stats', { graph: 'hospitals' })).triples).toBe(6);
    const around = value<Neighborhood>(await fx.engine.dispatch('graph.neighbors', { graph: 'hospitals', entity: 'Mercy General' }));
    expect(around.groups.map((g) => g.relation).sort()).toEqual(['located_in', 'works_at']);
    const found = value<{ name: string }[]>(await fx.engine.dispatch('graph.search', { graph: 'hospitals', query: 'alice' }));
    expect(found.map((e) => e.name)).toContain('Dr. Alice Chen');
    const missing = await fx.engine.dispatch('graph.neighbors', { graph: 'hospitals', entity: 'Nobody' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'unknown_entity' } });
  });

  it('reports a bad file as import_failed with file, line and reason', async () => {
    const file = fx.write('bad.txt', 'a|r|b\nthis line has no separators\n');
    const envelope = await fx.engine.dispatch('graph.import', { jobId: 'bad', graph: 'broken', file });
    expect(envelope).toMatchObject({ ok: false, error: { code: 'import_failed', details: { file, line: 2 } } });
    expect((envelope as { error: { details: { reason: string } } }).error.details.reason).toBeTruthy();
  });

  it('refuses a second job with a running job id', async () => {
    const file = fx.write('big.txt', bigTriples(50_000));
    const first = fx.engine.dispatch('graph.import', { jobId: 'same', graph: 'one', file });
    const second = await fx.engine.dispatch('graph.import', { jobId: 'same', graph: 'two', file });
    expect(second).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    await fx.engine.dispatch('graph.cancelImport', { jobId: 'same' });
    await first;
  });

  it('cancels a running import: cancelled, and the previous graph is intact', async () => {
    value(await fx.engine.dispatch('graph.import', { jobId: 'first', graph: 'g', file: fx.write('small.txt', SMALL_TRIPLES) }));
    const before = value<GraphStats>(await fx.engine.dispatch('graph.stats', { graph: 'g' }));

    const big = fx.write('big.txt', bigTriples(400_000));
    let cancelReply: unknown;
    const off = fx.engine.on('import.progress', ({ jobId }) => {
      if (jobId !== 'replace' || cancelReply) return;
      cancelReply = fx.engine.dispatch('graph.cancelImport', { jobId: 'replace' });
    });
    const envelope = await fx.engine.dispatch('graph.import', { jobId: 'replace', graph: 'g', file: big, replace: true });
    off();
    expect(await cancelReply).toEqual({ ok: true, value: { cancelled: true } });
    expect(envelope).toMatchObject({ ok: false, error: { code: 'cancelled' } });

    expect(value<GraphStats>(await fx.engine.dispatch('graph.stats', { graph: 'g' }))).toEqual(before);
    // The job is gone: cancelling it again reports nothing to cancel.
    expect(await fx.engine.dispatch('graph.cancelImport', { jobId: 'replace' })).toEqual({ ok: true, value: { cancelled: false } });
  });

  it('cancels an import asked to stop before it read anything', async () => {
    const pending = fx.engine.dispatch('graph.import', { jobId: 'early', graph: 'never', file: fx.write('small.txt', SMALL_TRIPLES) });
    expect(await fx.engine.dispatch('graph.cancelImport', { jobId: 'early' })).toEqual({ ok: true, value: { cancelled: true } });
    expect(await pending).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(value<GraphInfo[]>(await fx.engine.dispatch('graph.list', {}))).toEqual([]);
  });

  // Where the temp folder is inside the home folder, no temp file is "outside" and there is nothing to refuse.
  it.skipIf(!relative(homedir(), tmpdir()).startsWith('..'))('imports a file outside the data and home folders only once the analyst picked it in the dialog', async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'ctrlg-picked-'));
    const file = join(elsewhere, 'picked.txt');
    writeFileSync(file, SMALL_TRIPLES);
    const picking = makeEngineFixture({ openFile: async () => file });
    try {
      const refused = await picking.engine.dispatch('graph.import', { jobId: 'p1', graph: 'picked', file });
      expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_request', details: { file, reason: 'path_not_allowed' } } });
      expect(await picking.engine.dispatch('dialog.openFile', { kind: 'triples' })).toEqual({ ok: true, value: { path: file } });
      expect(await picking.engine.dispatch('graph.import', { jobId: 'p2', graph: 'picked', file })).toMatchObject({ ok: true, value: { triplesTotal: 6 } });
    } finally {
      await picking.dispose();
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('deletes a graph and announces it', async () => {
    value(await fx.engine.dispatch('graph.import', { jobId: 'j', graph: 'gone-soon', file: fx.write('s.txt', SMALL_TRIPLES) }));
    fx.events.length = 0;
    expect(await fx.engine.dispatch('graph.delete', { graph: 'gone-soon' })).toEqual({ ok: true, value: { deleted: true } });
    expect(fx.events).toEqual([{ event: 'graph.changed', payload: { graph: 'gone-soon' } }]);
    expect(await fx.engine.dispatch('graph.stats', { graph: 'gone-soon' })).toMatchObject({ ok: false, error: { code: 'unknown_graph' } });
  });
});
