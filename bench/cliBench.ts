// npm run bench:cli [-- --data DIR --graph NAME] [--runs N] [--seed S] [--source] [--ctrlg FILE]: cold start-up of the `ctrlg`
// command, each run a fresh process: `--help`, `graphs`, `ask --help` (the ask command and everything it imports,
// before any graph is opened) and `ask` on a question drawn at random (seeded) from MetaQA 1-hop dev. Prints the
// median and range of N runs (default 5), wall and CPU (user+sys of the child). Without --data, MetaQA's kb.txt is
// imported into a throwaway data folder first. It runs bin/ctrlg.mjs as a user would: the build (out/cli) when it
// is fresh, otherwise the sources; --source measures the sources through tsx whatever the build; --ctrlg runs another
// entry point (another checkout's bin/ctrlg.mjs, to compare).
// Targets (issue 14): --help ≤ 0.5 s; ask at 130k triples ≤ 1 s (GloVe cache built). The machine's load average
// is printed with the numbers: on a shared 2-core machine wall times follow the load, CPU times much less.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { staleReason } from '../bin/builtCli.mjs';
import { sampleQuestions } from './lib/sampleQuestions.js';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    graph: { type: 'string', default: 'metaqa' },
    kb: { type: 'string', default: resolve(root, '../shared/data/metaqa/kb.txt') },
    questions: { type: 'string', default: resolve(root, '../shared/data/metaqa/1-hop/qa_dev.txt') },
    runs: { type: 'string', default: '5' },
    seed: { type: 'string', default: '14' },
    source: { type: 'boolean', default: false },
    ctrlg: { type: 'string', default: join(root, 'bin/ctrlg.mjs') },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, not "${values.runs}"`);

/** CPU seconds (user+sys) of this process's finished children, from /proc (Linux); undefined elsewhere. */
function childrenCpu(): number | undefined {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // After "pid (comm) ": state is field 3, so cutime (16) and cstime (17) are at 13 and 14; ticks are 1/100 s.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

const env = { ...process.env, ...(values.source ? { CTRLG_CLI: 'source' } : {}) };
function ctrlg(args: string[], dataDir: string): { wall: number; cpu: number | undefined } {
  const cpu0 = childrenCpu();
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [resolve(values.ctrlg), ...args, '--data', dataDir], { env, encoding: 'utf8' });
  const wall = (performance.now() - t0) / 1000;
  const cpu1 = childrenCpu();
  if (r.status !== 0) throw new Error(`ctrlg ${args.join(' ')} exited ${r.status}: ${r.stderr.trim().split('\n').slice(-3).join(' | ')}`);
  return { wall, cpu: cpu0 === undefined || cpu1 === undefined ? undefined : cpu1 - cpu0 };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (xs: number[]): string => `${median(xs).toFixed(2)} s (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})`;

const ownData = !values.data;
const dataDir = values.data ?? mkdtempSync(join(tmpdir(), 'ctrlg-bench-cli-'));
try {
  if (ownData) {
    console.log(`importing ${values.kb} into a throwaway data folder…`);
    ctrlg(['import', values.kb, '--graph', values.graph], dataDir);
  }
  const lines = readFileSync(values.questions, 'utf8').split('\n').filter(Boolean);
  // MetaQA marks the topic entity with [brackets]; the CLI takes the question as a user types it.
  const question = sampleQuestions(lines, 1, Number(values.seed))[0].split('\t')[0].replace(/[[\]]/g, '');
  const ownBin = resolve(values.ctrlg) === join(root, 'bin/ctrlg.mjs');
  const stale = staleReason(root, resolve(root, 'out/cli'));
  const mode = values.source || stale ? `sources through tsx${stale && !values.source ? ` (build not used: ${stale})` : ''}` : 'the build in out/cli';
  console.log(`runs: ${resolve(values.ctrlg)}${ownBin ? `, ${mode}` : ''}`);
  console.log(`ask: "${question}" on graph ${values.graph}; load average before: ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  // One warm-up of ask: builds the GloVe cache if missing, so the runs measure a cold process, not a first install.
  ctrlg(['ask', '--graph', values.graph, question], dataDir);
  const cases: [string, string[]][] = [
    ['--help', ['--help']],
    ['graphs', ['graphs']],
    ['ask --help', ['ask', '--help']],
    ['ask', ['ask', '--graph', values.graph, question]],
  ];
  console.log(`${'command'.padEnd(12)} ${`wall, median of ${runs} (min–max)`.padEnd(28)} cpu user+sys, median`);
  for (const [name, args] of cases) {
    const samples = Array.from({ length: runs }, () => ctrlg(args, dataDir));
    const cpus = samples.flatMap((s) => (s.cpu === undefined ? [] : [s.cpu]));
    console.log(`${name.padEnd(12)} ${fmt(samples.map((s) => s.wall)).padEnd(28)} ${cpus.length ? `${median(cpus).toFixed(2)} s` : 'n/a'}`);
  }
  console.log(`load average after: ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
} finally {
  if (ownData) rmSync(dataDir, { recursive: true, force: true });
}
