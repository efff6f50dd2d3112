// QA benchmark over every development set, each on its own graph, through the same engine (one GloVe DRM):
// MetaQA 1/2/3-hop with the topic entity in [brackets] and without them, GrailQA, SimpleQuestions-Wikidata and the
// demo graph (all 57 questions), and the generated genealogy and sports graphs (2- and 3-hop). Each questions file
// is sampled uniformly at random with a fixed seed (never the head of the file, whose order follows how the data set
// was built); MetaQA with and without brackets get the same questions, and so do the "-lc" sets (MetaQA 1/2/3-hop,
// genealogy-2, sports-2 as people type them: brackets stripped, all lower case). Prints one markdown table: Hits@1,
// share of questions with no answer, warm latency p50/p95.
//   npm run bench:qa -- [--limit 300] [--seed 1] [--sets metaqa-1,metaqa-1-nb,metaqa-1-lc,…,grailqa,simpleq,demo,genealogy-2,…,sports-2-lc]
//                       [--data ../shared/data] [--d-max 3] [--warmup 5] [--miss-report] [--out FILE.json]
//                       [--hand PATH.gguf [--hand-threads 1]]
// --hand runs every Hand skill on a local GGUF (the LLM Hand, algorithmic fallbacks as in the app), so a user's model
// is compared with the algorithmic Hand on the same table; calls and fallbacks per question are added to each row.
// --miss-report groups the misses by cause per set (see bench/lib/classifyMiss.ts) with one example per cause.
// Graphs are parsed straight into a MemoryGraph (no database) and asked through the app's assembly (assemble(), its
// ask service), as the CLI and the app ask. MetaQA's qa_dev_qtype.txt is read only to label the per-question rows
// of --out, never as input to the pipeline.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { AskResult } from '../src-main/common/answerTypes.js';
import { assemble } from '../src-main/engine/app/assemble.js';
import { inMemoryGraphs } from '../src-main/engine/app/askService.js';
import { loadGloveDrm } from '../src-main/engine/drm/gloveDrm.js';
import { pipeTriplesGraph } from '../src-main/engine/import/pipeTriplesGraph.js';
import { hitAt1, parseQuestions, quantile, type EvalQuestion } from '../src-main/engine/import/questionsFile.js';
import type { MemoryGraph } from '../src-main/engine/graph/memoryGraph.js';
import type { ConfidenceSignals } from '../src-main/common/answerTypes.js';
import { classifyMiss, formatChain, MISS_CAUSES, missInputOf, type MissCause, type MissDiagnosis } from './lib/classifyMiss.js';
import { benchSets, type BenchSet } from './lib/benchSets.js';
import { sampleQuestions } from './lib/sampleQuestions.js';
import { answerNames } from '../src-main/common/answerNames.js';

const { values } = parseArgs({
  options: {
    limit: { type: 'string', default: '300' },
    seed: { type: 'string', default: '1' },
    sets: { type: 'string' },
    data: { type: 'string', default: resolve(import.meta.dirname, '../../shared/data') },
    'd-max': { type: 'string', default: '3' },
    warmup: { type: 'string', default: '5' },
    'miss-report': { type: 'boolean', default: false },
    out: { type: 'string' },
    hand: { type: 'string' },
    'hand-threads': { type: 'string', default: '1' },
  },
});
const limit = Number(values.limit);
const seed = Number(values.seed);
const dMax = Number(values['d-max']);
const warmup = Number(values.warmup);
for (const [flag, v] of [['--limit', limit], ['--seed', seed], ['--d-max', dMax], ['--warmup', warmup]] as const)
  if (!Number.isInteger(v) || v < 0) throw new Error(`${flag} must be a non-negative integer`);

const ALL_SETS = benchSets(values.data);
const wanted = values.sets ? values.sets.split(',').map((s) => s.trim()).filter(Boolean) : ALL_SETS.map((s) => s.name);
const unknown = wanted.filter((w) => !ALL_SETS.some((s) => s.name === w));
if (unknown.length) throw new Error(`unknown set(s) ${unknown.join(', ')}; known: ${ALL_SETS.map((s) => s.name).join(', ')}`);
const sets = ALL_SETS.filter((s) => wanted.includes(s.name));
for (const s of sets) for (const f of [s.kb, s.questions]) if (!existsSync(f)) throw new Error(`${s.name}: no ${f} (see --data)`);

interface QuestionRow {
  set: string;
  /** Line of the question in its file (0-based). */
  line: number;
  type?: string;
  question: string;
  gold: string[];
  answers: string[];
  hit: boolean;
  ms: number;
  topics: string[];
  chain: string;
  cause?: MissCause;
  goldChains?: string[];
  shortest?: number;
  /** The gold-chain enumeration hit its edge budget. */
  approximate?: boolean;
  /** Estimated probability the top answer is right, and whether the engine marked it unsure. */
  p?: number;
  unsure?: boolean;
  signals?: ConfidenceSignals;
  /** Answer-type fit of the top five answers (1 match, -1 mismatch, 0 unknown), for calibration studies. */
  typeFits?: number[];
  /** The engine withheld its answer (no reading explains the question); whether the withheld top answer was right. */
  abstained?: boolean;
  abstainedHit?: boolean;
}

interface TableRow {
  set: string;
  n: number;
  hits1: number;
  noAnswer: number;
  p50: number;
  p95: number;
  /** Share of wrong top answers marked unsure, and of right ones (calibration: high, then low). */
  wrongUnsure: number;
  rightUnsure: number;
}

/** The sampled questions of a set, each with its line in the file. */
function questionsOf(set: BenchSet): { line: number; q: EvalQuestion; type?: string }[] {
  const lines = readFileSync(set.questions, 'utf8').split(/\r?\n/);
  const types = set.types && existsSync(set.types) ? readFileSync(set.types, 'utf8').split(/\r?\n/) : undefined;
  const items = lines.flatMap((l, line) => parseQuestions(l).map((q) => ({ line, q, ...(types?.[line] ? { type: types[line].trim() } : {}) })));
  return set.all ? items : sampleQuestions(items, limit, seed);
}

/** Asks one question of the set's graph. */
type Ask = (question: string) => Promise<AskResult>;

async function runSet(set: BenchSet, graph: MemoryGraph, ask: Ask): Promise<{ table: TableRow; rows: QuestionRow[] }> {
  const rows: QuestionRow[] = [];
  const lat: number[] = [];
  const t0 = performance.now();
  for (const [i, { line, q, type }] of questionsOf(set).entries()) {
    const stripped = set.stripBrackets || set.lowerCase ? q.question.replace(/[[\]]/g, '') : q.question;
    const question = set.lowerCase ? stripped.toLowerCase() : stripped;
    const t = performance.now();
    const r = await ask(question);
    const ms = performance.now() - t;
    if (i >= warmup) lat.push(ms);
    const answers = answerNames(r);
    const hit = hitAt1(answers, q.gold);
    // The file's brackets name the intended topic, whether or not this set shows them to the engine.
    const input = { ...missInputOf(r, q.gold, dMax), named: [...q.question.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]) };
    const row: QuestionRow = {
      set: set.name,
      line,
      ...(type ? { type } : {}),
      question,
      gold: q.gold,
      answers: answers.slice(0, 5),
      hit,
      ms: Math.round(ms * 10) / 10,
      topics: r.topics.map((t) => t.name),
      chain: formatChain(input.top?.chain.length ? input.top.chain : (input.indicator ?? [])),
      p: r.confidence?.p ?? 0,
      // No confidence at all (nothing linked or analysed) counts as unsure: nothing was found to be sure of.
      unsure: r.confidence?.unsure ?? true,
      ...(r.confidence ? { signals: r.confidence.signals } : {}),
      typeFits: r.answers.slice(0, 5).map((a) => (a.typeFit === 'match' ? 1 : a.typeFit === 'mismatch' ? -1 : 0)),
      ...(r.abstained ? { abstained: true, abstainedHit: hitAt1(r.abstained.answers.map((a) => a.name), q.gold) } : {}),
    };
    if (!hit && values['miss-report']) {
      const d: MissDiagnosis | undefined = classifyMiss(graph, input);
      if (d) {
        row.cause = d.cause;
        if (d.goldChains.length) row.goldChains = d.goldChains.slice(0, 3).map(formatChain);
        if (d.shortest !== undefined) row.shortest = d.shortest;
        if (d.approximate) row.approximate = true;
      }
    }
    rows.push(row);
  }
  const n = rows.length;
  const pct = (k: number): number => (n ? (100 * k) / n : 0);
  console.error(`  ${set.name}: ${n} questions in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return {
    table: {
      set: set.name,
      n,
      hits1: pct(rows.filter((r) => r.hit).length),
      noAnswer: pct(rows.filter((r) => r.answers.length === 0).length),
      p50: quantile(lat, 0.5),
      p95: quantile(lat, 0.95),
      wrongUnsure: share(rows.filter((r) => !r.hit), (r) => !!r.unsure),
      rightUnsure: share(rows.filter((r) => r.hit), (r) => !!r.unsure),
    },
    rows,
  };
}

function share<T>(items: readonly T[], f: (x: T) => boolean): number {
  return items.length ? (100 * items.filter(f).length) / items.length : 0;
}

const t0 = performance.now();
const drm = await loadGloveDrm();
console.error(`GloVe loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s; seed ${seed}, limit ${limit} per set (demo: all), d-max ${dMax}, warm-up ${warmup}`);

const table: TableRow[] = [];
const allRows: QuestionRow[] = [];
const graphs: Record<string, string> = {};
// Nothing is written there: no Brain, no memory, no model; the graphs stay in memory.
const dataDir = mkdtempSync(join(tmpdir(), 'ctrlg-qa-bench-'));
try {
  for (const key of [...new Set(sets.map((s) => s.graph))]) {
    const group = sets.filter((s) => s.graph === key);
    const tg = performance.now();
    const graph = pipeTriplesGraph(group[0].kb, key);
    const parts = assemble({ dataDir, graphs: inMemoryGraphs(dataDir, graph), loadDrm: async () => drm, memory: null });
    // --hand: the model answers every Hand skill (algorithmic fallbacks), as in the app with a model loaded.
    if (values.hand) await parts.hand.load({ path: values.hand, gpu: 'auto', gpuLayers: 'auto', threads: Number(values['hand-threads']) }, () => undefined);
    graphs[key] = `${graph.size} entities, ${graph.tripleCount} triples`;
    console.error(`${key}: ${graphs[key]}, loaded in ${((performance.now() - tg) / 1000).toFixed(1)} s`);
    try {
      const ask: Ask = async (question) => (await parts.asks!.run({ graph: key, question, dMax })).result;
      for (const set of group) {
        const before = parts.hand.accounting.totals();
        const { table: row, rows } = await runSet(set, graph, ask);
        table.push(row);
        allRows.push(...rows);
        if (values.hand) {
          const after = parts.hand.accounting.totals();
          console.error(`  ${set.name}: Hand model calls/question ${((after.calls - before.calls) / Math.max(1, row.n)).toFixed(2)}, fallbacks/question ${((after.fallbacks - before.fallbacks) / Math.max(1, row.n)).toFixed(2)}`);
        }
      }
    } finally {
      await parts.close();
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const f1 = (x: number): string => x.toFixed(1);
const tableText = [
  `| set | n | Hits@1 % | no-answer % | wrong marked unsure % | right marked unsure % | p50 ms | p95 ms |`,
  `|---|---:|---:|---:|---:|---:|---:|---:|`,
  ...table.map((r) => `| ${r.set} | ${r.n} | ${f1(r.hits1)} | ${f1(r.noAnswer)} | ${f1(r.wrongUnsure)} | ${f1(r.rightUnsure)} | ${f1(r.p50)} | ${f1(r.p95)} |`),
].join('\n');
console.log(`\nseed ${seed}, ${limit} questions per set sampled uniformly (demo: all ${table.find((r) => r.set === 'demo')?.n ?? 57}), d-max ${dMax}\n`);
console.log(tableText);

const withheld = allRows.filter((r) => r.abstained && !r.set.endsWith('-nb'));
console.log(`\nAbstentions: ${withheld.length} answers withheld, of which ${withheld.filter((r) => r.abstainedHit).length} would have been right (${[...new Set(withheld.map((r) => r.set))].map((s) => `${s} ${withheld.filter((r) => r.set === s).length}/${withheld.filter((r) => r.set === s && r.abstainedHit).length}`).join(', ') || 'none'})`);

// Reliability: the engine's estimated probability of being right against how often it was, over every question.
const bins = [0, 0.2, 0.4, 0.6, 0.8, 1.0001];
const reliability = bins.slice(0, -1).map((lo, i) => {
  const inBin = allRows.filter((r) => (r.p ?? 0) >= lo && (r.p ?? 0) < bins[i + 1]);
  const mean = inBin.length ? inBin.reduce((s, r) => s + (r.p ?? 0), 0) / inBin.length : 0;
  return { bin: `${lo.toFixed(1)}–${Math.min(1, bins[i + 1]).toFixed(1)}`, n: inBin.length, meanP: mean, accuracy: share(inBin, (r) => r.hit) };
});
console.log(`\nReliability over all ${allRows.length} questions (estimated probability right vs Hits@1)\n`);
console.log('| p bin | n | mean p | Hits@1 % |\n|---|---:|---:|---:|');
for (const b of reliability) console.log(`| ${b.bin} | ${b.n} | ${b.meanP.toFixed(2)} | ${b.n ? f1(b.accuracy) : '-'} |`);

let missCounts: Record<string, Partial<Record<MissCause, number>>> | undefined;
if (values['miss-report']) {
  missCounts = {};
  for (const r of allRows) if (r.cause) (missCounts[r.set] ??= {})[r.cause] = (missCounts[r.set]?.[r.cause] ?? 0) + 1;
  const causes = MISS_CAUSES.filter((c) => Object.values(missCounts!).some((m) => m[c]));
  console.log(`\nMisses by cause (counts of questions; see bench/lib/classifyMiss.ts)\n`);
  console.log(`| set | misses | ${causes.join(' | ')} |\n|---|---:|${causes.map(() => '---:|').join('')}`);
  for (const t of table) {
    const m = missCounts[t.set] ?? {};
    const misses = allRows.filter((r) => r.set === t.set && !r.hit).length;
    console.log(`| ${t.set} | ${misses} | ${causes.map((c) => m[c] ?? 0).join(' | ')} |`);
  }
  console.log('\nOne example per cause (question → top answer; chain; gold; gold chain):');
  for (const t of table) {
    console.log(`\n${t.set}`);
    for (const c of causes) {
      const ex = allRows.find((r) => r.set === t.set && r.cause === c);
      if (!ex) continue;
      const gold = ex.gold.length > 4 ? `${ex.gold.slice(0, 4).join('|')}|… (${ex.gold.length})` : ex.gold.join('|');
      console.log(
        `  [${c}] ${ex.question} → ${ex.answers[0] ?? '(none)'}; chain ${ex.chain}; topics ${ex.topics.join(', ') || '-'}; gold ${gold}` +
          (ex.goldChains ? `; gold chain ${ex.goldChains.join(' or ')}` : ''),
      );
    }
  }
}

if (values.out) {
  writeFileSync(
    values.out,
    `${JSON.stringify({ seed, limit, dMax, warmup, graphs, table, tableText, reliability, ...(missCounts ? { misses: missCounts } : {}), questions: allRows }, null, 1)}\n`,
  );
  console.error(`wrote ${values.out}`);
}
