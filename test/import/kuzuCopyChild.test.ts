// The database load of a big import runs in a child process: the same database as the load in this process, a
// cancel that stops the child at once, and Kuzu's refusal passed on.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeConsoleChild, type ConsoleChildLauncher } from '../../src-main/engine/graph/consoleChild.js';
import { KuzuGraphStore } from '../../src-main/engine/graph/kuzuGraphStore.js';
import { GraphBuilder, type BuiltGraph } from '../../src-main/engine/import/graphBuilder.js';
import { writeKuzuDatabase } from '../../src-main/engine/import/writeKuzuDatabase.js';
import { tempDir } from './helpers.js';

const dir = tempDir();
afterAll(() => dir.remove());

function built(): BuiltGraph {
  const b = new GraphBuilder();
  const e = (id: string) => ({ id, name: id });
  b.triple(e('Top Hat'), 'directed_by', e('Mark Sandrich'));
  b.triple(e('Top Hat'), 'starred_actors', e('Ginger Rogers'));
  b.triple(e('Swing Time'), 'starred_actors', e('Ginger Rogers'));
  b.triple(e('Swing Time'), 'release_year', { id: '1936', name: '1936', literal: 'date' });
  b.triple(e('Amélie'), 'has_tags', e('line\nbreak "quoted"'));
  return b.build();
}

async function dump(path: string): Promise<{ entities: unknown[]; triples: unknown[]; keys: unknown[] }> {
  const store = await KuzuGraphStore.open('g', path);
  try {
    const entities: unknown[] = [];
    for await (const batch of store.entities()) entities.push(...batch);
    const triples: unknown[] = [];
    for await (const batch of store.triples()) triples.push(...batch);
    const keys = (await store.findEntities('AMELIE')).map((x) => x.id);
    const sort = (a: unknown, b: unknown) => JSON.stringify(a).localeCompare(JSON.stringify(b));
    return { entities: entities.sort(sort), triples: triples.sort(sort), keys };
  } finally {
    await store.close();
  }
}

describe('the database load in a child process', () => {
  it('writes the same database as the load in this process, and removes its CSV files', async () => {
    const g = built();
    await writeKuzuDatabase(g, join(dir.path, 'here.kuzu'), dir.path, { child: 'never' });
    await writeKuzuDatabase(g, join(dir.path, 'child.kuzu'), dir.path, { child: 'always' });
    const [here, child] = [await dump(join(dir.path, 'here.kuzu')), await dump(join(dir.path, 'child.kuzu'))];
    expect(here.triples).toHaveLength(5);
    expect(here.entities).toHaveLength(7);
    expect(here.keys).toEqual(['Amélie']);
    expect(child).toEqual(here);
    expect(readdirSync(dir.path).filter((f) => f.endsWith('.csv'))).toEqual([]);
  });

  it('is killed when the import is cancelled, and the promise rejects at once', async () => {
    const abort = new AbortController();
    let killed = false;
    let closed = false;
    // The launcher aborts as soon as the child is started: the load must stop it, not wait for its answer.
    const launch: ConsoleChildLauncher = (script, env) => {
      const child = nodeConsoleChild(script, env);
      child.onClose(() => (closed = true));
      setImmediate(() => abort.abort());
      return { ...child, kill: () => ((killed = true), child.kill()) };
    };
    const started = Date.now();
    await expect(writeKuzuDatabase(built(), join(dir.path, 'cancelled.kuzu'), dir.path, { child: 'always', launch, signal: abort.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(killed).toBe(true);
    await expect.poll(() => closed, { timeout: 5000 }).toBe(true);
    expect(readdirSync(dir.path).filter((f) => f.endsWith('.csv'))).toEqual([]);
  });

  it("passes Kuzu's refusal on as an error", async () => {
    const notADatabase = dir.file('not-a-database.kuzu', 'not a Kuzu file');
    const err = await writeKuzuDatabase(built(), notADatabase, dir.path, { child: 'always' }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(err).toBeInstanceOf(Error);
    // Kuzu's own message, whose kind the import reports ("Runtime exception: Unable to open database…").
    expect(err!.message).toMatch(/^[A-Za-z ]+ exception: /);
  });
});
