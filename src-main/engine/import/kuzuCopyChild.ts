// The import's bulk load (CREATE TABLE, COPY FROM) in a child process, for big graphs. Kuzu's COPY allocates
// gigabytes outside the JS heap from its own threads, and after the database closes much of it stays with the
// process (10.4M triples: ~0.9 GiB more than the heap holds, on top of which the snapshot is then built); a child
// returns all of it when it exits. And a child can be stopped mid-COPY, which Kuzu 0.11's Node API cannot do.
import { createRequire } from 'node:module';
import { answerLine, childProcessEnv, crashLine, nodeConsoleChild, type ConsoleChildLauncher } from '../graph/consoleChild.js';

/** From this many triples the load runs in a child; below, the child's start (~0.3 s) costs more than it saves. */
export const CHILD_COPY_MIN_TRIPLES = 1_000_000;

/** How long a cancel waits for the killed child to exit before answering anyway. */
const CANCEL_WAIT_MS = 5000;

// The child: reads {kuzu, path, pool, statements} as JSON on stdin (or as the first parentPort message in an
// Electron utility process), creates the database, runs the statements in order, closes it (Kuzu writes it out on
// close), then prints one JSON line {ok} or {error} and exits once that line is written.
export const COPY_CHILD_SCRIPT = `
import { createRequire } from 'node:module';
let input = '';
if (process.parentPort) input = await new Promise((r) => process.parentPort.once('message', (e) => r(e.data)));
else for await (const chunk of process.stdin) input += chunk;
const job = JSON.parse(input);
// Orphaned (the importing process died), the load has no one to hand its database to: stop (the work folder is
// the next library's to remove). Re-parented, or the parent's pid gone (ESRCH; EPERM is a live process of another
// user); exit() would wait for Kuzu's threads to finish the statement, so the child kills itself.
const parent = process.ppid;
setInterval(() => {
  let gone = process.ppid !== parent;
  try {
    process.kill(parent, 0);
  } catch (err) {
    gone ||= err.code === 'ESRCH';
  }
  if (gone) process.kill(process.pid, 'SIGKILL');
}, 1000).unref();
const out = (o) => process.stdout.write(JSON.stringify(o) + '\\n', () => process.exit(0));
try {
  const kuzu = createRequire(job.kuzu)(job.kuzu);
  const db = new kuzu.Database(job.path, job.pool);
  await db.init();
  const conn = new kuzu.Connection(db);
  await conn.init();
  for (const statement of job.statements) {
    const result = await conn.query(statement);
    for (const r of Array.isArray(result) ? result : [result]) r.close();
  }
  await conn.close();
  await db.close();
  out({ ok: true });
} catch (err) {
  out({ error: String((err && err.message) || err) });
}
`;

export interface ChildCopyOptions {
  signal?: AbortSignal;
  launch?: ConsoleChildLauncher;
}

/**
 * Creates the database at `dbPath` with a `pool`-byte buffer pool and runs `statements` on it in a child. Rejects
 * with the child's Kuzu message (for the caller to classify), or with an AbortError at once when `signal` aborts
 * (the child is killed; the half-written database is the caller's to remove).
 */
export function copyInChild(dbPath: string, pool: number, statements: string[], options: ChildCopyOptions = {}): Promise<void> {
  const { signal } = options;
  signal?.throwIfAborted();
  const kuzu = createRequire(import.meta.url).resolve('kuzu');
  const child = (options.launch ?? nodeConsoleChild)(COPY_CHILD_SCRIPT, childProcessEnv());
  return new Promise<void>((resolve, reject) => {
    let out = '';
    let err = '';
    let settled = false;
    let closed = false;
    const closeWaiters: (() => void)[] = [];
    const finish = (fn: () => void): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      child.kill();
      fn();
    };
    // The caller removes the CSV files and the half-written database next: wait for the child to let go of them
    // (Windows refuses to delete a file still open), a few seconds at most.
    const onAbort = (): void => {
      if (settled) return;
      child.kill();
      const reason = signal!.reason ?? new DOMException('The import was cancelled.', 'AbortError');
      const timer = setTimeout(() => finish(() => reject(reason)), CANCEL_WAIT_MS);
      const done = (): void => (clearTimeout(timer), finish(() => reject(reason)));
      if (closed) done();
      else closeWaiters.push(done);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (out += chunk));
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => (err = (err + chunk).slice(-2000)));
    child.onError((e) => finish(() => reject(new Error(`the database loader could not start: ${e.message}`))));
    child.onClose(() => {
      closed = true;
      for (const w of closeWaiters.splice(0)) w();
      finish(() => {
        const reply = replyOf(out);
        if (reply?.ok === true) resolve();
        else if (typeof reply?.error === 'string') reject(new Error(reply.error));
        else {
          const crash = crashLine(err);
          reject(new Error(`the database loader stopped without an answer${crash ? ` (${crash})` : ''}`));
        }
      });
    });
    child.send(JSON.stringify({ kuzu, path: dbPath, pool, statements }));
  });
}

function replyOf(out: string): { ok?: unknown; error?: unknown } | undefined {
  const line = answerLine(out);
  try {
    return line ? (JSON.parse(line) as { ok?: unknown; error?: unknown }) : undefined;
  } catch {
    return undefined;
  }
}
