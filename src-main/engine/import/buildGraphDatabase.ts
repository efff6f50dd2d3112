// One import, start to finish, into a NEW database: the previous graph (if merging) and the file are read
// into a GraphBuilder, then written with COPY FROM. Swapping it in place is the library's job.
import { stat } from 'node:fs/promises';
import type { CsvColumns, ImportFormat, ImportIssue, ImportProgress } from '../../common/graphTypes.js';
import type { GraphStore } from '../graph/graphStore.js';
import { GraphBuilder, type BuiltGraph } from './graphBuilder.js';
import { ImportCancelledError, ImportError } from './importErrors.js';
import { resolveImportLimits, type ImportLimits } from './importLimits.js';
import type { ParsedRecord, ParserInput, ReadCounters, RecordBatch } from './parsedRecord.js';
import { parseCsv } from './parseCsv.js';
import { parseDelimited } from './parseDelimited.js';
import { parseNTriples } from './parseNTriples.js';
import { parseTurtle } from './parseTurtle.js';
import { ProgressMeter } from './progressMeter.js';
import { termProblem } from './termCheck.js';
import { writeKuzuDatabase } from './writeKuzuDatabase.js';
import { BufferPoolSettingError } from '../graph/bufferPool.js';
import type { ConsoleChildLauncher } from '../graph/consoleChild.js';
import { buildNameIndexDataPausing, type NameIndexData } from '../graph/nameIndexData.js';

/** Lenient mode keeps this many skipped lines for the report; the rest are counted only. */
export const MAX_REPORTED_ISSUES = 10_000;

export const DEFAULT_CSV_COLUMNS: CsvColumns = { head: 'head', relation: 'relation', tail: 'tail' };

export interface BuildRequest {
  file: string;
  format: ImportFormat;
  lenient?: boolean;
  csv?: CsvColumns;
  /** Term and line limits (defaults: 1 M characters a term, 4 M a line). */
  limits?: Partial<ImportLimits>;
  signal?: AbortSignal;
  onProgress?: (p: ImportProgress) => void;
  /** Existing graph to merge with (its triples are kept); absent for a fresh or replacing import. */
  previous?: GraphStore;
  /** Path of the database to create (must not exist) and a scratch folder for the CSV files. */
  dbPath: string;
  workDir: string;
  /** How the database loader's child process is started (writeKuzuDatabase.ts; default Node). */
  launch?: ConsoleChildLauncher;
}

export interface BuildOutcome {
  triplesRead: number;
  triplesBefore: number;
  triplesTotal: number;
  entitiesTotal: number;
  skipped: ImportIssue[];
  skippedCount: number;
  /** The graph as written, for the snapshot beside the database. */
  built: BuiltGraph;
  /** Its name tables (nameIndexData.ts), built while the database loaded; absent when that stopped early. */
  nameIndex?: NameIndexData;
}

export function parseFile(format: ImportFormat, input: ParserInput, lenient: boolean, csv?: CsvColumns): AsyncGenerator<RecordBatch> {
  switch (format) {
    case 'tsv':
      return parseDelimited(input);
    case 'csv':
      return parseCsv({ ...input, columns: csv ?? DEFAULT_CSV_COLUMNS, lenient });
    case 'nt':
      return parseNTriples(input);
    case 'ttl':
      return parseTurtle(input);
  }
}

function isAbort(err: unknown): boolean {
  return (err as Error)?.name === 'AbortError' || (err as { code?: string })?.code === 'ABORT_ERR';
}

export async function buildGraphDatabase(req: BuildRequest): Promise<BuildOutcome> {
  const { file, signal } = req;
  const limits = resolveImportLimits(req.limits);
  const counters: ReadCounters = { bytes: 0, lines: 0 };
  let totalBytes: number;
  try {
    totalBytes = (await stat(file)).size;
  } catch (err) {
    throw new ImportError(file, undefined, `cannot read the file (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  const meter = new ProgressMeter(counters, totalBytes, req.onProgress);
  meter.enter('parse');
  const builder = new GraphBuilder();
  const checkCancel = (): void => {
    if (signal?.aborted) throw new ImportCancelledError(file);
  };

  try {
    let triplesBefore = 0;
    if (req.previous) {
      // Entities first, so names from earlier imports (rdfs:label) and types survive the merge.
      for await (const batch of req.previous.entities()) {
        checkCancel();
        for (const e of batch) builder.entity({ id: e.id, name: e.name, type: e.type, literal: e.literal });
      }
      for await (const batch of req.previous.triples()) {
        checkCancel();
        for (const t of batch) builder.triple({ id: t.head, name: t.head }, t.relation, { id: t.tail, name: t.tail });
      }
      triplesBefore = builder.tripleCount;
    }

    const skipped: ImportIssue[] = [];
    let skippedCount = 0;
    let triplesRead = 0;
    const records = parseFile(req.format, { file, counters, signal, limits }, req.lenient ?? false, req.csv);
    for await (const batch of records) {
      checkCancel();
      for (const parsed of batch) {
        const problem = termProblem(parsed, limits);
        // The text is left out: the term may be megabytes, and the line number finds it.
        const rec: ParsedRecord = problem && parsed.kind !== 'issue' ? { kind: 'issue', issue: { file, line: parsed.line, reason: problem, text: '' } } : parsed;
        switch (rec.kind) {
          case 'triple':
            builder.triple(rec.head, rec.relation, rec.tail);
            triplesRead++;
            break;
          case 'label':
            builder.label(rec.id, rec.name);
            break;
          case 'type':
            builder.type(rec.id, rec.type);
            break;
          case 'issue':
            if (!req.lenient) throw ImportError.fromIssue(rec.issue);
            skippedCount++;
            if (skipped.length < MAX_REPORTED_ISSUES) skipped.push(rec.issue);
            break;
        }
      }
      meter.triples = triplesRead;
      meter.tick();
    }
    if (triplesRead === 0)
      throw new ImportError(file, undefined, skippedCount ? `no valid triples (${skippedCount} lines skipped)` : 'no triples found', skipped);

    meter.enter('load');
    const built = builder.build();
    checkCancel();
    // The snapshot's name tables are most of its build (~17 s at 3.4M names): made while the database loads, the
    // cancel (or the load's failure) heard between their stages. Tables not made here are made for the snapshot.
    let nameIndex: NameIndexData | undefined;
    const whileLoading = async (stop: AbortSignal): Promise<void> => {
      const pause = (): Promise<void> =>
        new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
          checkCancel();
          stop.throwIfAborted();
        });
      nameIndex = await buildNameIndexDataPausing(built.names, pause).catch(() => undefined);
    };
    await writeKuzuDatabase(built, req.dbPath, req.workDir, { signal, launch: req.launch, whileLoading }).catch((err: unknown) => {
      if (isAbort(err) || signal?.aborted) throw err;
      if (err instanceof BufferPoolSettingError) throw new ImportError(file, undefined, err.message);
      // Kuzu's messages quote the value they stopped at ("Found duplicated primary key value …"): only its kind of
      // exception is kept, and the full error stays local as the cause.
      const kind = /^([A-Za-z ]{1,40} exception):/.exec((err as Error)?.message ?? '')?.[1] ?? 'error';
      throw new ImportError(file, undefined, `the database could not load the graph (Kuzu ${kind.toLowerCase()})`, [], undefined, { cause: err });
    });
    checkCancel();
    return {
      triplesRead,
      triplesBefore,
      triplesTotal: built.heads.length,
      entitiesTotal: built.ids.length,
      skipped,
      skippedCount,
      built,
      ...(nameIndex ? { nameIndex } : {}),
    };
  } catch (err) {
    if (isAbort(err) || signal?.aborted) throw new ImportCancelledError(file);
    throw err;
  }
}
