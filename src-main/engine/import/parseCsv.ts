// CSV with a header row: the user names which columns hold head, relation and tail (and optional types).
import { createReadStream } from 'node:fs';
import { Transform } from 'node:stream';
import { parse, type CsvError } from 'csv-parse';
import type { CsvColumns, ImportIssue } from '../../common/graphTypes.js';
import { ImportError } from './importErrors.js';
import type { ParsedRecord, ParserInput } from './parsedRecord.js';
import { plainEntity } from './parseDelimited.js';

interface CsvRow {
  record: string[];
  info: { lines: number };
  raw: string;
}

function countingStream(counters: ParserInput['counters']): Transform {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      counters.bytes += chunk.length;
      done(null, chunk);
    },
  });
}

export async function* parseCsv(input: ParserInput & { columns: CsvColumns; lenient: boolean }): AsyncGenerator<ParsedRecord> {
  const { file, counters, signal, columns, lenient } = input;
  const skipped: ImportIssue[] = [];
  const source = createReadStream(file, { highWaterMark: 256 * 1024, signal });
  const parser = parse({
    delimiter: columns.delimiter ?? ',',
    bom: true,
    info: true,
    raw: true,
    skip_empty_lines: true,
    relax_column_count: false,
    // In lenient mode csv-parse drops malformed records and tells us; strict mode lets the error surface.
    skip_records_with_error: lenient,
    on_skip: (err: CsvError | undefined, raw: string | undefined) => {
      const line = Number((err as { lines?: number } | undefined)?.lines ?? 0);
      skipped.push({ file, line, reason: err?.message ?? 'malformed record', text: (raw ?? '').slice(0, 300) });
      return undefined;
    },
  });
  source.pipe(countingStream(counters)).pipe(parser);
  source.on('error', (e) => parser.destroy(e));

  let index: { head: number; relation: number; tail: number; headType: number; tailType: number } | undefined;
  try {
    for await (const row of parser as AsyncIterable<CsvRow>) {
      while (skipped.length) yield { kind: 'issue', issue: skipped.shift()! };
      const line = row.info.lines;
      counters.lines = line;
      const rec = row.record;
      if (!index) {
        const header = rec.map((h) => h.trim());
        const find = (col: string | undefined, role: string, required: boolean): number => {
          if (col === undefined) return -1;
          const i = header.indexOf(col);
          if (i < 0 && required)
            throw new ImportError(file, line, `no column "${col}" for the ${role} in the header (columns: ${header.join(', ')})`);
          if (i < 0) throw new ImportError(file, line, `no column "${col}" for the ${role} in the header`);
          return i;
        };
        index = {
          head: find(columns.head, 'head', true),
          relation: find(columns.relation, 'relation', true),
          tail: find(columns.tail, 'tail', true),
          headType: find(columns.headType, 'head type', false),
          tailType: find(columns.tailType, 'tail type', false),
        };
        continue;
      }
      const head = rec[index.head]?.trim() ?? '';
      const relation = rec[index.relation]?.trim() ?? '';
      const tail = rec[index.tail]?.trim() ?? '';
      if (!head || !relation || !tail) {
        const which = !head ? columns.head : !relation ? columns.relation : columns.tail;
        yield { kind: 'issue', issue: { file, line, reason: `empty value in column "${which}"`, text: row.raw.trim().slice(0, 300) } };
        continue;
      }
      const h = plainEntity(head);
      const t = plainEntity(tail);
      const ht = index.headType >= 0 ? rec[index.headType]?.trim() : undefined;
      const tt = index.tailType >= 0 ? rec[index.tailType]?.trim() : undefined;
      if (ht) h.type = ht;
      if (tt) t.type = tt;
      yield { kind: 'triple', line, head: h, relation, tail: t };
    }
    while (skipped.length) yield { kind: 'issue', issue: skipped.shift()! };
  } catch (err) {
    if (err instanceof ImportError || (err as Error).name === 'AbortError') throw err;
    const e = err as CsvError & { lines?: number };
    throw new ImportError(file, e.lines, e.message);
  } finally {
    source.destroy();
    parser.destroy();
  }
}
