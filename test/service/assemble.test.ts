// assemble(): one object graph from one options object, as the shell, the host, the CLI and the benchmarks build it.
// Its parts are shared (one library, one word-vector load for questions and training alike, the Hand's runtime as
// the local Brain's generator), the options choose what differs, and close() closes every part once.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assemble } from '../../src-main/engine/app/assemble.js';
import { inMemoryGraphs } from '../../src-main/engine/app/askService.js';
import { MemoryService } from '../../src-main/engine/app/memoryService.js';
import { loadGloveDrm } from '../../src-main/engine/drm/gloveDrm.js';
import { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';

const root = mkdtempSync(join(tmpdir(), 'ctrlg-assemble-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const TRIPLES = ['Moonfall|written_by|Ilse Varga', 'Tidewater|written_by|Ilse Varga', 'Ashen Road|written_by|Tomas Bry', 'Ilse Varga|born_in|Kelmar', 'Tomas Bry|born_in|Ostra'];

describe('assemble', () => {
  it('shares one word-vector load between questions and selector training, and answers through its ask service', async () => {
    let loads = 0;
    const dataDir = join(root, 'shared');
    const parts = assemble({ dataDir, memory: null, loadDrm: () => (loads++, loadGloveDrm()) });
    try {
      const kb = join(root, 'shared.txt');
      writeFileSync(kb, TRIPLES.join('\n'));
      await parts.library.importFile('books', kb);
      const run = await parts.asks!.run({ graph: 'books', question: 'who wrote Moonfall' });
      expect(run.result.answers[0]?.name).toBe('Ilse Varga');
      expect(run.selector).toEqual({ kind: 'path' });
      expect(run.hand.name).toBe('algorithmic');
      // No Brain is configured in a fresh data dir: nothing to account for.
      expect(run.brain).toBeUndefined();
      const trained = await parts.grasp.trainNow('books', { epochs: 1, examplesPerEpoch: 16 });
      expect(trained.version).toBe(1);
      // A newly stored version is what the next 'grasp' question uses.
      expect(await parts.asks!.prepare('books', 'grasp')).toMatchObject({ kind: 'grasp', version: 1, matchesGraph: true });
      expect(loads).toBe(1);
      // The app's qa.ask is the same service, with the answer's Hand and selector attached.
      const answered = await parts.ask!({ graph: 'books', question: 'who wrote Moonfall' });
      expect(answered).toMatchObject({ hand: { name: 'algorithmic' }, selector: { kind: 'path' } });
    } finally {
      await parts.close();
    }
  }, 120_000);

  it('takes its parts from the options: memory folder or none, an injected or no qa.ask, graphs held in memory', async () => {
    const none = assemble({ dataDir: join(root, 'a'), memory: null, ask: false });
    expect(none.memory).toBeUndefined();
    expect(none.asks).toBeUndefined();
    expect(none.ask).toBeUndefined();
    await none.close();

    const stub = async () => {
      throw new Error('stub');
    };
    const injected = assemble({ dataDir: join(root, 'b'), memory: { dir: join(root, 'elsewhere') }, ask: stub });
    expect(injected.ask).toBe(stub);
    expect(injected.asks).toBeUndefined();
    expect(injected.memory).toBeInstanceOf(MemoryService);
    expect(injected.memory!.dir).toBe(join(root, 'elsewhere'));
    await injected.close();
    // close() runs once, however often it is called.
    await injected.close();

    const graph = MemoryGraph.fromTriples(
      'held',
      [...new Set(TRIPLES.flatMap((t) => [t.split('|')[0], t.split('|')[2]]))].map((n) => ({ id: n, name: n })),
      TRIPLES.map((t) => {
        const [head, relation, tail] = t.split('|');
        return { head, relation, tail };
      }),
    );
    const dataDir = join(root, 'c');
    const held = assemble({ dataDir, graphs: inMemoryGraphs(dataDir, graph), memory: null });
    try {
      const { result } = await held.asks!.run({ graph: 'held', question: 'where was the writer of Ashen Road born' });
      expect(result.answers[0]?.name).toBe('Ostra');
      await expect(held.asks!.run({ graph: 'other', question: 'who wrote Moonfall' })).rejects.toThrow(/No graph named "other"/);
      // The library over the data dir is still there for the engine's other channels, and empty.
      expect(await held.library.list()).toEqual([]);
    } finally {
      await held.close();
    }
  }, 120_000);
});
