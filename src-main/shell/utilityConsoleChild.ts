// The Cypher console's child and a big import's database loader in the packaged app: an Electron utility process.
// Packaging turns the RunAsNode fuse off (scripts/packaging/electronFuses.ts), so the engine's default (Electron's
// binary with ELECTRON_RUN_AS_NODE) would start a second app instance instead of Node. A utility process runs the
// same script as an ES module file; it has no stdin, so the job arrives as its first parentPort message.
import { utilityProcess } from 'electron';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConsoleChildLauncher } from '../engine/app/assemble.js';

/** A module file holding the script, written once a run (utilityProcess.fork takes a path, not code). */
const scripts = new Map<string, string>();
function scriptFile(script: string): string {
  let file = scripts.get(script);
  // A temp cleaner may have removed it during a long session (the import's loader and the console both need it).
  if (!file || !existsSync(file)) {
    file = join(mkdtempSync(join(tmpdir(), 'ctrlg-console-')), 'consoleChild.mjs');
    writeFileSync(file, script, { mode: 0o600 });
    scripts.set(script, file);
  }
  return file;
}

/** How long the answer may still be draining from the pipe after the process has exited. */
const DRAIN_MS = 1000;

export const utilityConsoleChild: ConsoleChildLauncher = (script, env) => {
  const child = utilityProcess.fork(scriptFile(script), [], { env, stdio: ['ignore', 'pipe', 'pipe'], serviceName: 'Ctrl-G graph database' });
  // Typed nullable by Electron; with stdout 'pipe' it is always there.
  const stdout = child.stdout;
  if (!stdout) throw new Error('the console child has no stdout');
  let exited = false;
  let ended = false;
  const closeListeners: (() => void)[] = [];
  let closed = false;
  const close = (): void => {
    if (closed) return;
    closed = true;
    for (const l of closeListeners) l();
  };
  stdout.on('end', () => {
    ended = true;
    if (exited) close();
  });
  child.on('exit', () => {
    exited = true;
    if (ended) close();
    else setTimeout(close, DRAIN_MS);
  });
  return {
    stdout,
    stderr: child.stderr,
    send: (job) => child.postMessage(job),
    kill: () => {
      if (!exited) child.kill();
    },
    onClose: (listener) => closeListeners.push(listener),
    // A utility process reports no start failure of its own: one that cannot start exits, and the console says so.
    onError: () => undefined,
  };
};
