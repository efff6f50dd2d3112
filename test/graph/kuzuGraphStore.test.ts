import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphLibrary } from '../../src-main/engine/import/graphLibrary.js';
import type { GraphStore } from '../../src-main/engine/graph/graphStore.js';
import { UnknownEntityError } from '../../src-main/engine/graph/graphStore.js';
import { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { MOVIES, tempDir } from '../import/helpers.js';

const dir = tempDir();
let library: GraphLibrary;
let store: GraphStore;

beforeAll(async () => {
  library = new GraphLibrary(dir.path);
  await library.importFile('movies', dir.file('movies.txt', MOVIES));
  store = await library.open('movies');
});
afterAll(async () => {
  await library.close();
  dir.remove();
});

describe('KuzuGraphStore', () => {
  it('looks entities up by id, exact name, normalised name (case, diacritics, underscores) and substring', async () => {
    expect(await store.getEntity('Top Hat')).toEqual({ id: 'Top Hat', name: 'Top Hat', degree: 5 });
    expect(await store.getEntity('top hat')).toBeUndefined();
    expect((await store.findEntities('Top Hat', { mode: 'exact' })).map((e) => e.id)).toEqual(['Top Hat']);
    expect(await store.findEntities('top hat', { mode: 'exact' })).toEqual([]);
    expect((await store.findEntities('AMELIE')).map((e) => e.id)).toEqual(['Amélie']);
    expect((await store.findEntities('le mans')).map((e) => e.id)).toEqual(['Le_Mans']);
    expect((await store.findEntities('  Ginger   ROGERS ')).map((e) => e.id)).toEqual(['Ginger Rogers']);
    expect((await store.findEntities('time', { mode: 'contains' })).map((e) => e.id)).toEqual(['Swing Time']);
    // Substring hits come best-connected first.
    expect((await store.findEntities('a', { mode: 'contains', limit: 2 })).map((e) => e.id)).toEqual(['Top Hat', 'Musical']);
  });

  it('flags literals, but not a film whose title looks like a year', async () => {
    expect((await store.getEntity('1935'))?.literal).toBe('date');
    expect((await store.getEntity('7.5'))?.literal).toBe('number');
    expect((await store.getEntity('1984'))?.literal).toBeUndefined();
    expect((await store.getEntity('Ginger Rogers'))?.literal).toBeUndefined();
  });

  it('groups neighbours by relation and direction, capping each group and reporting its total', async () => {
    const hood = await store.neighbors('Musical', { capPerRelation: 2 });
    expect(hood.center.id).toBe('Musical');
    expect(hood.groups).toHaveLength(1);
    const [g] = hood.groups;
    expect(g).toMatchObject({ relation: 'has_genre', direction: 'in', total: 4 });
    expect(g.shown.map((e) => e.id)).toEqual(['Top Hat', 'Swing Time']); // highest degree first

    const top = await store.neighbors('Top Hat');
    expect(top.groups.map((x) => [x.relation, x.direction, x.total])).toEqual([
      ['directed_by', 'out', 1],
      ['has_genre', 'out', 1],
      ['release_year', 'out', 1],
      ['starred_actors', 'out', 2],
    ]);
    expect((await store.neighbors('Top Hat', { direction: 'in' })).groups).toEqual([]);
    await expect(store.neighbors('Nobody')).rejects.toBeInstanceOf(UnknownEntityError);
  });

  it('expands k hops with caps, recording what was cut', async () => {
    const one = await store.expand(['Ginger Rogers'], 1);
    expect(one.entities.map((e) => e.id).sort()).toEqual(['Carefree', 'Ginger Rogers', 'Swing Time', 'Top Hat']);
    expect(one.triples).toHaveLength(3);
    expect(one.distance).toEqual({ 'Ginger Rogers': 0, 'Top Hat': 1, 'Swing Time': 1, Carefree: 1 });

    const capped = await store.expand(['Ginger Rogers'], 2, { capPerRelation: 1 });
    expect(capped.cut).toContainEqual({ entity: 'Ginger Rogers', relation: 'starred_actors', direction: 'in', total: 3, kept: 1 });
    expect(capped.entities.length).toBeLessThan((await store.expand(['Ginger Rogers'], 2)).entities.length);

    const bounded = await store.expand(['Musical'], 2, { maxEntities: 3 });
    expect(bounded.entities).toHaveLength(3);
    await expect(store.expand(['Nobody'], 1)).rejects.toBeInstanceOf(UnknownEntityError);
  });

  it('finds bounded simple paths between entity sets, matching the in-memory graph', async () => {
    const paths = await store.paths(['Ginger Rogers'], ['Fred Astaire'], 2);
    expect(paths.map((p) => p.entities[1]).sort()).toEqual(['Swing Time', 'Top Hat']);
    expect(paths[0].edges).toEqual([
      { relation: 'starred_actors', direction: 'in' },
      { relation: 'starred_actors', direction: 'out' },
    ]);
    expect(await store.paths(['Ginger Rogers'], ['Audrey Tautou'], 3)).toEqual([]);
    const memory = await library.memoryGraph('movies');
    for (const L of [1, 2, 3, 4]) {
      const key = (ps: { entities: string[] }[]) => ps.map((p) => p.entities.join(' > ')).sort();
      expect(key(await store.paths(['Ginger Rogers'], ['1935', 'Le_Mans'], L)), `L=${L}`).toEqual(
        key(await memory.paths(['Ginger Rogers'], ['1935', 'Le_Mans'], L)),
      );
    }
    expect(await store.paths(['Ginger Rogers'], ['Le_Mans'], 4, { limit: 1 })).toHaveLength(1);
  });

  it('reports stats', async () => {
    const s = await store.stats();
    expect(s).toMatchObject({ name: 'movies', entities: 17, triples: 17 });
    expect(s.relations.slice(0, 2)).toEqual([{ label: 'starred_actors', count: 6 }, { label: 'release_year', count: 5 }]);
    expect(s.relations.map((r) => r.label).sort()).toEqual(['directed_by', 'has_genre', 'has_imdb_rating', 'release_year', 'starred_actors']);
    expect(s.literals).toEqual({ date: 5, number: 1, string: 0 });
    expect(s.degree.max).toBe(5);
    expect(s.degree.histogram.reduce((a, h) => a + h.count, 0)).toBe(17);
  });

  it('streams every entity and triple in batches, and loads into a MemoryGraph', async () => {
    const sizes: number[] = [];
    let triples = 0;
    for await (const b of store.triples(5)) {
      sizes.push(b.length);
      triples += b.length;
    }
    expect(triples).toBe(17);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(5);
    const ids: string[] = [];
    for await (const b of store.entities(4)) ids.push(...b.map((e) => e.id));
    expect(new Set(ids).size).toBe(17);
    const mg = await MemoryGraph.fromStore(store);
    expect((await mg.stats()).triples).toBe(17);
  });
});
