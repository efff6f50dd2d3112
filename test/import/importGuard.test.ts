// The import guard, in a child process (vitest would report a stray exception itself): an import whose own
// code throws where nothing can catch it fails with a typed ImportError while a second import finishes and
// the process lives on; an exception that is no import's still ends the process, as it would without the guard.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

function runChild(mode: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'run-ts.mjs'), join(import.meta.dirname, 'fixtures', 'guardChild.ts'), mode], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('guardImport', () => {
  it("fails only the import whose code threw, and the process lives on", () => {
    const r = runChild('own');
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      a: 'ImportError:/data/a.ttl: the importer failed unexpectedly (an internal error); the graph is unchanged',
      b: 'ok:b done',
      listeners: 0,
    });
  }, 60_000);

  it('leaves an exception that is no import\'s to end the process', () => {
    const r = runChild('foreign');
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/a bug elsewhere in the process/);
  }, 60_000);
});
