// npm run bench:scale -- --copies 1,8,32,80 [--questions 60] [--seed 1] [--heap 2048] [--work /tmp] [--data DIR]
// The graph at growing sizes: `--copies` structure-preserving copies of MetaQA's kb.txt (bench/lib/scaleCopies.ts:
// names suffixed per copy, 1% cross-links, seeded), each imported, then opened and asked in fresh processes:
//   import      wall time of the import (its own process) and its peak RSS
//   disk        the graph folder (Kuzu database + snapshot)
//   cold ask    `ctrlg ask --json` in a fresh process, spawn to exit (second run: GloVe cache and disk cache warm), as
//               bin/ctrlg.mjs runs it: the build in out/cli when fresh (`npm run build:cli`), else the sources via tsx
//   open        reading the graph into memory in the eval process (the snapshot)
//   p50/p95     warm per-question latency per hop, Hits@1 per hop, over questions sampled at random (seeded) from
//               MetaQA's dev sets with brackets, each rewritten to a random copy's names
//   unknown     a question naming no entity of the graph (closest names), warm
//   eval RSS    peak RSS of the eval process
// --heap N runs every child with --max-old-space-size=N. Outputs go under --work and are deleted afterwards.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, readdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseQuestions, quantile, type EvalQuestion } from '../src-main/engine/import/questionsFile.js';
import { createPrng } from '../src-main/engine/random/prng.js';
import { staleReason } from '../bin/builtCli.mjs';
import { questionForCopy, writeCopies } from './lib/scaleCopies.js';
import type { ScaleQuestions } from './lib/scaleChild.js';
import { sampleQuestions } from './lib/sampleQuestions.js';
import { treeRssKb } from './lib/treeRss.js';

const { values } = parseArgs({
  options: {
    copies: { type: 'string', default: '1,8' },
    questions: { type: 'string', default: '60' },
    seed: { type: 'string', default: '1' },
    heap: { type: 'string' },
    work: { type: 'string', default: '/tmp' },
    data: { type: 'string', default: resolve(import.meta.dirname, '../../shared/data') },
  },
});
const sizes = values.copies.split(',').map(Number);
if (sizes.some((c) => !Number.isInteger(c) || c < 1)) throw new Error('--copies takes whole numbers ≥ 1, e.g. 1,8,32,80');
const perHop = Number(values.questions);
const seed = Number(values.seed);
const root = resolve(import.meta.dirname, '..');
const metaqa = join(values.data, 'metaqa');
const nodeFlags = values.heap ? [`--max-old-space-size=${Number(values.heap)}`] : [];

interface Run {
  ms: number;
  /** User + system CPU seconds: on a shared, loaded machine the steadier figure. */
  cpuS: number;
  maxRssMb: number;
  stdout: string;
}

/**
 * Runs node with args under /usr/bin/time (CPU); peak RSS is the larger of time's (one process) and the sampled sum
 * over the process tree (the import's database load runs in a child). Fails loudly with the child's stderr.
 */
async function runNode(args: string[]): Promise<Run> {
  const t = performance.now();
  const child = spawn('/usr/bin/time', ['-f', 'MAXRSS_KB %M CPU %U %S', process.execPath, ...nodeFlags, ...args], { cwd: root });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  let treeKb = 0;
  const sampler = setInterval(() => (treeKb = Math.max(treeKb, treeRssKb(child.pid!))), 250);
  const status = await new Promise<number | null>((done, fail) => {
    child.on('error', fail);
    child.on('close', (code) => done(code));
  }).finally(() => clearInterval(sampler));
  const ms = performance.now() - t;
  const rss = /MAXRSS_KB (\d+) CPU ([\d.]+) ([\d.]+)/.exec(stderr);
  if (status !== 0) throw new Error(`node ${args.join(' ')} failed (${status}):\n${stderr.slice(-3000)}`);
  const timeKb = rss ? Number(rss[1]) : 0;
  return { ms, cpuS: rss ? Number(rss[2]) + Number(rss[3]) : NaN, maxRssMb: Math.max(timeKb, treeKb) / 1024 || NaN, stdout };
}

function folderBytes(dir: string): number {
  let total = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) total += e.isDirectory() ? folderBytes(join(dir, e.name)) : statSync(join(dir, e.name)).size;
  return total;
}

/** Seeded sample of each hop's dev questions (bracketed), each asked of a random copy. */
function questionsFor(copies: number): ScaleQuestions {
  const rng = createPrng(seed + copies);
  const hops: Record<string, EvalQuestion[]> = {};
  for (const hop of [1, 2, 3]) {
    const all = parseQuestions(readFileSync(join(metaqa, `${hop}-hop`, 'qa_dev.txt'), 'utf8'));
    hops[`${hop}-hop`] = sampleQuestions(all, perHop, seed + hop).map((q) => questionForCopy(q, rng.int(copies)));
  }
  const unknown = ['what films did [Qorvath Ellimund] star in', 'who directed [Zibberwock Tansley Prune]', 'when was [Xalvoria Quenth] released'];
  return { hops, unknown, warmup: 3 };
}

const gib = (mb: number): string => (mb / 1024).toFixed(2);
const rows: string[] = [];
mkdirSync(values.work, { recursive: true });
const work = mkdtempSync(join(values.work, 'ctrlg-scale-'));
try {
  for (const copies of sizes) {
    const dataDir = join(work, `data-${copies}`);
    const kb = join(work, `kb-${copies}.txt`);
    const name = `scale-${copies}`;
    const triples = await writeCopies(join(metaqa, 'kb.txt'), copies, kb, seed);
    console.error(`${copies} copies: ${triples.toLocaleString('en-US')} triples written`);
    const imported = await runNode(['bin/run-ts.mjs', 'bench/lib/scaleChild.ts', 'import', dataDir, name, kb]);
    const importInfo = JSON.parse(imported.stdout.trim().split('\n').at(-1)!) as { ms: number; triples: number; entities: number };
    rmSync(kb, { force: true });
    const disk = folderBytes(join(dataDir, 'graphs', name));
    console.error(`  import ${(importInfo.ms / 1000).toFixed(1)} s (process cpu ${imported.cpuS.toFixed(1)} s), peak RSS ${gib(imported.maxRssMb)} GiB, disk ${(disk / 2 ** 20).toFixed(0)} MiB`);
    const qs = questionsFor(copies);
    const firstQuestion = qs.hops['2-hop'][0].question;
    const cold = [await runNode(['bin/ctrlg.mjs', 'ask', '--data', dataDir, '--graph', name, '--json', firstQuestion]), await runNode(['bin/ctrlg.mjs', 'ask', '--data', dataDir, '--graph', name, '--json', firstQuestion])];
    console.error(`  cold ask ${cold.map((c) => `${(c.ms / 1000).toFixed(2)} s (cpu ${c.cpuS.toFixed(2)} s)`).join(', ')}, peak RSS ${gib(Math.max(...cold.map((c) => c.maxRssMb)))} GiB, load ${loadavg()[0].toFixed(1)}`);
    const qFile = join(work, `questions-${copies}.json`);
    writeFileSync(qFile, JSON.stringify(qs));
    const evaluated = await runNode(['bin/run-ts.mjs', 'bench/lib/scaleChild.ts', 'eval', dataDir, name, qFile]);
    const ev = JSON.parse(evaluated.stdout.trim().split('\n').at(-1)!) as { openMs: number; hops: Record<string, { n: number; hits: number; ms: number[] }>; unknownMs: number[] };
    const hopCells = Object.values(ev.hops).map((h) => `${((100 * h.hits) / Math.max(1, h.n)).toFixed(0)}% · ${quantile(h.ms, 0.5).toFixed(0)}/${quantile(h.ms, 0.95).toFixed(0)}`);
    rows.push(
      `| ${copies} | ${(importInfo.triples / 1e6).toFixed(2)}M | ${(importInfo.ms / 1000).toFixed(1)} s (${imported.cpuS.toFixed(1)}) | ${gib(imported.maxRssMb)} | ${(disk / 2 ** 20).toFixed(0)} MiB | ${(cold[1].ms / 1000).toFixed(2)} s (${cold[1].cpuS.toFixed(2)}) | ${(ev.openMs / 1000).toFixed(2)} s | ${hopCells.join(' | ')} | ${Math.max(...ev.unknownMs).toFixed(0)} ms | ${gib(Math.max(evaluated.maxRssMb, ...cold.map((c) => c.maxRssMb)))} |`,
    );
    console.error(`  ${rows.at(-1)}`);
    rmSync(dataDir, { recursive: true, force: true });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
const stale = staleReason(root, resolve(root, 'out/cli'));
console.log(`\nseed ${seed}, ${perHop} questions per hop per size${values.heap ? `, --max-old-space-size=${values.heap}` : ''}; hop cells: Hits@1 · p50/p95 ms (warm); (…) CPU seconds of the process; load average at the end ${loadavg()[0].toFixed(1)}; cold ask ran ${stale ? `the sources through tsx (build not used: ${stale})` : 'the build in out/cli'}\n`);
console.log('| copies | triples | import | import RSS GiB | disk | cold ask | open | 1-hop | 2-hop | 3-hop | unknown (max) | ask/eval RSS GiB |');
console.log('|---:|---:|---:|---:|---:|---:|---:|---|---|---|---:|---:|');
for (const r of rows) console.log(r);
