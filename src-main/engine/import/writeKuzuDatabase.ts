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

/** An absent value is the NULL token; every string is quoted, so `""` stays the empty string. */
export function csvField(s: string | undefined): string {
  return s === undefined ? CSV_NULL : `"${s.replace(/"/g, '""')}"`;
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
}

/** Creates `dbPath` (must not exist) with the graph's tables filled; scratch CSVs go in `workDir`. */
export async function writeKuzuDatabase(g: BuiltGraph, dbPath: string, workDir: string, options: WriteOptions = {}): Promise<void> {
  const norms = g.names.map((name) => normalizeName(name));
  const files = {
    entity: join(workDir, 'entities.csv'),
    rel: join(workDir, 'rels.csv'),
    nameKey: join(workDir, 'namekeys.csv'),
    named: join(workDir, 'named.csv'),
  };
  // The CSV files are a plaintext copy of the graph: removed however this ends (a crash is left to recover()).
  try {
    await writeTables(g, norms, files, dbPath, options);
  } finally {
    await Promise.all(Object.values(files).map((f) => rm(f, { force: true })));
  }
}

type TableFiles = Record<'entity' | 'rel' | 'nameKey' | 'named', string>;

async function writeTables(g: BuiltGraph, norms: string[], files: TableFiles, dbPath: string, options: WriteOptions): Promise<void> {
  const n = g.ids.length;
  const { signal } = options;
  const multiline = { entity: false, rel: false, nameKey: false, named: false };
  multiline.entity = await writeCsv(files.entity, 'id,name,norm,type,literal,degree,ord', (emit) =>
    rangeSteps(
      n,
      10_000,
      (i) =>
        emit(`${csvField(g.ids[i])},${csvField(g.names[i])},${csvField(norms[i])},${csvField(g.types[i])},${g.literals[i] ?? CSV_NULL},${g.degree[i]},${i}`),
      signal,
    ),
  );
  const relLabels = g.relationLabels.map(csvField);
  const idFields = g.ids.map(csvField);
  multiline.rel = await writeCsv(files.rel, 'from,to,label', (emit) =>
    rangeSteps(g.heads.length, 10_000, (k) => emit(`${idFields[g.heads[k]]},${idFields[g.tails[k]]},${relLabels[g.rels[k]]}`), signal),
  );
  const uniqueNorms = [...new Set(norms.filter((s) => s !== ''))];
  multiline.nameKey = await writeCsv(files.nameKey, 'norm', (emit) =>
    rangeSteps(uniqueNorms.length, 10_000, (i) => emit(csvField(uniqueNorms[i])), signal),
  );
  multiline.named = await writeCsv(files.named, 'from,to', (emit) =>
    rangeSteps(
      n,
      10_000,
      (i) => {
        if (norms[i] !== '') emit(`${csvField(norms[i])},${idFields[i]}`);
      },
      signal,
    ),
  );
  signal?.throwIfAborted();

  const db = new kuzu.Database(dbPath, bufferPoolBytes({ triples: g.heads.length }));
  const conn = new kuzu.Connection(db);
  try {
    for (const ddl of SCHEMA) await runStatement(conn, ddl);
    // Quoted line breaks need Kuzu's serial CSV reader; the parallel one splits on raw newlines. Kuzu 0.11's
    // Node API cannot interrupt a running COPY (no interrupt(); a query timeout set mid-query is ignored), so
    // a cancel takes effect between the four statements.
    const copy = async (table: string, file: string, serial: boolean): Promise<void> => {
      signal?.throwIfAborted();
      await runStatement(conn, `COPY ${table} FROM '${file.replace(/\\/g, '/').replace(/'/g, "\\'")}' (HEADER=true, ESCAPE='"', NULL_STRINGS=['${CSV_NULL}']${serial ? ', PARALLEL=false' : ''})`);
    };
    await copy('Entity', files.entity, multiline.entity);
    await copy('Rel', files.rel, multiline.rel);
    await copy('NameKey', files.nameKey, multiline.nameKey);
    await copy('Named', files.named, multiline.named);
  } finally {
    await conn.close();
    await db.close();
  }
}
