// kill -9 in the middle of `ctrlg import`: the next start removes the killed import's `.import-*` work folder
// (a half-built database and a plaintext CSV copy of the graph) and the existing graph is byte-identical. The
// kill waits until the work folder holds the CSV copy (polled, never a fixed sleep), so it lands mid-import.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GraphLibrary } from '../../src-main/engine/import/graphLibrary.js';
import { folderDigest, tempDir } from './helpers.js';

const ROOT = join(import.meta.dirname, '..', '..');
const dir = tempDir('ctrlg-kill-');
afterAll(() => dir.remove());


/** Resolves with the first value `probe` returns, polling every 5 ms; rejects if `gone` settles first. */
function pollUntil<T>(probe: () => T | undefined, gone: Promise<unknown>): Promise<T> {
  return new Promise((resolve, reject) => {
    let done = false;
    void gone.then(() => {
      if (!done) reject(new Error('the import ended before it could be killed mid-way'));
    });
    const tick = (): void => {
      if (done) return;
      const found = probe();
      if (found !== undefined) {
        done = true;
        resolve(found);
      } else setTimeout(tick, 5);
    };
    tick();
  });
}

function bigTriples(lines: number): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++) out.push(`patient ${i}|treated_at|hospital ${i % 97}`);
  return out.join('\n') + '\n';
}

describe('kill -9 during an import', () => {
  it('leaves no .import-* folder after the next start, and the graph byte-identical', async () => {
    const data = join(dir.path, 'data');
    const library = new GraphLibrary(data);
    await library.importFile('g', dir.file('small.txt', 'a|r|b\nb|r|c\n'));
    await library.close();
    const graphDir = join(data, 'graphs', 'g');
    const before = folderDigest(graphDir);

    const big = dir.file('big.txt', bigTriples(400_000));
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'ctrlg.mjs'), 'import', big, '--graph', 'g', '--data', data], {
      cwd: ROOT,
      stdio: 'ignore',
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    const graphsDir = join(data, 'graphs');
    // Mid-import: the work folder exists and the plaintext CSV copy is being written into it.
    const work = await pollUntil(() => {
      const entry = readdirSync(graphsDir).find((e) => e.startsWith('.import-g-'));
      return entry && existsSync(join(graphsDir, entry, 'entities.csv')) ? entry : undefined;
    }, exited);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect(existsSync(join(graphsDir, work))).toBe(true);

    // The next start (any face: here the library the CLI and the host build) recovers before anything else.
    const next = new GraphLibrary(data);
    try {
      expect((await next.list()).map((g) => [g.name, g.triples])).toEqual([['g', 2]]);
      expect(readdirSync(graphsDir).filter((e) => e.startsWith('.'))).toEqual([]);
      expect(folderDigest(graphDir)).toBe(before);
    } finally {
      await next.close();
    }
  }, 60_000);
});
