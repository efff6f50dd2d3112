// CSV with a header row: the user names which columns hold head, relation and tail (and optional types).
import { createReadStream } from 'node:fs';
import { Transform } from 'node:stream';
import { parse, type CsvError } from 'csv-parse';
import type { CsvColumns, ImportIssue } from '../../common/graphTypes.js';
import { ImportError } from './importErrors.js';
import { DEFAULT_IMPORT_LIMITS, describeSize } from './importLimits.js';
import { Utf8Input } from './utf8Input.js';
import type { ParserInput, RecordBatch } from './parsedRecord.js';
import { plainEntity } from './parseDelimited.js';

interface CsvRow {
  record: string[];
  info: { lines: number };
  raw: string;
}

/** csv-parse's messages quote the record ("value is …"): the reason comes from its code instead. */
function csvReason(err: CsvError | undefined, maxLineChars: number): string {
  switch (err?.code) {
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH':
    case 'CSV_RECORD_INCONSISTENT_COLUMNS':
      return 'a different number of fields than the header';
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return 'text after a closing quote (a quote inside a field must be doubled: "")';
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted field is never closed';
    case 'CSV_MAX_RECORD_SIZE':
      return `record longer than the limit of ${describeSize(maxLineChars)}`;
    case 'CSV_INVALID_OPTION_DELIMITER':
    case 'CSV_INVALID_ARGUMENT':
      return 'invalid CSV delimiter';
    default:
      return `malformed CSV record${err?.code ? ` (${err.code})` : ''}`;
  }
}

/** Counts bytes and checks they are UTF-8 (csv-parse would turn a bad byte into U+FFFD without a word). */
function countingStream(file: string, counters: ParserInput['counters']): Transform {
  const utf8 = new Utf8Input(file);
  let lines = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      counters.bytes += chunk.length;
      try {
        utf8.decode(chunk, lines);
      } catch (err) {
        done(err as Error);
        return;
      }
      for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
      done(null, chunk);
    },
    flush(done) {
      try {
        utf8.end(lines);
        done();
      } catch (err) {
        done(err as Error);
      }
    },
  });
}

const CSV_BATCH = 4096;
const CSV_BATCH_CHARS = 256 * 1024;

export async function* parseCsv(input: ParserInput & { columns: CsvColumns; lenient: boolean }): AsyncGenerator<RecordBatch> {
  const { file, counters, signal, columns, lenient } = input;
  const limits = input.limits ?? DEFAULT_IMPORT_LIMITS;
  const skipped: ImportIssue[] = [];
  const source = createReadStream(file, { highWaterMark: 256 * 1024, signal });
  const parser = parse({
    delimiter: columns.delimiter ?? ',',
    bom: true,
    info: true,
    raw: true,
    skip_empty_lines: true,
    relax_column_count: false,
    // Bounds what csv-parse buffers for one record (a quote never closed would otherwise read the whole file).
    max_record_size: limits.maxLineChars,
    // In lenient mode csv-parse drops malformed records and tells us; strict mode lets the error surface.
    skip_records_with_error: lenient,
    on_skip: (err: CsvError | undefined, raw: string | undefined) => {
      const line = Number((err as { lines?: number } | undefined)?.lines ?? 0);
      skipped.push({ file, line, reason: csvReason(err, limits.maxLineChars), text: (raw ?? '').slice(0, 300) });
      return undefined;
    },
  });
  const counting = countingStream(file, counters);
  source.pipe(counting).pipe(parser);
  source.on('error', (e) => parser.destroy(e));
  counting.on('error', (e) => parser.destroy(e));

  let index: { head: number; relation: number; tail: number; headType: number; tailType: number } | undefined;
  // Rows come one at a time from csv-parse; they are handed on in batches, as the other parsers do, bounded by rows
  // and by characters (a line may hold megabytes), and at once after a bad row, so that a strict import stops at
  // the first bad line even when csv-parse would fail on a later one.
  let out: RecordBatch = [];
  let held = 0;
  try {
    for await (const row of parser as AsyncIterable<CsvRow>) {
      if (out.length >= CSV_BATCH || held >= CSV_BATCH_CHARS) {
        yield out.splice(0);
        held = 0;
      }
      held += row.raw.length;
      while (skipped.length) out.push({ kind: 'issue', issue: skipped.shift()! });
      const line = row.info.lines;
      counters.lines = line;
      const rec = row.record;
      if (!index) {
        const header = rec.map((h) => h.trim());
        const find = (col: string | undefined, role: string): number => {
          if (col === undefined) return -1;
          const i = header.indexOf(col);
          // The header's own names are file content: the count is enough to see a wrong delimiter.
          if (i < 0) throw new ImportError(file, line, `no column "${col}" for the ${role} in the header (${header.length} columns)`);
          return i;
        };
        index = {
          head: find(columns.head, 'head'),
          relation: find(columns.relation, 'relation'),
          tail: find(columns.tail, 'tail'),
          headType: find(columns.headType, 'head type'),
          tailType: find(columns.tailType, 'tail type'),
        };
        continue;
      }
      const head = rec[index.head]?.trim() ?? '';
      const relation = rec[index.relation]?.trim() ?? '';
      const tail = rec[index.tail]?.trim() ?? '';
      if (!head || !relation || !tail) {
        const which = !head ? columns.head : !relation ? columns.relation : columns.tail;
        out.push({ kind: 'issue', issue: { file, line, reason: `empty value in column "${which}"`, text: row.raw.trim().slice(0, 300) } });
        yield out.splice(0);
        held = 0;
        continue;
      }
      const h = plainEntity(head);
      const t = plainEntity(tail);
      const ht = index.headType >= 0 ? rec[index.headType]?.trim() : undefined;
      const tt = index.tailType >= 0 ? rec[index.tailType]?.trim() : undefined;
      if (ht) h.type = ht;
      if (tt) t.type = tt;
      out.push({ kind: 'triple', line, head: h, relation, tail: t });
    }
    while (skipped.length) out.push({ kind: 'issue', issue: skipped.shift()! });
    if (out.length > 0) yield out;
  } catch (err) {
    if (err instanceof ImportError || (err as Error).name === 'AbortError') throw err;
    const e = err as CsvError & { lines?: number };
    throw new ImportError(file, e.lines ?? counters.lines + 1, csvReason(e, limits.maxLineChars));
  } finally {
    source.destroy();
    counting.destroy();
    parser.destroy();
  }
}
