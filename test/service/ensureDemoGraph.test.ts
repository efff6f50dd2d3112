import { describe, expect, it } from 'vitest';
import type { Events } from '../../src-main/common/contract.js';
import type { GraphInfo } from '../../src-main/common/graphTypes.js';
import { makeEngineFixture, SMALL_TRIPLES } from './engineFixture.js';

async function graphNames(dispatch: (c: string, r: unknown) => Promise<unknown>): Promise<string[]> {
  const envelope = (await dispatch('graph.list', {})) as { value: GraphInfo[] };
  return envelope.value.map((g) => g.name);
}

describe('ensureDemoGraph', () => {
  it('imports the demo into an empty data dir once, with progress, however often it is called', async () => {
    const fx = makeEngineFixture({ demo: SMALL_TRIPLES });
    try {
      await Promise.all([fx.engine.ensureDemoGraph(), fx.engine.ensureDemoGraph()]);
      await fx.engine.ensureDemoGraph();
      expect(await graphNames(fx.engine.dispatch)).toEqual(['demo-hospital']);
      const progress = fx.events.filter((e) => e.event === 'import.progress').map((e) => e.payload as Events['import.progress']);
      expect(progress.length).toBeGreaterThan(0);
      expect(progress.every((p) => p.jobId === 'demo-import' && p.graph === 'demo-hospital')).toBe(true);
      expect(fx.events.filter((e) => e.event === 'graph.changed')).toHaveLength(1);
    } finally {
      await fx.dispose();
    }
  });

  it('leaves a data dir that already holds graphs alone', async () => {
    const fx = makeEngineFixture({ demo: SMALL_TRIPLES });
    try {
      const file = fx.write('mine.txt', 'a|knows|b\n');
      expect(await fx.engine.dispatch('graph.import', { jobId: 'j', graph: 'mine', file })).toMatchObject({ ok: true });
      await fx.engine.ensureDemoGraph();
      expect(await graphNames(fx.engine.dispatch)).toEqual(['mine']);
    } finally {
      await fx.dispose();
    }
  });

  it('does nothing when the bundle has no demo file', async () => {
    const fx = makeEngineFixture();
    try {
      await fx.engine.ensureDemoGraph();
      expect(await graphNames(fx.engine.dispatch)).toEqual([]);
    } finally {
      await fx.dispose();
    }
  });
});

describe('createEngine with a shared library', () => {
  it('serves and closes the library it was given', async () => {
    const { GraphLibrary } = await import('../../src-main/engine/import/graphLibrary.js');
    const { createEngine } = await import('../../src-main/engine/app/createEngine.js');
    const fx = makeEngineFixture({ demo: SMALL_TRIPLES });
    const library = new GraphLibrary(fx.dataDir);
    let closed = 0;
    const close = library.close.bind(library);
    library.close = async () => {
      closed++;
      await close();
    };
    const engine = createEngine({ dataDir: fx.dataDir, resourcesDir: fx.resourcesDir, version: '1', transport: 'host', library });
    try {
      await engine.ensureDemoGraph();
      expect((await library.list()).map((g) => g.name)).toEqual(['demo-hospital']);
      expect(await graphNames(engine.dispatch)).toEqual(['demo-hospital']);
    } finally {
      await engine.close();
      await fx.dispose();
    }
    expect(closed).toBe(1);
  });
});
