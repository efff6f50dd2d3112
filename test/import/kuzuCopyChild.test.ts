// The database load of a big import runs in a child process: the same database as the load in this process, a
// cancel that stops the child at once, and Kuzu's refusal passed on.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeConsoleChild, type ConsoleChildLauncher } from '../../src-main/engine/graph/consoleChild.js';
import { KuzuGraphStore } from '../../src-main/engine/graph/kuzuGraphStore.js';
import { GraphBuilder, type BuiltGraph } from '../../src-main/engine/import/graphBuilder.js';
import { writeKuzuDatabase } from '../../src-main/engine/import/writeKuzuDatabase.js';
import { tempDir } from './helpers.js';

const dir = tempDir();
const ROOT = resolve(import.meta.dirname, '../..');

/** Pids whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .filter((e) => {
      try {
        const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Whether the process runs (a zombie, dead but not yet reaped, counts as gone). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}
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
    // Every triple read back as written, the quoted line break and the accent included.
    expect(here.triples).toEqual(
      [
        { head: 'Amélie', relation: 'has_tags', tail: 'line\nbreak "quoted"' },
        { head: 'Swing Time', relation: 'release_year', tail: '1936' },
        { head: 'Swing Time', relation: 'starred_actors', tail: 'Ginger Rogers' },
        { head: 'Top Hat', relation: 'directed_by', tail: 'Mark Sandrich' },
        { head: 'Top Hat', relation: 'starred_actors', tail: 'Ginger Rogers' },
      ].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    );
    expect(here.entities).toHaveLength(7);
    expect(here.keys).toEqual(['Amélie']);
    expect(child).toEqual(here);
    expect(readdirSync(dir.path).filter((f) => f.endsWith('.csv'))).toEqual([]);
  });

  it('writes a rels file of many megabytes whole (rows of multi-byte names, copied a chunk at a time)', async () => {
    const b = new GraphBuilder();
    const expected: string[] = [];
    for (let i = 0; i < 60_000; i++) {
      const head = `Ωfilm ${i} ${'é'.repeat(i % 7)}`;
      const tail = `person ${i % 997} 漢${'x'.repeat(i % 13)}`;
      b.triple({ id: head, name: head }, i % 2 ? 'starred_actors' : 'directed_by', { id: tail, name: tail });
      expected.push(`${head}|${i % 2 ? 'starred_actors' : 'directed_by'}|${tail}`);
    }
    const path = join(dir.path, 'many.kuzu');
    await writeKuzuDatabase(b.build(), path, dir.path, { child: 'never' });
    const store = await KuzuGraphStore.open('g', path);
    try {
      const got: string[] = [];
      for await (const batch of store.triples()) for (const t of batch) got.push(`${t.head}|${t.relation}|${t.tail}`);
      expect(got.sort()).toEqual(expected.sort());
    } finally {
      await store.close();
    }
  });

  it('does other work while the database loads, and the load finishes whatever that work throws', async () => {
    for (const child of ['never', 'always'] as const) {
      const order: string[] = [];
      const path = join(dir.path, `meanwhile-${child}.kuzu`);
      await writeKuzuDatabase(built(), path, dir.path, {
        child,
        whileLoading: async () => {
          order.push('meanwhile started');
          // Started once the CSV files are written, before the load is done with them.
          expect(readdirSync(dir.path).filter((f) => f.endsWith('.csv')).sort()).toEqual(['entities.csv', 'rels.csv']);
          await new Promise((r) => setTimeout(r, 20));
          order.push('meanwhile done');
        },
      });
      expect(order).toEqual(['meanwhile started', 'meanwhile done']);
      expect((await dump(path)).triples).toHaveLength(5);
      // A failure of the other work: thrown once the load has settled, its database whole, no CSV left behind.
      const failing = join(dir.path, `failing-${child}.kuzu`);
      await expect(writeKuzuDatabase(built(), failing, dir.path, { child, whileLoading: () => Promise.reject(new Error('name tables failed')) })).rejects.toThrow(
        'name tables failed',
      );
      expect((await dump(failing)).triples).toHaveLength(5);
      expect(readdirSync(dir.path).filter((f) => f.endsWith('.csv'))).toEqual([]);
    }
  });

  it('tells the other work to stop once the load has failed (or never starts it), and reports the load\'s error', async () => {
    let stopped = false;
    let started = false;
    const failing = join(dir.path, 'no-such-folder', 'deeper', 'x.kuzu');
    await expect(
      writeKuzuDatabase(built(), failing, dir.path, {
        child: 'never',
        whileLoading: (stop) => {
          started = true;
          return new Promise<void>((resolve) => {
            if (stop.aborted) return resolve();
            stop.addEventListener('abort', () => ((stopped = true), resolve()), { once: true });
          });
        },
      }),
    ).rejects.toThrow();
    // Either it never started (the load failed first) or it was told to stop.
    expect(!started || stopped).toBe(true);
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

  it.runIf(process.platform === 'linux')('stops on its own when the importing process dies mid-load', async () => {
    // An importing process that starts a long load and is then killed outright (no cancel, no clean-up).
    const entry = dir.file(
      'orphan.mts',
      [
        `import { copyInChild } from ${JSON.stringify(join(ROOT, 'src-main/engine/import/kuzuCopyChild.js'))};`,
        `copyInChild(${JSON.stringify(join(dir.path, 'orphan.kuzu'))}, 64 * 1024 * 1024, ['UNWIND range(1, 200000) AS x UNWIND range(1, 200000) AS y RETURN sum(x + y)']).catch(() => undefined);`,
        'setInterval(() => undefined, 1000);',
      ].join('\n'),
    );
    const importer = spawn(process.execPath, [join(ROOT, 'bin/run-ts.mjs'), entry], { stdio: 'ignore' });
    try {
      // Its child that runs the loader script (tsx has a child of its own, esbuild).
      const loaderOf = (): number | undefined =>
        childrenOf(importer.pid!).find((c) => {
          try {
            return readFileSync(`/proc/${c}/cmdline`, 'utf8').includes('--input-type=module');
          } catch {
            return false;
          }
        });
      await expect.poll(loaderOf, { timeout: 15_000, interval: 100 }).toBeDefined();
      const loader = loaderOf()!;
      // Let the loader get into its statement before its parent goes.
      await new Promise((r) => setTimeout(r, 1500));
      expect(alive(loader)).toBe(true);
      importer.kill('SIGKILL');
      await expect.poll(() => alive(loader), { timeout: 10_000, interval: 200 }).toBe(false);
    } finally {
      importer.kill('SIGKILL');
    }
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
