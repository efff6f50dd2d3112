// The importer's limits and the shapes of its errors: long lines read in linear pieces, lines and terms over the
// limit refused with their line (never their text), lone surrogates refused, Turtle errors with a column, CSV
// errors from their codes, parser messages that never quote the input, and stale work folders recovered.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildGraphDatabase, parseFile } from '../../src-main/engine/import/buildGraphDatabase.js';
import { GraphLibrary, isStaleWorkDir } from '../../src-main/engine/import/graphLibrary.js';
import { ImportCancelledError, ImportError } from '../../src-main/engine/import/importErrors.js';
import { resolveImportLimits } from '../../src-main/engine/import/importLimits.js';
import { parseCsv } from '../../src-main/engine/import/parseCsv.js';
import { parserReason } from '../../src-main/engine/import/parserReason.js';
import { parseTurtle } from '../../src-main/engine/import/parseTurtle.js';
import { readLineBatches } from '../../src-main/engine/import/readLines.js';
import { collect, counters, folderDigest, tempDir, triplesOf } from './helpers.js';

const dir = tempDir('ctrlg-harden-');
afterAll(() => dir.remove());

async function failure(p: Promise<unknown>): Promise<ImportError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ImportError);
  return err as ImportError;
}

async function allLines(file: string, maxLine?: number): Promise<string[]> {
  const out: string[] = [];
  for await (const batch of readLineBatches(file, counters(), undefined, maxLine)) for (const l of batch) out.push(`${l.line}:${l.text.length}`);
  return out;
}

describe('line reading', () => {
  it('reads a line spanning many chunks whole, and the lines around it', async () => {
    const file = dir.file('long.txt', `a\n${'x'.repeat(1_500_000)}\r\nb`);
    expect(await allLines(file)).toEqual(['1:1', '2:1500000', '3:1']);
  });

  it('stops at a line over the limit with its number and without its text', async () => {
    const file = dir.file('over.txt', `a|r|b\n${'y'.repeat(300_000)}\n`);
    const err = await failure(allLines(file, 100_000));
    expect(err.line).toBe(2);
    expect(err.reason).toBe('line longer than the limit of 97.7 K characters (raise the line limit to import it)');
    expect(err.message).not.toContain('yyy');
  });
});

describe('bytes that are not UTF-8', () => {
  const bad = (head: string, tail: string) => Buffer.concat([Buffer.from(head), Buffer.from([0xc3, 0x28]), Buffer.from(tail)]);

  it.each([
    ['bad.txt', 'tsv', bad('a|r|b\nc|r|d\ne|r|', '\n')],
    ['bad.nt', 'nt', bad('<http://x/a> <http://x/r> "b" .\n<http://x/a> <http://x/r> "b" .\n<http://x/a> <http://x/r> "', '" .\n')],
    ['bad.ttl', 'ttl', bad('@prefix ex: <http://x/> .\nex:a ex:r "b" .\n@prefix z: <http://x/', '> .\n')],
    ['bad.csv', 'csv', bad('head,relation,tail\na,r,b\nc,r,', '\n')],
  ] as const)('%s: refused with the line of the bad byte, in strict and lenient mode', async (name, format, bytes) => {
    const file = join(dir.path, name);
    writeFileSync(file, bytes);
    for (const lenient of [false, true]) {
      const err = await failure(collect(parseFile(format, { file, counters: counters() }, lenient)));
      expect([err.line, err.reason]).toEqual([3, 'bytes that are not valid UTF-8 (save the file as UTF-8)']);
    }
  });

  it('a character split by a read chunk boundary is read whole', async () => {
    const before = 'a|r|' + 'x'.repeat(256 * 1024 - 5);
    const file = dir.file('split.txt', `${before}é\nb|r|c\n`);
    expect(await allLines(file)).toEqual([`1:${before.length + 1}`, '2:5']);
  });
});

describe('terms the database could not store exactly', () => {
  const build = (name: string, text: string, lenient = false, limits = {}) =>
    buildGraphDatabase({
      file: dir.file(name, text),
      format: name.endsWith('.nt') ? 'nt' : 'tsv',
      lenient,
      limits,
      dbPath: join(dir.path, `${name}.kuzu`),
      workDir: dir.path,
    });

  it('refuses a lone surrogate with its line; lenient skips that line only', async () => {
    const text = '<http://x/a> <http://x/r> "ok" .\n<http://x/a> <http://x/r> "a\\uD800" .\n<http://x/a> <http://x/r> "a\\uD801" .\n';
    const err = await failure(build('surrogate.nt', text));
    expect(err.line).toBe(2);
    expect(err.reason).toMatch(/tail holds a lone UTF-16 surrogate/);
    const lenient = await build('surrogate-lenient.nt', text, true);
    expect(lenient.triplesRead).toBe(1);
    expect(lenient.skipped.map((s) => [s.line, s.text])).toEqual([
      [2, ''],
      [3, ''],
    ]);
  });

  it('refuses a term over the term limit by size, not by quoting it', async () => {
    const err = await failure(build('term.txt', `a|r|b\nc|r|${'z'.repeat(5000)}\n`, false, { maxTermChars: 1000 }));
    expect(err.line).toBe(2);
    expect(err.reason).toBe('tail of 4.9 K characters is over the term limit of 1000 characters');
  });
});

describe('database errors', () => {
  it('are typed and keep only the kind of Kuzu exception, never the value it quotes', async () => {
    const dbPath = dir.file('not-a-database.kuzu', 'secret value 1234, not a Kuzu file');
    const err = await failure(buildGraphDatabase({ file: dir.file('ok.txt', 'a|r|b\n'), format: 'tsv', dbPath, workDir: dir.path }));
    expect(err.reason).toMatch(/^the database could not load the graph \(Kuzu [a-z ]+\)$/);
    expect(err.message).not.toContain('secret');
    expect((err.cause as Error).message.length).toBeGreaterThan(0);
  });
});

describe('Turtle errors', () => {
  it('name the line and the column of the offending text, and never quote it', async () => {
    const file = dir.file('col.ttl', '@prefix ex: <http://x/> .\nex:a ex:b ex:c .\nex:d ex:e ex:f ~~~secret~~~ .\n');
    const err = await failure(collect(parseTurtle({ file, counters: counters() })));
    expect([err.line, err.column]).toEqual([3, 16]);
    expect(err.message).toMatch(/col\.ttl:3:16: Unexpected text \(\d+ characters\)/);
    expect(err.message).not.toContain('secret');
  });

  it('turn a bad @prefix IRI (n3 throws a TypeError after reporting it) into an ImportError on its line', async () => {
    const file = dir.file('prefix.ttl', 'ex:a ex:b ex:c .\n'.replace(/^/, '@prefix ex: <http://x/> .\n@prefix bad: <1http://y/> .\n'));
    const err = await failure(collect(parseTurtle({ file, counters: counters() })));
    expect(err.line).toBe(2);
    expect(err.reason).toBe('Invalid IRI (Turtle errors cannot be skipped)');
  });

  it('still parse across chunk boundaries with the right lines', async () => {
    const lines = ['@prefix ex: <http://x/> .'];
    for (let i = 0; i < 20_000; i++) lines.push(`ex:s${i} ex:r "${'v'.repeat(20)}${i}" .`);
    const recs = await collect(parseTurtle({ file: dir.file('many.ttl', lines.join('\n') + '\n'), counters: counters() }));
    expect(triplesOf(recs)).toHaveLength(20_000);
    const last = recs.at(-1)!;
    expect(last.kind === 'triple' && last.line).toBe(20_001);
  });
});

describe('CSV errors', () => {
  it('say what is wrong from csv-parse\'s code, and a missing column without the header\'s names', async () => {
    const columns = { head: 'h', relation: 'r', tail: 't' };
    const quote = await failure(collect(parseCsv({ file: dir.file('q.csv', 'h,r,t\na,"b,c\n'), counters: counters(), columns, lenient: false })));
    expect(quote.reason).toBe('a quoted field is never closed');
    const header = await failure(collect(parseCsv({ file: dir.file('hd.csv', 'root:x:0:0,bin\na,b\n'), counters: counters(), columns, lenient: false })));
    expect(header.reason).toBe('no column "h" for the head in the header (2 columns)');
    expect(header.message).not.toContain('root');
  });

  it('a strict import stops at the first bad row, though csv-parse fails on a later one', async () => {
    const columns = { head: 'h', relation: 'r', tail: 't' };
    const rows = ['h,r,t', 'a,b,c', 'a,b,', ...Array.from({ length: 3000 }, (_, i) => `head ${i} ${'x'.repeat(90)},rel,tail ${i}`), 'a,b,c,d'];
    const file = dir.file('order.csv', rows.join('\n') + '\n');
    const err = await failure(
      buildGraphDatabase({ file, format: 'csv', csv: columns, dbPath: join(dir.path, 'order-db'), workDir: dir.path }),
    );
    expect(err.message).toContain('order.csv:3:');
    expect(err.reason).toBe('empty value in column "t"');
  });
});

describe('parserReason', () => {
  it.each([
    ['Unexpected "<http://x/a b>" on line 2.', 'Unexpected text (14 characters)'],
    ['Unexpected ""a"b"c"" on line 9.', 'Unexpected text (7 characters)'],
    ['Expected entity but got @prefixroot:x:0:0 on line 1.', 'Expected entity but got an unknown @directive'],
    ['Expected entity but got @prefix on line 1.', 'Expected entity but got @prefix'],
    ['Undefined prefix "ex:" on line 4.', 'Undefined prefix text (3 characters)'],
    [`Unexpected ${'q'.repeat(40)} here`, 'Unexpected … here'],
  ])('%s → %s', (message, reason) => {
    expect(parserReason(message)).toBe(reason);
  });
});

describe('cancel', () => {
  it('is answered at once in the database load, which then ends in the background and cleans up', async () => {
    const data = join(dir.path, 'cancel');
    const library = new GraphLibrary(data);
    try {
      await library.importFile('g', dir.file('c-small.txt', 'a|r|b\n'));
      const before = folderDigest(join(library.graphsDir, 'g'));
      const lines: string[] = [];
      for (let i = 0; i < 20_000; i++) lines.push(`p${i}|r|h${i % 50}`);
      const abort = new AbortController();
      const pending = library.importFile('g', dir.file('c-big.txt', lines.join('\n')), {
        signal: abort.signal,
        onProgress: (p) => p.phase === 'load' && abort.abort(),
      });
      await expect(pending).rejects.toBeInstanceOf(ImportCancelledError);
      // Answered before the import's own clean-up could run: its work folder is still there.
      expect(readdirSync(library.graphsDir).filter((e) => e.startsWith('.import-'))).toHaveLength(1);
      await library.settled();
      expect(readdirSync(library.graphsDir).filter((e) => e.startsWith('.'))).toEqual([]);
      expect(folderDigest(join(library.graphsDir, 'g'))).toBe(before);
    } finally {
      await library.close();
    }
  });
});

describe('work folders of killed imports', () => {
  it('are stale when their process is gone (or they predate the pid in the name), not while it runs', () => {
    const alive = (pid: number) => pid === 4242;
    expect(isStaleWorkDir('.import-g-4242-0123abcd', alive)).toBe(false);
    expect(isStaleWorkDir('.import-g-17-0123abcd', alive)).toBe(true);
    expect(isStaleWorkDir('.import-my-graph-2-0123abcd', alive)).toBe(true);
    expect(isStaleWorkDir('.import-g-0123abcd', alive)).toBe(true);
    expect(isStaleWorkDir('.deleted-g-0123abcd', alive)).toBe(true);
    expect(isStaleWorkDir('.old-g-0123abcd', alive)).toBe(false);
    expect(isStaleWorkDir('g', alive)).toBe(false);
  });

  it('are removed when a library starts: a dead process\'s, and this process\'s own that no import here is using', async () => {
    const data = join(dir.path, 'recover');
    const graphs = join(data, 'graphs');
    // Our own pid but no running import: what a restarted container, reusing a killed import's pid, finds.
    for (const name of ['.import-g-2147483646-0123abcd', '.import-g-0123abcd', `.import-g-${process.pid}-0123abcd`, '.deleted-h-89abcdef'])
      mkdirSync(join(graphs, name, 'inner'), { recursive: true });
    const library = new GraphLibrary(data);
    expect(await library.list()).toEqual([]);
    await library.close();
    expect(readdirSync(graphs)).toEqual([]);
  });

  it("are kept while another library in this process is importing into them", async () => {
    const data = join(dir.path, 'recover-live');
    const first = new GraphLibrary(data);
    const lines: string[] = [];
    for (let i = 0; i < 50_000; i++) lines.push(`p${i}|r|h${i % 50}`);
    let seen: string[] = [];
    let second: Promise<unknown> | undefined;
    const running = first.importFile('g', dir.file('live.txt', lines.join('\n')), {
      onProgress: (p) => {
        // At the start of parsing: the whole parse and load are still ahead, against one readdir of the other.
        if (p.phase !== 'parse' || second) return;
        // Another face starting on the same data folder mid-import: its recovery must leave the work folder.
        const other = new GraphLibrary(data);
        second = other.list().then(async () => {
          seen = readdirSync(first.graphsDir).filter((e) => e.startsWith('.import-'));
          await other.close();
        });
      },
    });
    // Had the other library removed the live folder, this import would fail (its database and meta live there).
    expect(await running).toMatchObject({ triplesTotal: 50_000 });
    await second;
    await first.close();
    expect(seen).toHaveLength(1);
  });
});

it('limits default to 1 M characters a term and 4 M a line; a raised term limit raises the line limit', () => {
  expect(resolveImportLimits()).toEqual({ maxTermChars: 1 << 20, maxLineChars: 4 << 20 });
  expect(resolveImportLimits({ maxTermChars: 2 << 20 }).maxLineChars).toBe(3 * (2 << 20) + 1024);
  expect(() => resolveImportLimits({ maxTermChars: 0 })).toThrow(RangeError);
});
