// Seeded fuzzing of the four import formats. Every input either parses or fails with a typed ImportError that
// names a line; no input ends the process (an uncaughtException watcher counts stray throws); and a failed
// import into an existing graph leaves its folder byte-identical. Most inputs go through the parsers and the
// term check (fast); a sample goes through the whole import, Kuzu load included.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportFormat } from '../../src-main/common/graphTypes.js';
import { parseFile } from '../../src-main/engine/import/buildGraphDatabase.js';
import { GraphLibrary } from '../../src-main/engine/import/graphLibrary.js';
import { ImportCancelledError, ImportError } from '../../src-main/engine/import/importErrors.js';
import { IMPORT_FORMATS } from '../../src-main/engine/import/importFormat.js';
import { resolveImportLimits } from '../../src-main/engine/import/importLimits.js';
import { termProblem } from '../../src-main/engine/import/termCheck.js';
import { createPrng, type Prng } from '../../src-main/engine/random/prng.js';
import { counters, folderDigest, tempDir, type TempDir } from './helpers.js';

// Fixed, so a failure reproduces; CTRLG_FUZZ_SEED explores others by hand.
const SEED = Number(process.env.CTRLG_FUZZ_SEED ?? 20261202);
const PARSE_INPUTS = 4000;
const FULL_IMPORTS = 120;
// Small limits, so the limit paths are reached with small (fast) inputs.
const LIMITS = resolveImportLimits({ maxTermChars: 2048, maxLineChars: 8192 });

const VALID: Record<ImportFormat, string> = {
  tsv: 'Mercy General|located_in|Springfield\nDr. Alice|works_at|Mercy General\nDr. Alice|born|1971\n',
  csv: 'head,relation,tail\nMercy General,located_in,Springfield\n"Dr. ""Al"" Chen",works_at,Mercy General\n',
  nt: '<http://x/a> <http://x/r> <http://x/b> .\n<http://x/a> <http://www.w3.org/2000/01/rdf-schema#label> "A \\u00e9" .\n_:b1 <http://x/r> "1971"^^<http://www.w3.org/2001/XMLSchema#gYear> .\n',
  ttl: '@prefix ex: <http://x/> .\n@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\nex:a ex:r ex:b ; rdfs:label "A" .\nex:b ex:r "x"@en, """long\nstring""" .\n[] ex:r ex:a .\n',
};

/** Fragments that have broken parsers before: bad IRIs, escapes, surrogates, quotes, directives, NUL, bad UTF-8. */
const NASTY = [
  '@prefix ex: <1http://x/> .\n',
  '@prefix ex: <http://x/\u00ff> .\n',
  '@base <:> .\n',
  '<1http://x/a>',
  '"a\\uD800"',
  '"a\\uDC01"',
  '""',
  '"\\u0000"',
  '"""',
  '\\',
  '"',
  "'",
  '<',
  '>',
  '|',
  '\t',
  ',',
  '\r\n',
  '\n',
  ' .',
  ';',
  '[',
  ']',
  '(',
  ')',
  '^^',
  '@en',
  '_:',
  'ex:',
  ':',
  '#',
  '%zz',
  '\u0000',
  '\ufeff',
  '__ctrlg_null_7f3a__',
];
const RAW_BYTES = [0xff, 0xfe, 0xc3, 0x80, 0xed, 0xa0, 0x80, 0xf4, 0x90];

function mutate(rng: Prng, base: string): Buffer {
  let text = base;
  const edits = 1 + rng.int(4);
  for (let e = 0; e < edits; e++) {
    const at = rng.int(text.length + 1);
    switch (rng.int(6)) {
      case 0:
        text = text.slice(0, at) + NASTY[rng.int(NASTY.length)] + text.slice(at);
        break;
      case 1:
        text = text.slice(0, at) + text.slice(at + 1 + rng.int(8));
        break;
      case 2: {
        // A long token: over the term limit about half of the time.
        const len = rng.int(2 * LIMITS.maxTermChars);
        text = text.slice(0, at) + 'x'.repeat(len) + text.slice(at);
        break;
      }
      case 3:
        text = text.slice(0, at) + String.fromCharCode(rng.int(0x3000)) + text.slice(at);
        break;
      case 4: {
        const from = rng.int(text.length + 1);
        text = text.slice(0, at) + text.slice(from, from + rng.int(40)) + text.slice(at);
        break;
      }
      case 5:
        text = text.slice(0, at) + NASTY[rng.int(NASTY.length)] + NASTY[rng.int(NASTY.length)] + text.slice(at);
        break;
    }
  }
  const bytes = Buffer.from(text, 'utf8');
  if (rng.int(5) > 0) return bytes;
  // One raw byte that is not valid UTF-8 on its own.
  const at = rng.int(bytes.length + 1);
  return Buffer.concat([bytes.subarray(0, at), Buffer.from([RAW_BYTES[rng.int(RAW_BYTES.length)]]), bytes.subarray(at)]);
}

/** A failure the user can act on: typed, and naming a line (or the whole file: nothing to import at all). */
function expectTypedFailure(err: unknown, file: string): void {
  if (err instanceof ImportCancelledError) throw new Error('no import here was cancelled');
  expect(err, String((err as Error)?.stack ?? err)).toBeInstanceOf(ImportError);
  const e = err as ImportError;
  expect(e.file).toBe(file);
  if (e.line === undefined) expect(e.reason).toMatch(/no triples found|no valid triples/);
  else expect(e.line).toBeGreaterThanOrEqual(1);
  // Never the input's text: the longest run of the fuzzer's filler stays out of the message.
  expect(e.message).not.toContain('x'.repeat(64));
  expect(e.message.length).toBeLessThan(1000);
}

describe('import fuzzing (seeded)', () => {
  let dir: TempDir;
  const stray: unknown[] = [];
  const onStray = (err: unknown): void => {
    stray.push(err);
  };
  beforeAll(() => {
    dir = tempDir('ctrlg-fuzz-');
    process.on('uncaughtException', onStray);
    process.on('unhandledRejection', onStray);
  });
  afterAll(() => {
    process.off('uncaughtException', onStray);
    process.off('unhandledRejection', onStray);
    dir.remove();
  });

  it(`parses ${PARSE_INPUTS} mutated inputs: each one records or a typed, line-numbered error`, async () => {
    const rng = createPrng(SEED);
    const outcomes = { parsed: 0, failed: 0, issues: 0, refusedTerms: 0 };
    for (let i = 0; i < PARSE_INPUTS; i++) {
      const format = IMPORT_FORMATS[i % IMPORT_FORMATS.length];
      const lenient = rng.int(2) === 0;
      const file = join(dir.path, `p${i}.${format}`);
      writeFileSync(file, mutate(rng, VALID[format]));
      try {
        for await (const batch of parseFile(format, { file, counters: counters(), limits: LIMITS }, lenient))
          for (const rec of batch) {
            if (rec.kind === 'issue') {
              outcomes.issues++;
              expect(rec.issue.line).toBeGreaterThanOrEqual(1);
              expect(rec.issue.reason).not.toContain('x'.repeat(64));
            } else if (termProblem(rec, LIMITS)) outcomes.refusedTerms++;
          }
        outcomes.parsed++;
      } catch (err) {
        outcomes.failed++;
        expectTypedFailure(err, file);
      }
    }
    expect(stray).toEqual([]);
    // The mutations reach every path: clean parses, hard errors, skipped lines and refused terms.
    expect(outcomes.parsed).toBeGreaterThan(PARSE_INPUTS / 10);
    expect(outcomes.failed).toBeGreaterThan(PARSE_INPUTS / 10);
    expect(outcomes.issues).toBeGreaterThan(0);
    expect(outcomes.refusedTerms).toBeGreaterThan(0);
  }, 120_000);

  it(`imports ${FULL_IMPORTS} mutated files into an existing graph: a failure leaves it byte-identical`, async () => {
    const rng = createPrng(SEED + 1);
    const library = new GraphLibrary(join(dir.path, 'data'));
    await library.importFile('base', dir.file('base.txt', VALID.tsv));
    const graphDir = join(library.graphsDir, 'base');
    let failed = 0;
    let imported = 0;
    try {
      for (let i = 0; i < FULL_IMPORTS; i++) {
        const format = IMPORT_FORMATS[i % IMPORT_FORMATS.length];
        const file = join(dir.path, `f${i}.${format}`);
        writeFileSync(file, mutate(rng, VALID[format]));
        const before = folderDigest(graphDir);
        try {
          await library.importFile('base', file, { limits: LIMITS, lenient: rng.int(2) === 0 });
          imported++;
        } catch (err) {
          failed++;
          expectTypedFailure(err, file);
          expect(folderDigest(graphDir)).toBe(before);
        }
        expect(readdirSync(library.graphsDir).filter((e) => e.startsWith('.'))).toEqual([]);
      }
    } finally {
      await library.close();
    }
    expect(stray).toEqual([]);
    expect(failed).toBeGreaterThan(0);
    expect(imported).toBeGreaterThan(0);
  }, 120_000);
});
