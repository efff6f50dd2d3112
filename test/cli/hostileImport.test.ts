// `ctrlg import` on the hostile files of issue 12: a typed, line-numbered one-line error (never the token, never
// a stack), exit code 1, the existing graph untouched; the empty literal is stored as the empty string.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphLibrary } from '../../src-main/engine/import/graphLibrary.js';
import { runCliCaptured } from '../helpers/runCliCaptured.js';
import { tempDir } from '../import/helpers.js';
import { writeHostileFiles, type HostileFiles } from '../import/hostileFiles.js';

const dir = tempDir('ctrlg-hostile-cli-');
const data = `${dir.path}/data`;
const ctrlg = (...argv: string[]) => runCliCaptured([...argv, '--data', data]);
let files: HostileFiles;

beforeAll(async () => {
  files = writeHostileFiles(dir.path);
  expect((await ctrlg('import', dir.file('base.txt', 'a|r|b\n'), '--graph', 'g')).code).toBe(0);
});
afterAll(() => dir.remove());

async function expectGraphUnchanged(): Promise<void> {
  const graphs = JSON.parse((await ctrlg('graphs', '--json')).out) as { name: string; triples: number }[];
  expect(graphs.find((g) => g.name === 'g')).toMatchObject({ triples: 1 });
}

describe('ctrlg import with hostile Turtle', () => {
  it('a bad @prefix IRI: a typed error on line 1', async () => {
    const run = await ctrlg('import', files.badPrefix, '--graph', 'g');
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/^ctrlg import: .*bad-prefix\.ttl:1: Invalid IRI \(Turtle errors cannot be skipped\)\n$/m);
    await expectGraphUnchanged();
  });

  it('an invalid UTF-8 byte in a prefix IRI: a typed error on line 1', async () => {
    const run = await ctrlg('import', files.badUtf8Prefix, '--graph', 'g');
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/^ctrlg import: .*bad-utf8-prefix\.ttl:1: bytes that are not valid UTF-8 \(save the file as UTF-8\)\n$/m);
    await expectGraphUnchanged();
  });

  it('a 10 MB token: a typed error on line 2 that does not repeat the token', async () => {
    const run = await ctrlg('import', files.hugeToken, '--graph', 'g');
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/huge-token\.ttl:2: a term longer than the term limit of 1 M characters$/m);
    expect(run.err.length).toBeLessThan(500);
    await expectGraphUnchanged();
  });

  it('limits raised past what n3 can parse: still a typed error on line 2, never a stack overflow', async () => {
    const run = await ctrlg('import', files.hugeToken, '--graph', 'g', '--max-term', '20000000');
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/huge-token\.ttl:2: a term too large for the Turtle parser/);
    expect(run.err.length).toBeLessThan(500);
    await expectGraphUnchanged();
  }, 60_000);

  it('an empty literal is stored exactly: an entity whose name is the empty string', async () => {
    const run = await ctrlg('import', files.emptyLiteral, '--graph', 'empty');
    expect(run.code, run.err).toBe(0);
    const library = new GraphLibrary(data);
    try {
      const store = await library.open('empty');
      const entity = await store.getEntity('');
      expect(entity).toMatchObject({ id: '', name: '' });
      expect((await store.stats()).triples).toBe(3);
    } finally {
      await library.close();
    }
  });
});
