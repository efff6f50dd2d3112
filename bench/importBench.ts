// npm run bench:import -- FILE [--format F]: imports FILE into a throwaway data dir and reports
// throughput, wall time and peak RSS (target for MetaQA's kb.txt: ≤ 5 s, ≤ 500 MB on 2 cores).
// A component benchmark of the import into the GraphLibrary, which it uses directly.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { ImportFormat } from '../src-main/common/graphTypes.js';
import { GraphLibrary } from '../src-main/engine/import/graphLibrary.js';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { format: { type: 'string' } } });
const file = positionals[0] ?? resolve(import.meta.dirname, '../../shared/data/metaqa/kb.txt');
const dataDir = mkdtempSync(join(tmpdir(), 'ctrlg-bench-'));
let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
const mb = (b: number): string => `${(b / 2 ** 20).toFixed(0)} MB`;

const library = new GraphLibrary(dataDir);
try {
  const started = performance.now();
  const result = await library.importFile('bench', file, { format: values.format as ImportFormat | undefined });
  const seconds = (performance.now() - started) / 1000;
  const reopen = performance.now();
  await library.memoryGraph('bench');
  const memorySeconds = (performance.now() - reopen) / 1000;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024);
  console.log(`file        ${file}`);
  console.log(`triples     ${result.triplesRead.toLocaleString('en-US')} read, ${result.triplesTotal.toLocaleString('en-US')} stored, ${result.entitiesTotal.toLocaleString('en-US')} entities`);
  console.log(`wall        ${seconds.toFixed(2)} s  (${Math.round(result.triplesRead / seconds).toLocaleString('en-US')} triples/s)`);
  console.log(`memoryGraph ${memorySeconds.toFixed(2)} s to load the graph into memory`);
  console.log(`peak RSS    ${mb(peakRss)}`);
} finally {
  clearInterval(sampler);
  await library.close();
  rmSync(dataDir, { recursive: true, force: true });
}
