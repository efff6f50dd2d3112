// The shell's console launcher over a stand-in for Electron's utilityProcess: it forks a file holding the engine's
// child script, hands the job over as a message (a utility process has no stdin), kills on request, and reports
// the close only once the process has exited and its output is read.
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';

class FakeUtility extends EventEmitter {
  stdout = new PassThrough();
  stderr = new PassThrough();
  messages: unknown[] = [];
  kills = 0;
  postMessage(m: unknown): void {
    this.messages.push(m);
  }
  kill(): boolean {
    this.kills += 1;
    return true;
  }
}

const forks: { path: string; options: Record<string, unknown>; child: FakeUtility }[] = [];
vi.mock('electron', () => ({
  utilityProcess: {
    fork: (path: string, _args: string[], options: Record<string, unknown>) => {
      const child = new FakeUtility();
      forks.push({ path, options, child });
      return child;
    },
  },
}));

const { utilityConsoleChild } = await import('../../src-main/shell/utilityConsoleChild.js');
const { CONSOLE_CHILD_SCRIPT } = await import('../../src-main/engine/graph/consoleQuery.js');

describe('utilityConsoleChild', () => {
  it('forks the child script as a module file and sends the job as a message', async () => {
    const child = utilityConsoleChild(CONSOLE_CHILD_SCRIPT, { PATH: '/bin' });
    expect(forks).toHaveLength(1);
    const { path, options, child: proc } = forks[0];
    expect(path.endsWith('.mjs')).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe(CONSOLE_CHILD_SCRIPT);
    expect(options).toMatchObject({ env: { PATH: '/bin' }, stdio: ['ignore', 'pipe', 'pipe'] });
    expect(options.env).not.toHaveProperty('ELECTRON_RUN_AS_NODE');
    child.send('{"query":"RETURN 1"}');
    expect(proc.messages).toEqual(['{"query":"RETURN 1"}']);

    let closed = false;
    child.onClose(() => (closed = true));
    child.kill();
    expect(proc.kills).toBe(1);
    proc.emit('exit', 0);
    expect(closed).toBe(false);
    // The answer still draining from the pipe is read before the close is reported.
    let seen = '';
    child.stdout.on('data', (d: Buffer) => (seen += String(d)));
    proc.stdout.end('ready\n{"columns":[]}\n');
    await new Promise((r) => setImmediate(r));
    expect(seen).toBe('ready\n{"columns":[]}\n');
    expect(closed).toBe(true);
    // No kill after the exit; the same script reuses its file.
    child.kill();
    expect(proc.kills).toBe(1);
    utilityConsoleChild(CONSOLE_CHILD_SCRIPT, {});
    expect(forks[1].path).toBe(path);
  });
});
