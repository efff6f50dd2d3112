import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImportProgress } from '../../src-main/common/graphTypes.js';
import { InvalidGraphNameError, UnknownGraphError } from '../../src-main/engine/graph/graphErrors.js';
import { GraphLibrary } from '../../src-main/engine/import/graphLibrary.js';
import { ImportCancelledError, ImportError } from '../../src-main/engine/import/importErrors.js';
import { MOVIES, tempDir, type TempDir } from '../import/helpers.js';

let dir: TempDir;
let library: GraphLibrary;
beforeEach(() => {
  dir = tempDir();
  library = new GraphLibrary(join(dir.path, 'data'));
});
afterEach(async () => {
  await library.close();
  dir.remove();
});

/** Hash of every file in the graph's folder: proof that a failed import left it byte-for-byte alone. */
function fingerprint(name: string): string {
  const folder = join(library.graphsDir, name);
  const h = createHash('sha256');
  for (const f of readdirSync(folder).sort()) h.update(f).update(readFileSync(join(folder, f)));
  return h.digest('hex');
}

async function allTriples(name: string): Promise<string[]> {
  const out: string[] = [];
  for await (const b of (await library.open(name)).triples()) for (const t of b) out.push(`${t.head}|${t.relation}|${t.tail}`);
  return out.sort();
}

const leftovers = () => readdirSync(library.graphsDir).filter((f) => f.startsWith('.'));

describe('GraphLibrary', () => {
  it('imports, lists with metadata, and re-imports idempotently', async () => {
    const file = dir.file('movies.txt', MOVIES);
    const first = await library.importFile('movies', file);
    expect(first).toMatchObject({ graph: 'movies', format: 'tsv', triplesRead: 17, triplesAdded: 17, triplesTotal: 17, entitiesTotal: 17, skipped: [] });
    const before = await allTriples('movies');
    const again = await library.importFile('movies', file);
    expect(again).toMatchObject({ triplesRead: 17, triplesAdded: 0, triplesTotal: 17, entitiesTotal: 17 });
    expect(await allTriples('movies')).toEqual(before);
    const [info] = await library.list();
    expect(info).toMatchObject({ name: 'movies', entities: 17, triples: 17 });
    expect(info.sources).toHaveLength(1);
    expect(info.sources[0]).toMatchObject({ file, format: 'tsv', triples: 17 });
    expect(info.sources[0].sha256).toBe(createHash('sha256').update(MOVIES).digest('hex'));
    expect(leftovers()).toEqual([]);
  });

  it('merges a second file (deduplicated) and replaces on request', async () => {
    await library.importFile('g', dir.file('a.txt', 'a|r|b\nb|r|c\n'));
    const merged = await library.importFile('g', dir.file('b.tsv', 'b\tr\tc\nc\ts\td\n'));
    expect(merged).toMatchObject({ triplesRead: 2, triplesAdded: 1, triplesTotal: 3, entitiesTotal: 4 });
    expect(await allTriples('g')).toEqual(['a|r|b', 'b|r|c', 'c|s|d']);
    expect((await library.list())[0].sources.map((s) => s.format)).toEqual(['tsv', 'tsv']);
    const replaced = await library.importFile('g', dir.file('c.txt', 'x|r|y\n'), { replace: true });
    expect(replaced).toMatchObject({ triplesTotal: 1, entitiesTotal: 2 });
    expect(await allTriples('g')).toEqual(['x|r|y']);
  });

  it('leaves the previous graph untouched when an import fails half-way', async () => {
    await library.importFile('movies', dir.file('movies.txt', MOVIES));
    const print = fingerprint('movies');
    const good = Array.from({ length: 300 }, (_, i) => `m${i}|r|n${i}`);
    good.splice(200, 0, 'broken line without separators');
    const err = await library.importFile('movies', dir.file('bad.txt', good.join('\n'))).catch((e) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect(err.message).toMatch(/bad\.txt:201: expected 3 fields separated by '\|', found 1/);
    expect(fingerprint('movies')).toBe(print);
    expect((await (await library.open('movies')).stats()).triples).toBe(17);
    expect(await allTriples('movies')).toContain('Top Hat|starred_actors|Ginger Rogers');
    expect(leftovers()).toEqual([]);
  });

  it('leaves the previous graph untouched when an import is cancelled', async () => {
    await library.importFile('movies', dir.file('movies.txt', MOVIES));
    const print = fingerprint('movies');
    const before = await allTriples('movies');
    const abort = new AbortController();
    const phases: ImportProgress['phase'][] = [];
    const err = await library
      .importFile('movies', dir.file('more.txt', 'a|r|b\nc|r|d\n'), {
        signal: abort.signal,
        onProgress: (p) => {
          phases.push(p.phase);
          if (p.phase === 'load') abort.abort(); // cancel after parsing, before the swap
        },
      })
      .catch((e) => e);
    expect(err).toBeInstanceOf(ImportCancelledError);
    expect(phases).toContain('load');
    expect(phases).not.toContain('swap');
    expect(fingerprint('movies')).toBe(print);
    expect(await allTriples('movies')).toEqual(before);
    // The cancel is answered at once; the step it interrupted ends in the background and removes its work folder.
    await library.settled();
    expect(leftovers()).toEqual([]);

    const already = new AbortController();
    already.abort();
    await expect(library.importFile('fresh', dir.file('x.txt', 'a|r|b\n'), { signal: already.signal })).rejects.toBeInstanceOf(ImportCancelledError);
    expect(await library.exists('fresh')).toBe(false);
  });

  it('skips and reports bad lines in lenient mode', async () => {
    const res = await library.importFile('g', dir.file('l.txt', 'a|r|b\nnope\nc|r|d\n|r|x\n'), { lenient: true });
    expect(res.triplesTotal).toBe(2);
    expect(res.skipped.map((s) => [s.line, s.reason])).toEqual([
      [2, "expected 3 fields separated by '|', found 1"],
      [4, 'empty head'],
    ]);
    await expect(library.importFile('h', dir.file('none.txt', 'nope\n'), { lenient: true })).rejects.toThrow(/no valid triples \(1 lines skipped\)/);
    await expect(library.importFile('h', dir.file('empty.txt', '\n# nothing\n'))).rejects.toThrow(/empty\.txt: no triples found/);
  });

  it('imports Turtle with labels that arrive after their triples, and types', async () => {
    const ttl = [
      '@prefix ex: <http://ex.org/> .',
      '@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .',
      'ex:TopHat a ex:Film ; ex:starring ex:p1 ; ex:year "1935"^^<http://www.w3.org/2001/XMLSchema#gYear> .',
      'ex:p1 rdfs:label "Ginger Rogers" .',
    ].join('\n');
    await library.importFile('rdf', dir.file('g.ttl', ttl));
    const store = await library.open('rdf');
    expect(await store.getEntity('http://ex.org/p1')).toMatchObject({ name: 'Ginger Rogers' });
    expect((await store.findEntities('ginger rogers')).map((e) => e.id)).toEqual(['http://ex.org/p1']);
    expect(await store.getEntity('http://ex.org/TopHat')).toMatchObject({ name: 'TopHat', type: 'Film' });
    expect(await store.getEntity('1935')).toMatchObject({ literal: 'date' });
    expect((await store.stats()).triples).toBe(2); // label and type are properties, not edges
    // A later N-Triples merge keeps the label.
    await library.importFile('rdf', dir.file('more.nt', '<http://ex.org/p1> <http://ex.org/bornIn> <http://ex.org/Independence> .\n'));
    expect(await (await library.open('rdf')).getEntity('http://ex.org/p1')).toMatchObject({ name: 'Ginger Rogers' });
  });

  it('imports CSV with chosen columns', async () => {
    const res = await library.importFile('c', dir.file('t.csv', 'film,rel,who\nTop Hat,starred_actors,Ginger Rogers\n'), {
      csv: { head: 'film', relation: 'rel', tail: 'who' },
    });
    expect(res).toMatchObject({ format: 'csv', triplesTotal: 1 });
  });

  it('rebuilds the cached MemoryGraph after an import and forgets deleted graphs', async () => {
    await library.importFile('g', dir.file('a.txt', 'a|r|b\n'));
    const m1 = await library.memoryGraph('g');
    expect(m1.tripleCount).toBe(1);
    expect(await library.memoryGraph('g')).toBe(m1);
    await library.importFile('g', dir.file('b.txt', 'b|r|c\n'));
    expect((await library.memoryGraph('g')).tripleCount).toBe(2);
    expect(await library.delete('g')).toBe(true);
    expect(await library.exists('g')).toBe(false);
    await expect(library.memoryGraph('g')).rejects.toBeInstanceOf(UnknownGraphError);
    expect(leftovers()).toEqual([]);
  });

  it('gives one cached graph per triples file content', async () => {
    const file = dir.file('kb.txt', MOVIES);
    const name = await library.graphForFile(file);
    expect(name).toMatch(/^kb-[0-9a-f]{12}$/);
    const print = fingerprint(name);
    expect(await library.graphForFile(file)).toBe(name);
    expect(fingerprint(name)).toBe(print); // reused, not re-imported
    const other = await library.graphForFile(dir.file('kb2.txt', 'a|r|b\n'));
    expect(other).not.toBe(name);
  });

  it('rejects bad names and unknown graphs clearly', async () => {
    await expect(library.open('nope')).rejects.toThrow(/No graph named "nope"\. No graphs have been imported yet\./);
    await library.importFile('g', dir.file('a.txt', 'a|r|b\n'));
    await expect(library.open('nope')).rejects.toThrow(/Known graphs: g\./);
    await expect(library.delete('nope')).rejects.toBeInstanceOf(UnknownGraphError);
    for (const bad of ['../etc', '.hidden', 'a/b', '']) expect(() => library.importFile(bad, 'x.txt')).toThrow(InvalidGraphNameError);
    await expect(library.importFile('g', join(dir.path, 'missing.txt'))).rejects.toThrow(/missing\.txt: cannot read the file \(ENOENT\)/);
  });
});
