import { afterAll, describe, expect, it } from 'vitest';
import { MOVIES, tempDir } from '../import/helpers.js';
import { runCliCaptured } from '../helpers/runCliCaptured.js';

const dir = tempDir();
afterAll(() => dir.remove());
const data = `${dir.path}/data`;

const ctrlg = (...argv: string[]) => runCliCaptured([...argv, '--data', data]);

describe('graph CLI commands', () => {
  it('imports, lists, shows stats and neighbours', async () => {
    const file = dir.file('movies.txt', MOVIES);
    const imp = await ctrlg('import', file, '--graph', 'movies');
    expect(imp.code).toBe(0);
    expect(imp.out).toMatch(/Imported 17 triples .* into "movies": 17 new\./);
    expect(imp.out).toMatch(/now has 17 entities and 17 triples/);

    const list = await ctrlg('graphs');
    expect(list.out).toMatch(/^movies\s+17\s+17\s/m);
    const listJson = JSON.parse((await ctrlg('graphs', '--json')).out);
    expect(listJson[0]).toMatchObject({ name: 'movies', triples: 17 });

    const stats = await ctrlg('stats', '--graph', 'movies');
    expect(stats.out).toMatch(/entities\s+17/);
    expect(stats.out).toMatch(/starred_actors\s+6/);
    const statsJson = JSON.parse((await ctrlg('stats', '--graph', 'movies', '--json')).out);
    expect(statsJson.literals).toEqual({ date: 5, number: 1, string: 0 });

    const nb = await ctrlg('neighbors', '--graph', 'movies', 'musical', '--cap', '1');
    expect(nb.code).toBe(0);
    expect(nb.out).toContain('<-[has_genre]- (4)');
    expect(nb.out).toContain('… 3 more');
    const nbJson = JSON.parse((await ctrlg('neighbors', '--graph', 'movies', 'AMELIE', '--json')).out);
    expect(nbJson.center.id).toBe('Amélie');
  });

  it('lists skipped lines in lenient mode and fails with file:line in strict mode', async () => {
    const file = dir.file('bad.txt', 'a|r|b\nbroken\n');
    const strict = await ctrlg('import', file, '--graph', 'bad');
    expect(strict.code).toBe(1);
    expect(strict.err).toMatch(/bad\.txt:2: expected 3 fields/);
    const lenient = await ctrlg('import', file, '--graph', 'bad', '--lenient');
    expect(lenient.code).toBe(0);
    expect(lenient.out).toMatch(/Skipped 1 bad line:\n {2}.*bad\.txt:2: expected 3 fields/);
  });

  it('imports CSV with named columns', async () => {
    const file = dir.file('t.csv', 'film,rel,who\nTop Hat,starred_actors,Ginger Rogers\n');
    const res = await ctrlg('import', file, '--graph', 'csvg', '--csv-head', 'film', '--csv-relation', 'rel', '--csv-tail', 'who', '--json');
    expect(res.code).toBe(0);
    expect(JSON.parse(res.out)).toMatchObject({ format: 'csv', triplesTotal: 1 });
    const partial = await ctrlg('import', file, '--graph', 'csvg', '--csv-head', 'film');
    expect(partial.code).toBe(2);
    expect(partial.err).toMatch(/go together/);
  });

  it('gives clear errors for unknown graphs and entities', async () => {
    const g = await ctrlg('stats', '--graph', 'nope');
    expect(g.code).toBe(1);
    expect(g.err).toMatch(/No graph named "nope"\. Known graphs: .*movies/);
    const e = await ctrlg('neighbors', '--graph', 'movies', 'Ginger Rodgers');
    expect(e.code).toBe(1);
    expect(e.err).toMatch(/no entity "Ginger Rodgers".*Close names: .*"Ginger Rogers"/);
    expect((await ctrlg('import', '--graph', 'x')).code).toBe(2);
    expect((await ctrlg('neighbors', '--graph', 'movies', 'Top Hat', '--cap', 'zero')).err).toMatch(/--cap must be a positive integer/);
  });
});
