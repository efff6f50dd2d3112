// Exposure benchmark: what a curious Brain could learn, masked baseline vs the sanitizer, on the same questions.
// For every set it samples questions at random with a seed (the demo graph: all 57), runs `ctrlg eval` twice —
// `--view masked` (names replaced by session tokens, nothing else) and the sanitized view — with --reveal-mapping,
// runs the project's attacker (`ctrlg attack`, anchors and bridges, cross-session linkage) on each run's payloads,
// and writes `ctrlg exposure report` per set. Prints one markdown table: Hits@1, ASR@1/@5 on anchors+bridges (and
// each alone), linkage ASR@1 and how many tokens could be linked at all (their entity shown as a token in another
// compared session), node exposure p99 and top-1% share (every built payload counted as sent).
//   npm run bench:exposure -- [--sets demo,metaqa-2,metaqa-3,grailqa,simpleq,genealogy-2,…,sports-3] [--limit 300] [--seed 1]
//                             [--linkage 100] [--data ../shared/data] [--out DIR] [--graph NAME=KB,QUESTIONS …]
// Linkage compares --linkage sessions drawn at random (seeded): with 10, most sets share too few entities to count.
// Everything goes through the CLI in process, into a temporary data folder; --out keeps the eval folders and reports
// (they hold the revealed mappings: evaluation only, never share them).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runCli } from '../src-main/cli/runCli.js';
import { parseQuestions } from '../src-main/engine/import/questionsFile.js';
import { benchSets } from './lib/benchSets.js';
import { sampleQuestions } from './lib/sampleQuestions.js';

const { values } = parseArgs({
  options: {
    sets: { type: 'string', default: 'demo,metaqa-2,metaqa-3,grailqa,simpleq' },
    limit: { type: 'string', default: '300' },
    seed: { type: 'string', default: '1' },
    linkage: { type: 'string', default: '100' },
    data: { type: 'string', default: resolve(import.meta.dirname, '../../shared/data') },
    out: { type: 'string' },
    /** NAME=KB,QUESTIONS: one more set on a graph of your own (repeatable); give NAME in --sets too. */
    graph: { type: 'string', multiple: true, default: [] },
  },
});
const limit = Number(values.limit);
const seed = Number(values.seed);
for (const [flag, v] of [['--limit', limit], ['--seed', seed], ['--linkage', Number(values.linkage)]] as const)
  if (!Number.isInteger(v) || v < 0) throw new Error(`${flag} must be a non-negative integer`);

// The sets of bench:qa (bench/lib/benchSets.ts), the same questions of the same graphs; MetaQA with its brackets.
const SETS = [
  ...benchSets(values.data).filter((s) => !s.stripBrackets),
  ...values.graph.map((g) => {
    const m = /^([^=]+)=([^,]+),(.+)$/.exec(g);
    if (!m) throw new Error(`--graph ${g}: expected NAME=KB,QUESTIONS`);
    return { name: m[1], kb: resolve(m[2]), questions: resolve(m[3]) } as { name: string; kb: string; questions: string; all?: boolean };
  }),
];
const wanted = values.sets.split(',').map((s) => s.trim()).filter(Boolean);
const unknown = wanted.filter((w) => !SETS.some((s) => s.name === w));
if (unknown.length) throw new Error(`unknown set(s) ${unknown.join(', ')}; known: ${SETS.map((s) => s.name).join(', ')}`);
const sets = SETS.filter((s) => wanted.includes(s.name));
for (const s of sets) for (const f of [s.kb, s.questions]) if (!existsSync(f)) throw new Error(`${s.name}: no ${f} (see --data)`);

const VIEWS = ['masked', 'sanitized'] as const;
const scratch = mkdtempSync(join(tmpdir(), 'ctrlg-exposure-'));
const outRoot = values.out ? resolve(values.out) : join(scratch, 'runs');
const dataDir = join(scratch, 'data');

/** Runs one CLI command in process; its output is kept for the error message. */
async function cli(args: string[]): Promise<string> {
  let out = '';
  let err = '';
  const code = await runCli([...args, '--data', dataDir], { stdout: { write: (s: string) => ((out += s), true) }, stderr: { write: (s: string) => ((err += s), true) } } as never);
  if (code !== 0) throw new Error(`ctrlg ${args[0]} failed (${code}): ${err || out}`);
  return out;
}

type Json = Record<string, any>;
const readJson = (f: string): Json => JSON.parse(readFileSync(f, 'utf8')) as Json;
const pct = (x: number | undefined): string => (x === undefined ? '—' : (100 * x).toFixed(1));

interface Row {
  set: string;
  view: string;
  questions: number;
  hits: number;
  asr1: number;
  asr5: number;
  anchors: number;
  bridges: number;
  tokens: number;
  unique: number;
  linkage?: number;
  /** Tokens whose entity another compared session also shows as a token (the linkage denominator). */
  linkable?: number;
  /** Correct links expected over the linkable tokens. */
  links?: number;
  p99: number;
  top1: number;
  exposed: number;
}

const rows: Row[] = [];
try {
  for (const s of sets) {
    const all = parseQuestions(readFileSync(s.questions, 'utf8'));
    const picked = s.all ? all : sampleQuestions(all, limit, seed);
    const qfile = join(scratch, `${s.name}.questions.tsv`);
    writeFileSync(qfile, picked.map((q) => `${q.question}\t${q.gold.join('|')}`).join('\n') + '\n');
    for (const view of VIEWS) {
      const dir = join(outRoot, s.name, view);
      mkdirSync(dir, { recursive: true });
      const t0 = performance.now();
      await cli(['eval', '--kb', s.kb, '--questions', qfile, '--out', dir, '--view', view, '--reveal-mapping']);
      await cli(['attack', '--views', join(dir, 'views.jsonl'), '--reference', s.kb, ...(Number(values.linkage) > 0 ? ['--linkage', values.linkage] : []), '--out', join(dir, 'attack.json')]);
      const summary = readJson(join(dir, 'summary.json'));
      const attack = readJson(join(dir, 'attack.json'));
      const built = summary.node_exposure?.built?.single_token ?? {};
      rows.push({
        set: s.name,
        view,
        questions: summary.questions,
        hits: summary.hits_at_1,
        asr1: attack.anchors_bridges.asr_at_1,
        asr5: attack.anchors_bridges.asr_at_5,
        anchors: attack.anchors.asr_at_1,
        bridges: attack.bridges.asr_at_1,
        tokens: attack.anchors_bridges.scored,
        unique: attack.anchors_bridges.anonymity.unique_share,
        ...(attack.linkage ? { linkage: attack.linkage.asr_at_1, linkable: attack.linkage.eligible, links: attack.linkage.expected_links } : {}),
        p99: built.p99 ?? 0,
        top1: built.top1_percent_share ?? 0,
        exposed: built.exposed_entities ?? 0,
      });
      process.stderr.write(`${s.name} ${view}: ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
    }
    await cli(['exposure', 'report', '--eval', join(outRoot, s.name), '--out', join(outRoot, s.name, 'report.html')]);
  }
} finally {
  if (!values.out) rmSync(scratch, { recursive: true, force: true });
  else rmSync(dataDir, { recursive: true, force: true });
}

console.log(`\nExposure: masked baseline vs sanitized, same questions (seed ${seed}, ${limit} per set, demo all), attack with the raw graph as reference\n`);
console.log('| set | view | questions | Hits@1 | ASR@1 anchors+bridges | ASR@5 | anchors | bridges | tokens | unique | linkage ASR@1 | linkable tokens | expected links | node exposure p99 | top-1% share | entities shown |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows)
  console.log(
    `| ${r.set} | ${r.view} | ${r.questions} | ${pct(r.hits)} | ${pct(r.asr1)} | ${pct(r.asr5)} | ${pct(r.anchors)} | ${pct(r.bridges)} | ${r.tokens} | ${pct(r.unique)} | ${pct(r.linkage)} | ${r.linkable ?? '—'} | ${r.links?.toFixed(1) ?? '—'} | ${r.p99.toFixed(3)} | ${pct(r.top1)} | ${r.exposed} |`,
  );
console.log('\nRatio sanitized / masked (ASR@1 anchors+bridges; linkage ASR@1):');
for (const s of sets) {
  const m = rows.find((r) => r.set === s.name && r.view === 'masked');
  const z = rows.find((r) => r.set === s.name && r.view === 'sanitized');
  if (m && z)
    console.log(
      `  ${s.name}: ${pct(z.asr1)} / ${pct(m.asr1)} = ${m.asr1 > 0 ? (z.asr1 / m.asr1).toFixed(2) : '—'}; linkage ${pct(z.linkage)} / ${pct(m.linkage)} = ${m.linkage ? ((z.linkage ?? 0) / m.linkage).toFixed(2) : '—'} (expected correct links ${z.links?.toFixed(1) ?? '—'} vs ${m.links?.toFixed(1) ?? '—'}); Hits@1 ${pct(z.hits)} vs ${pct(m.hits)}`,
    );
}
if (values.out) console.log(`\nruns and reports in ${outRoot} (they hold revealed mappings: never share them)`);
