// A command that fails to load (a missing native module, a broken install) ends in one `ctrlg X: …` line and exit 1.
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { commands } from '../../src-main/cli/commands/index.js';
import { runCli } from '../../src-main/cli/runCli.js';

function sink(): { stream: Writable; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk, _enc, done) {
      text += String(chunk);
      done();
    },
  });
  return { stream, text: () => text };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('runCli', () => {
  it('reports a command that cannot load as one line with exit code 1', async () => {
    const entry = commands.find((c) => c.name === 'graphs');
    if (!entry) throw new Error('no graphs command');
    vi.spyOn(entry, 'load').mockRejectedValue(new Error("Cannot find module 'kuzu'"));
    const out = sink();
    const err = sink();
    const code = await runCli(['graphs', '--help'], { stdout: out.stream, stderr: err.stream });
    expect(code).toBe(1);
    expect(err.text()).toBe("ctrlg graphs: Cannot find module 'kuzu'\n");
    expect(out.text()).toBe('');
  });
});
