// Writes a built graph into a fresh Kuzu database: node and rel CSV files, then COPY FROM (Kuzu's bulk path).
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';
import { join } from 'node:path';
import kuzu from 'kuzu';
import { normalizeName } from '../../common/normalizeName.js';
import { runStatement } from '../graph/kuzuStatement.js';
import { bufferPoolBytes } from '../graph/bufferPool.js';
import { CSV_NULL, SCHEMA } from '../graph/kuzuSchema.js';
import type { BuiltGraph } from './graphBuilder.js';
import { CHILD_COPY_MIN_TRIPLES, copyInChild } from './kuzuCopyChild.js';
import type { ConsoleChildLauncher } from '../graph/consoleChild.js';

/** An absent value is the NULL token; every string is quoted, so `""` stays the empty string. */
export function csvField(s: string | undefined): string {
  if (s === undefined) return CSV_NULL;
  return s.includes('"') ? `"${s.replace(/"/g, '""')}"` : `"${s}"`;
}

/** Streams rows to a file, waiting on backpressure; reports whether any field held a line break. */
async function writeCsv(path: string, header: string, rows: (emit: (row: string) => void) => Iterable<void> | void): Promise<boolean> {
  const out = createWriteStream(path);
  let buf: string[] = [header];
  let size = 0;
  let multiline = false;
  const pending: Promise<unknown>[] = [];
  const flush = (): void => {
    if (!out.write(buf.join('\n') + '\n')) pending.push(once(out, 'drain'));
    buf = [];
    size = 0;
  };
  const emit = (row: string): void => {
    if (!multiline && (row.includes('\n') || row.includes('\r'))) multiline = true;
    buf.push(row);
    size += row.length;
    if (size > 1 << 20) flush();
  };
  try {
    const it = rows(emit);
    if (it) for (const _ of it) if (pending.length) await pending.splice(0).at(-1);
    if (buf.length) flush();
    out.end();
    await once(out, 'finish');
  } finally {
    out.destroy();
  }
  return multiline;
}

/** Quoted CSV fields of `strings`, UTF-8 encoded once into one buffer: field i is bytes[start[i] .. start[i + 1]). */
interface FieldBytes {
  bytes: Buffer;
  /** Byte offsets (Float64: the ids of a huge graph may pass 2 GiB). */
  start: Float64Array;
  /** Whether a field holds a line break (the file then needs Kuzu's serial reader). */
  multiline: boolean;
}

function fieldBytes(strings: readonly string[]): FieldBytes {
  const start = new Float64Array(strings.length + 1);
  let bytes = Buffer.allocUnsafe(1 << 16);
  let at = 0;
  let multiline = false;
  for (let i = 0; i < strings.length; i++) {
    const field = csvField(strings[i]);
    if (!multiline && (field.includes('\n') || field.includes('\r'))) multiline = true;
    // A UTF-16 unit takes at most 3 bytes in UTF-8.
    if (at + field.length * 3 > bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(bytes.length * 2, at + field.length * 3));
      bytes.copy(grown, 0, 0, at);
      bytes = grown;
    }
    at += bytes.write(field, at, 'utf8');
    start[i + 1] = at;
  }
  return { bytes, start, multiline };
}

/**
 * The rels file (a row per triple: 10M at scale) copied together from the endpoints' and labels' encoded fields,
 * a megabyte at a time: no string per row. Says whether a row holds a line break.
 */
async function writeRelsCsv(path: string, g: BuiltGraph, signal: AbortSignal | undefined): Promise<boolean> {
  const ids = fieldBytes(g.ids);
  const labels = fieldBytes(g.relationLabels);
  const out = createWriteStream(path);
  const CHUNK = 1 << 20;
  let chunk = Buffer.allocUnsafe(CHUNK);
  let at = chunk.write('from,to,label\n', 0, 'latin1');
  const put = (from: FieldBytes, i: number, end: number): void => {
    const bytes = from.bytes;
    for (let j = from.start[i], e = from.start[i + 1]; j < e; j++) chunk[at++] = bytes[j];
    chunk[at++] = end;
  };
  try {
    for (let k = 0; k < g.heads.length; k++) {
      const h = g.heads[k];
      const t = g.tails[k];
      const r = g.rels[k];
      const row = ids.start[h + 1] - ids.start[h] + ids.start[t + 1] - ids.start[t] + labels.start[r + 1] - labels.start[r] + 3;
      if (at + row > chunk.length) {
        // The stream keeps the written buffer until it is flushed: each chunk is a new one.
        if (!out.write(chunk.subarray(0, at))) await once(out, 'drain');
        signal?.throwIfAborted();
        chunk = Buffer.allocUnsafe(Math.max(CHUNK, row));
        at = 0;
      }
      put(ids, h, 0x2c);
      put(ids, t, 0x2c);
      put(labels, r, 0x0a);
    }
    out.write(chunk.subarray(0, at));
    out.end();
    await once(out, 'finish');
  } finally {
    out.destroy();
  }
  return ids.multiline || labels.multiline;
}

/**
 * Yields every `step` rows so the writer can wait for the disk (bounded memory on huge graphs), and checks
 * the signal there, so a cancel stops a multi-million-row file within one step, not at its end.
 */
function* rangeSteps(count: number, step: number, each: (i: number) => void, signal?: AbortSignal): Generator<void> {
  for (let i = 0; i < count; i++) {
    each(i);
    if (i % step === step - 1) {
      signal?.throwIfAborted();
      yield;
    }
  }
}

export interface WriteOptions {
  signal?: AbortSignal;
  /** Load in a child process (kuzuCopyChild.ts): 'auto' (default) from CHILD_COPY_MIN_TRIPLES triples. */
  child?: 'auto' | 'always' | 'never';
  /** How the child is started (default Node; the Electron shell passes its own). */
  launch?: ConsoleChildLauncher;
  /**
   * Work for this process while the database loads (on Kuzu's threads or in the child), awaited with the load;
   * `stop` aborts once the load has failed, so the work can end early.
   */
  whileLoading?: (stop: AbortSignal) => Promise<void>;
}

/** Creates `dbPath` (must not exist) with the graph's tables filled; scratch CSVs go in `workDir`. */
export async function writeKuzuDatabase(g: BuiltGraph, dbPath: string, workDir: string, options: WriteOptions = {}): Promise<void> {
  const files = {
    entity: join(workDir, 'entities.csv'),
    rel: join(workDir, 'rels.csv'),
  };
  // The CSV files are a plaintext copy of the graph: removed however this ends (a crash is left to recover()).
  try {
    // Written by a function of its own, so its per-entity strings are garbage before the database load starts.
    const multiline = await writeCsvFiles(g, files, options.signal);
    options.signal?.throwIfAborted();
    // Quoted line breaks need Kuzu's serial CSV reader; the parallel one splits on raw newlines.
    const copy = (table: keyof TableFiles, file: string): string =>
      `COPY ${TABLES[table]} FROM '${file.replace(/\\/g, '/').replace(/'/g, "\\'")}' (HEADER=true, ESCAPE='"', NULL_STRINGS=['${CSV_NULL}']${multiline[table] ? ', PARALLEL=false' : ''})`;
    const statements = [...SCHEMA, copy('entity', files.entity), copy('rel', files.rel)];
    const pool = bufferPoolBytes({ triples: g.heads.length });
    const mode = options.child ?? 'auto';
    const load =
      mode === 'always' || (mode === 'auto' && g.heads.length >= CHILD_COPY_MIN_TRIPLES)
        ? copyInChild(dbPath, pool, statements, { signal: options.signal, launch: options.launch })
        : copyInProcess(dbPath, pool, statements, options.signal);
    const stop = new AbortController();
    load.catch(() => stop.abort());
    // Started after a turn of the event loop, which delivers the child its job (the end of its input) first.
    // Not started at all when the load has already failed.
    const meanwhile = options.whileLoading && new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => (stop.signal.aborted ? undefined : options.whileLoading!(stop.signal)));
    // Both settle before anything is thrown: the load is never left running behind a failure of the other.
    const [loaded, other] = await Promise.allSettled([load, meanwhile]);
    if (loaded.status === 'rejected') throw loaded.reason;
    if (other.status === 'rejected') throw other.reason;
  } finally {
    await Promise.all(Object.values(files).map((f) => rm(f, { force: true })));
  }
}

type TableFiles = Record<'entity' | 'rel', string>;
const TABLES: TableFiles = { entity: 'Entity', rel: 'Rel' };

/** Writes the CSV files; says which hold a quoted line break. */
async function writeCsvFiles(g: BuiltGraph, files: TableFiles, signal: AbortSignal | undefined): Promise<Record<keyof TableFiles, boolean>> {
  const n = g.ids.length;
  const multiline = { entity: false, rel: false };
  multiline.entity = await writeCsv(files.entity, 'id,name,norm,type,literal,degree,ord', (emit) =>
    rangeSteps(
      n,
      10_000,
      (i) =>
        emit(
          `${csvField(g.ids[i])},${csvField(g.names[i])},${csvField(normalizeName(g.names[i]))},${csvField(g.types[i])},${g.literals[i] ?? CSV_NULL},${g.degree[i]},${i}`,
        ),
      signal,
    ),
  );
  multiline.rel = await writeRelsCsv(files.rel, g, signal);
  return multiline;
}

/**
 * The load in this process, for small graphs. Kuzu 0.11's Node API cannot interrupt a running COPY (no interrupt();
 * a query timeout set mid-query is ignored), so a cancel takes effect between statements.
 */
async function copyInProcess(dbPath: string, pool: number, statements: string[], signal: AbortSignal | undefined): Promise<void> {
  const db = new kuzu.Database(dbPath, pool);
  const conn = new kuzu.Connection(db);
  try {
    for (const statement of statements) {
      signal?.throwIfAborted();
      await runStatement(conn, statement);
    }
  } finally {
    await conn.close();
    await db.close();
  }
}
