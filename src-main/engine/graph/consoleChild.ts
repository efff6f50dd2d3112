// The port through which the Cypher console starts its child. The engine's default runs the script with Node (the
// binary running now: `node`, or Electron's with ELECTRON_RUN_AS_NODE where that fuse is on); a packaged Electron app,
// whose RunAsNode fuse is off, passes its own launcher (shell: utilityProcess.fork of the same script).
import { spawn } from 'node:child_process';

/** A started child: the job goes in once, its stdout carries "ready" and the answer line. */
export interface ConsoleChild {
  readonly stdout: NodeJS.ReadableStream;
  readonly stderr: NodeJS.ReadableStream | null;
  /** Hands the job (one JSON text) to the child. */
  send(job: string): void;
  /** Stops the child at once, whatever it is doing (a Kuzu statement that ignores its timeout included). */
  kill(): void;
  /** Called once the child has exited and its output is read. */
  onClose(listener: () => void): void;
  /** Called when the child could not be started. */
  onError(listener: (err: Error) => void): void;
}

/**
 * Starts the child running `script` (an ES module's text) with `env`. The script reads its job from stdin, or from
 * the first parentPort message when it runs as an Electron utility process.
 */
export type ConsoleChildLauncher = (script: string, env: NodeJS.ProcessEnv) => ConsoleChild;

/** A child's environment: what Node and Kuzu need, never the parent's secrets (API keys, key variables). */
export function childProcessEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const k of ['PATH', 'HOME', 'TMPDIR', 'TMP', 'TEMP', 'LANG', 'SystemRoot', 'USERPROFILE']) if (process.env[k] !== undefined) env[k] = process.env[k];
  return env;
}

/** The line of a child's stdout that holds its JSON answer (the first that opens an object). */
export function answerLine(stdout: string): string | undefined {
  return stdout.split('\n').find((l) => l.startsWith('{'));
}

/** What a child that died without answering said: the error line of its stderr (Node ends with its version line). */
export function crashLine(stderr: string): string | undefined {
  const lines = stderr.trim().split('\n');
  return (lines.find((l) => /Error\b/.test(l)) ?? lines.at(-1))?.trim() || undefined;
}

/** The default: Node runs the script from `-e`; the job goes in on stdin. */
export const nodeConsoleChild: ConsoleChildLauncher = (script, env) => {
  // Electron's binary runs as plain Node with ELECTRON_RUN_AS_NODE (where the fuse allows it); under Node it changes nothing.
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { env: { ...env, ELECTRON_RUN_AS_NODE: '1' }, stdio: ['pipe', 'pipe', 'pipe'] });
  return {
    stdout: child.stdout,
    stderr: child.stderr,
    send: (job) => child.stdin.end(job),
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
    onClose: (listener) => child.on('close', () => listener()),
    onError: (listener) => child.on('error', listener),
  };
};
