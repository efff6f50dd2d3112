// A process-level guard for imports: an exception a parser throws from inside its own callbacks (no caller
// on the stack to catch it) reaches `uncaughtException`, which by default ends the process — the headless
// host and every other import with it. While an import runs, such an exception fails that import (found by
// its async context) instead; one that belongs to no import is left to end the process as before.
import { AsyncLocalStorage } from 'node:async_hooks';
import { ImportError } from './importErrors.js';

interface GuardedJob {
  file: string;
  fail: (err: ImportError) => void;
  controller: AbortController;
}

const jobContext = new AsyncLocalStorage<GuardedJob>();
const running = new Set<GuardedJob>();
/** Code an import runs: a stray exception whose stack passes here is an import's even without a context. */
const IMPORT_CODE = /[\\/]node_modules[\\/](n3|csv-parse|kuzu)[\\/]|[\\/]engine[\\/]import[\\/]/;

function internalError(job: GuardedJob): ImportError {
  return new ImportError(job.file, undefined, 'the importer failed unexpectedly (an internal error); the graph is unchanged');
}

function onStray(err: unknown): void {
  const own = jobContext.getStore();
  const stack = (err as Error)?.stack ?? '';
  const jobs = own && running.has(own) ? [own] : IMPORT_CODE.test(stack) ? [...running] : [];
  if (jobs.length > 0) {
    for (const job of jobs) {
      job.controller.abort();
      job.fail(internalError(job));
    }
    return;
  }
  // Not an import's: behave as if this listener were not here.
  if (process.listenerCount('uncaughtException') === 1) {
    process.stderr.write(`${stack || String(err)}\n`);
    process.exit(1);
  }
}

function install(): void {
  if (running.size === 0) process.on('uncaughtException', onStray);
}

function uninstall(): void {
  if (running.size === 0) process.removeListener('uncaughtException', onStray);
}

/**
 * Runs one import under the guard: its promise rejects with an ImportError if a stray exception of its own
 * fires, and the signal it is given aborts, so the import's own `finally` blocks clean up.
 */
export function guardImport<T>(file: string, run: (signal: AbortSignal) => Promise<T>, outer?: AbortSignal): Promise<T> {
  const controller = new AbortController();
  const signal = outer ? AbortSignal.any([outer, controller.signal]) : controller.signal;
  let fail!: (err: ImportError) => void;
  const failed = new Promise<never>((_, reject) => (fail = reject));
  const job: GuardedJob = { file, fail, controller };
  install();
  running.add(job);
  const work = jobContext.run(job, () => run(signal));
  // Once failed, the import's own later rejection (its cancel) is expected: keep it from being unhandled.
  work.catch(() => undefined);
  return Promise.race([work, failed]).finally(() => {
    running.delete(job);
    uninstall();
  });
}
