// npm run bench:import-cancel -- [FILE]: how long a cancelled import takes to answer, by the phase it was in.
// Cancels one import of FILE (default MetaQA's kb.txt) at each of a spread of moments across a full import's time,
// and reports the latency from abort() to the rejected promise (target: under 1 s in every phase), and how long
// the interrupted step then ran on in the background before its clean-up (a running Kuzu COPY cannot stop).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ImportProgress } from '../src-main/common/graphTypes.js';
import { GraphLibrary } from '../src-main/engine/import/graphLibrary.js';

const file = process.argv[2] ?? resolve(import.meta.dirname, '../../shared/data/metaqa/kb.txt');
const dataDir = mkdtempSync(join(tmpdir(), 'ctrlg-cancel-bench-'));
const library = new GraphLibrary(dataDir);
try {
  const started = performance.now();
  await library.importFile('full', file);
  const fullMs = performance.now() - started;
  console.log(`full import ${fullMs.toFixed(0)} ms; cancelling at 10 points across it`);
  console.log('at (ms)  phase   answered (ms)  background ran on (ms)');
  for (let k = 1; k <= 10; k++) {
    const at = (fullMs * k) / 11;
    const abort = new AbortController();
    let phase: ImportProgress['phase'] = 'parse';
    const run = library.importFile('c', file, { replace: true, signal: abort.signal, onProgress: (p) => (phase = p.phase) });
    const outcome = await new Promise<string>((done) => {
      setTimeout(() => {
        const aborted = performance.now();
        const atPhase = phase;
        run.then(
          () => done(`${at.toFixed(0).padStart(7)}  ${atPhase.padEnd(6)}  finished before the cancel`),
          async () => {
            const answered = performance.now() - aborted;
            await library.settled();
            const background = performance.now() - aborted - answered;
            done(`${at.toFixed(0).padStart(7)}  ${atPhase.padEnd(6)}  ${answered.toFixed(0).padStart(13)}  ${background.toFixed(0).padStart(22)}`);
          },
        );
        abort.abort();
      }, at);
    });
    console.log(outcome);
  }
} finally {
  await library.close();
  rmSync(dataDir, { recursive: true, force: true });
}
