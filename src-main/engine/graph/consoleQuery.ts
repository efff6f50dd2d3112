// The Cypher console's runner. Each query runs in a child process that opens the graph's database READ-ONLY (Kuzu
// then refuses every write) after the read-only gate (cypherGuard.ts) has passed it. A child, because Kuzu checks
// its own timeout only between batches: `UNWIND range(1, 1e8)` ignored a 200 ms timeout for minutes in a probe,
// and only a process can be stopped mid-statement. The timer starts once the child has opened the database.
import { createRequire } from 'node:module';
import type { CypherResult } from '../../common/cypherTypes.js';
import { answerLine, childProcessEnv, crashLine, nodeConsoleChild, type ConsoleChildLauncher } from './consoleChild.js';
import { checkReadOnlyCypher } from './cypherGuard.js';
import { CypherFailedError, CypherRefusedError } from './cypherErrors.js';
import { graphOf, toCell } from './cypherValues.js';

export interface ConsoleQueryOptions {
  maxRows: number;
  timeoutMs: number;
  /** How the child is started; default Node (consoleChild.ts). */
  launch?: ConsoleChildLauncher;
}

/** Opening the database in the child (node start, addon load) may take this long before the query's own clock. */
const START_LIMIT_MS = 20_000;
/** Buffer pool of the child's database: a console query reads, it never needs the engine's 256 MiB. */
const CHILD_POOL_BYTES = 64 * 1024 * 1024;

// The child: reads {path, query, maxRows, timeoutMs} as JSON on stdin (or as the first parentPort message in an
// Electron utility process), says "ready" once the database is open, then prints one JSON line {columns, rows,
// truncated} or {error}, and exits once that line is written out (a pipe write is asynchronous: exiting earlier cuts
// a big answer). Big integers, dates and blobs travel tagged.
export const CONSOLE_CHILD_SCRIPT = `
import { createRequire } from 'node:module';
let input = '';
if (process.parentPort) input = await new Promise((r) => process.parentPort.once('message', (e) => r(e.data)));
else for await (const chunk of process.stdin) input += chunk;
const job = JSON.parse(input);
const kuzu = createRequire(job.kuzu)(job.kuzu);
const out = (o) => process.stdout.write(JSON.stringify(o, (k, v) => typeof v === 'bigint' ? { $bigint: v.toString() } : v) + '\\n', () => process.exit(0));
try {
  const db = new kuzu.Database(job.path, job.pool, true, true);
  await db.init();
  const conn = new kuzu.Connection(db);
  await conn.init();
  conn.setQueryTimeout(job.timeoutMs);
  process.stdout.write('ready\\n');
  let r = await conn.query(job.query);
  if (Array.isArray(r)) r = r[r.length - 1];
  const columns = r.getColumnNamesSync();
  const rows = [];
  while (rows.length < job.maxRows && r.hasNext()) { const row = r.getNextSync(); rows.push(columns.map((c) => tag(row[c]))); }
  out({ columns, rows, truncated: r.hasNext() });
} catch (err) {
  out({ error: String(err && err.message || err) });
}
function tag(v) {
  if (v instanceof Date) return { $date: Number.isNaN(v.getTime()) ? null : v.toISOString() };
  if (v instanceof Uint8Array) return { $bytes: v.length };
  if (Array.isArray(v)) return v.map(tag);
  if (v && typeof v === 'object') { const o = {}; for (const k of Object.keys(v)) o[k] = tag(v[k]); return o; }
  return v;
}
`;

interface ChildReply {
  columns?: string[];
  rows?: unknown[][];
  truncated?: boolean;
  error?: string;
}

/** Back from the tags the child wrote: $bigint → bigint, $date → Date, $bytes → a byte count marker. */
function revive(_key: string, v: unknown): unknown {
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    if (typeof o.$bigint === 'string' && Object.keys(o).length === 1) return BigInt(o.$bigint);
    if ('$date' in o && Object.keys(o).length === 1) return o.$date === null ? null : new Date(o.$date as string);
    if (typeof o.$bytes === 'number' && Object.keys(o).length === 1) return new Uint8Array(o.$bytes);
  }
  return v;
}

/** The child's answer line, or undefined when it is not whole JSON (cut short, garbled). Exported for its test. */
export function parseReply(line: string): ChildReply | undefined {
  try {
    const v = JSON.parse(line, revive) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as ChildReply) : undefined;
  } catch {
    return undefined;
  }
}

/** Runs one console query on the database at `dbPath`; refusals, Kuzu errors and timeouts reject with a reason. */
export async function consoleQuery(dbPath: string, query: string, options: ConsoleQueryOptions): Promise<CypherResult> {
  const verdict = checkReadOnlyCypher(query);
  if (!verdict.ok) throw new CypherRefusedError(verdict.reason);
  return runOnReadOnlyDatabase(dbPath, query, options);
}

/**
 * The query on the database opened read-only, WITHOUT the gate: consoleQuery's second half, exported only so a test
 * can show that the read-only database refuses a write on its own (the second lock).
 */
export async function runOnReadOnlyDatabase(dbPath: string, query: string, options: ConsoleQueryOptions): Promise<CypherResult> {
  const started = Date.now();
  const reply = await oneAtATime(() =>
    runChild({ path: dbPath, query, maxRows: options.maxRows, timeoutMs: options.timeoutMs }, options.launch ?? nodeConsoleChild),
  );
  if (reply.error !== undefined) {
    if (/interrupt/i.test(reply.error)) throw timedOut(options.timeoutMs);
    throw new CypherFailedError(`Kuzu refused the query: ${reply.error.replace(/^[A-Za-z ]*exception:\s*/i, '')}`, false);
  }
  const rows = reply.rows ?? [];
  return {
    columns: reply.columns ?? [],
    rows: rows.map((r) => r.map(toCell)),
    truncated: reply.truncated ?? false,
    ms: Date.now() - started,
    graph: graphOf(rows),
  };
}

/** Children running at once, at most: queries from several windows wait their turn instead of piling up. */
const MAX_CHILDREN = 2;
let running = 0;
const waiting: (() => void)[] = [];

/** Exported for its test. A finished query hands its slot straight to the next waiter, so none can slip in between. */
export async function oneAtATime<T>(fn: () => Promise<T>): Promise<T> {
  if (running < MAX_CHILDREN) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await fn();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

const timedOut = (ms: number): CypherFailedError => new CypherFailedError(`The query ran past its timeout (${ms} ms) and was stopped.`, true);

function runChild(job: { path: string; query: string; maxRows: number; timeoutMs: number }, launch: ConsoleChildLauncher): Promise<ChildReply> {
  const kuzu = createRequire(import.meta.url).resolve('kuzu');
  const child = launch(CONSOLE_CHILD_SCRIPT, childProcessEnv());
  return new Promise<ChildReply>((resolvePromise, reject) => {
    let out = '';
    let err = '';
    let settled = false;
    const finish = (fn: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill();
      fn();
    };
    let timer = setTimeout(
      () => finish(() => reject(new CypherFailedError(`The console could not open the graph within ${START_LIMIT_MS / 1000} s.`, true))),
      START_LIMIT_MS,
    );
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const wasReady = out.startsWith('ready\n');
      out += chunk;
      if (!wasReady && out.startsWith('ready\n')) {
        clearTimeout(timer);
        // Kuzu's own timeout fires first where it can; this one stops what it cannot interrupt.
        timer = setTimeout(() => finish(() => reject(timedOut(job.timeoutMs))), job.timeoutMs + 250);
      }
    });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => (err = (err + chunk).slice(-2000)));
    child.onError((e) => finish(() => reject(new CypherFailedError(`The console could not start: ${e.message}`, false))));
    child.onClose(() =>
      finish(() => {
        const line = answerLine(out);
        const crash = crashLine(err);
        if (!line) return reject(new CypherFailedError(`The console stopped without an answer${crash ? `: ${crash}` : ''}.`, false));
        const reply = parseReply(line);
        if (reply) resolvePromise(reply);
        else reject(new CypherFailedError('The console\'s answer arrived garbled or cut short.', false));
      }),
    );
    child.send(JSON.stringify({ ...job, kuzu, pool: CHILD_POOL_BYTES }));
  });
}
