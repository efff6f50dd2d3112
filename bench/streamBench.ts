// Stream benchmark of the experience memory: a deterministic stream of mixed 1/2/3-hop MetaQA dev questions, a
// stand-in Brain that ranks payloads from what it receives only (DrmStandInBrain acting as remote, so every call
// goes through approval with approve-all, the exposure ledger and the audit log, like a remote Brain would), once
// with memory in a temp dir and once without. Each run is the app's assembly (assemble(): the ask service, the Brain
// service with the stand-in as its run, the memory service) over the in-memory graph. Per window of 100 questions: Hits@1, Brain calls per question, memory hit rate, reuse rate and memory
// lookup p50. Then the memory is filled to --fill records with synthetic ones and the stream's own lookups are
// replayed, cold (store) and repeated (hot buffer).
//   npm run bench:stream -- [--questions 1000] [--window 100] [--fill 10000] [--no-baseline] [--policy whenUnsure|always]
// --policy always asks the Brain every round (memory may still stand in): node exposure at the density of a stream
// where every question is sent, where the top-1% share measures concentration rather than how few calls there were.
import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { AskResult } from '../src-main/common/answerTypes.js';
import type { LedgerSummary } from '../src-main/common/brainTypes.js';
import { assemble } from '../src-main/engine/app/assemble.js';
import { inMemoryGraphs } from '../src-main/engine/app/askService.js';
import { AutoApprover } from '../src-main/engine/app/runInputs.js';
import type { ExperienceQuery } from '../src-main/engine/core/experienceProvider.js';
import { loadGloveDrm } from '../src-main/engine/drm/gloveDrm.js';
import { pipeTriplesGraph } from '../src-main/engine/import/pipeTriplesGraph.js';
import { hitAt1, parseQuestions, quantile, type EvalQuestion } from '../src-main/engine/import/questionsFile.js';
import { ExperienceStore } from '../src-main/engine/memory/experienceStore.js';
import { MemoryExperienceProvider } from '../src-main/engine/memory/memoryExperienceProvider.js';
import { newExperienceRecord } from '../src-main/engine/memory/writeExperience.js';
import { renderTemplate } from '../src-main/engine/memory/abstractTrace.js';
import { type AbstractTrace } from '../src-main/engine/memory/experienceRecord.js';
import { DEFAULT_QA_CONFIG } from '../src-main/engine/qa/qaEngine.js';
import type { Drm } from '../src-main/engine/core/types.js';
import type { MemoryGraph } from '../src-main/engine/graph/memoryGraph.js';
import { answerNames } from '../src-main/common/answerNames.js';

const { values } = parseArgs({
  options: {
    questions: { type: 'string', default: '1000' },
    window: { type: 'string', default: '100' },
    fill: { type: 'string', default: '10000' },
    'no-baseline': { type: 'boolean', default: false },
    policy: { type: 'string', default: 'whenUnsure' },
  },
});
const N = Number(values.questions);
const WINDOW = Number(values.window);
const FILL = Number(values.fill);
if (values.policy !== 'whenUnsure' && values.policy !== 'always') throw new Error('--policy must be whenUnsure or always');
const POLICY = values.policy;
// The shared data sits next to the repository, wherever that is checked out.
const DATA = resolve(import.meta.dirname, '..', '..', 'shared', 'data', 'metaqa');

/** 1-, 2-, 3-hop in turn; within a hop a fixed stride through the dev file, so question types mix. */
export function mixedStream(byHop: EvalQuestion[][], n: number): (EvalQuestion & { hop: number })[] {
  const out: (EvalQuestion & { hop: number })[] = [];
  for (let i = 0; i < n; i++) {
    const h = i % byHop.length;
    const list = byHop[h];
    out.push({ ...list[(Math.floor(i / byHop.length) * 7919) % list.length], hop: h + 1 });
  }
  return out;
}

interface Step {
  hit: boolean;
  brainCalls: number;
  memoryHits: number;
  reused: boolean;
  saved: number;
  lookupMs?: number;
  result: AskResult;
}

/** The exposure ledger's node exposure after each run (what was actually sent, over each question's eligible cohort). */
const ledgers = new Map<string, LedgerSummary | undefined>();

async function runStream(graph: MemoryGraph, drm: Drm, stream: EvalQuestion[], label: string, memoryDir?: string): Promise<Step[]> {
  // Each run's own data dir: its exposure ledger and audit log (the stand-in acts as a remote Brain).
  const dataDir = await mkdtemp(join(tmpdir(), 'ctrlg-stream-data-'));
  const parts = assemble({
    dataDir,
    graphs: inMemoryGraphs(dataDir, graph),
    loadDrm: async () => drm,
    memory: memoryDir ? { dir: memoryDir } : null,
    brain: { run: { settings: { mode: 'drm', actsRemote: true, policy: POLICY }, approver: new AutoApprover('all'), approval: 'all' } },
  });
  const steps: Step[] = [];
  const t0 = performance.now();
  try {
    for (const [i, q] of stream.entries()) {
      const { result: r, brain } = await parts.asks!.run({ graph: graph.name, question: q.question, questionId: `s${i}` });
      steps.push({
        hit: hitAt1(answerNames(r), q.gold),
        brainCalls: brain?.tally().calls ?? 0,
        memoryHits: r.memory?.hits ?? 0,
        reused: r.memory?.reused ?? false,
        saved: r.memory?.savedBrainCalls ?? 0,
        ...(r.memory?.lookupMs !== undefined ? { lookupMs: r.memory.lookupMs } : {}),
        result: r,
      });
      if ((i + 1) % WINDOW === 0) process.stderr.write(`  ${label}: ${i + 1}/${stream.length} (${((performance.now() - t0) / 1000).toFixed(0)} s)\n`);
    }
    ledgers.set(label, await parts.brain.exposureIfRemote());
  } finally {
    await parts.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  return steps;
}

const pct = (x: number, n: number): string => (n ? ((100 * x) / n).toFixed(1) : '-');

function windows(steps: Step[]): Step[][] {
  const out: Step[][] = [];
  for (let i = 0; i < steps.length; i += WINDOW) out.push(steps.slice(i, i + WINDOW));
  return out;
}

/** Synthetic abstract records under the stream's exposure mode, so the search scans them like real ones. */
function fillerRecords(count: number, dim: number, seed: number): ReturnType<typeof newExperienceRecord>[] {
  let s = seed >>> 0;
  const rand = (): number => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 0x100000000);
  const gauss = (): number => Math.sqrt(-2 * Math.log(rand() + 1e-12)) * Math.cos(2 * Math.PI * rand());
  const unit = (): Float32Array => {
    const v = Float32Array.from({ length: dim }, gauss);
    const n = Math.hypot(...v);
    return v.map((x) => x / n);
  };
  const relations = ['directed_by', 'starred_actors', 'written_by', 'has_genre', 'release_year', 'in_language', 'has_tags'];
  const exposure = { ...DEFAULT_QA_CONFIG.sanitize, relations: 'labels' as const };
  return Array.from({ length: count }, () => {
    const hops = 1 + Math.floor(rand() * 3);
    const steps = Array.from({ length: hops }, (_, i) => ({ relation: relations[Math.floor(rand() * relations.length)], direction: (i % 2 ? 'in' : 'out') as 'in' | 'out' }));
    const roles = ['ANCHOR_1', ...Array.from({ length: hops - 1 }, (_, i) => `BRIDGE_${i + 1}`), 'ANSWER'];
    const trace: AbstractTrace = {
      question: 'which films are linked to ANCHOR_1',
      indicator: { anchors: ['ANCHOR_1'], chain: steps.map((x) => ({ ...x, confidence: 0.8 })), answerPosition: hops, dPredict: hops },
      trajectory: [{ mode: 'Topic', depth: hops, verified: true }],
      templates: [{ roles, steps, text: renderTemplate(roles, steps), seen: 1 }],
      literals: [],
      outcome: 'verified',
      failures: [],
      exposure: { relations: exposure.relations, k: exposure.k, dates: exposure.dates, schemaTypes: exposure.schemaTypes, supernodes: exposure.supernodes },
    };
    return newExperienceRecord(trace, { questionVector: unit(), indicatorVector: unit() });
  });
}

/** The stream's own lookups replayed against a memory of `fill` records: cold (store) and repeated (buffer). */
async function lookupAtScale(drm: Drm, dir: string, steps: Step[]): Promise<{ records: number; cold: number; buffered: number; bufferRate: number }> {
  const store = await ExperienceStore.open(dir);
  const missing = FILL - (await store.count());
  for (let i = 0; i < missing; i += 1000) await store.add(fillerRecords(Math.min(1000, missing - i), store.dim, 7 + i));
  const exposure = { ...DEFAULT_QA_CONFIG.sanitize, relations: 'labels' as const };
  const queries: ExperienceQuery[] = steps
    .map((s) => s.result)
    .filter((r) => r.indicator && r.indicator.anchors.length > 0)
    .slice(-200)
    .map((r) => ({ anonymizedQuestion: r.anonymizedQuestion, anchors: r.indicator!.anchors, indicator: r.indicator!, exposure }));
  const provider = new MemoryExperienceProvider(store, drm);
  const cold: number[] = [];
  const warm: number[] = [];
  let fromBuffer = 0;
  for (const q of queries) cold.push((await provider.retrieve(q)).lookupMs ?? 0);
  for (const q of queries) {
    const r = await provider.retrieve(q);
    warm.push(r.lookupMs ?? 0);
    if (r.source === 'buffer') fromBuffer++;
  }
  const records = await store.count();
  provider.dispose();
  store.close();
  return { records, cold: quantile(cold, 0.5), buffered: quantile(warm, 0.5), bufferRate: fromBuffer / Math.max(1, queries.length) };
}

const drm = await loadGloveDrm();
const byHop = [1, 2, 3].map((h) => parseQuestions(readFileSync(join(DATA, `${h}-hop`, 'qa_dev.txt'), 'utf8')));
const stream = mixedStream(byHop, N);
const dir = await mkdtemp(join(tmpdir(), 'ctrlg-stream-memory-'));
try {
  const graph = pipeTriplesGraph(join(DATA, 'kb.txt'), 'metaqa');
  const withMemory = await runStream(graph, drm, stream, 'memory', dir);
  const without = values['no-baseline'] ? undefined : await runStream(graph, drm, stream, 'no memory');

  console.log(`\nMetaQA dev stream: ${N} questions (1/2/3-hop interleaved), DRM stand-in Brain acting as remote, approve all, Brain asked ${POLICY === 'always' ? 'every round' : 'when the local choice is unsure'}\n`);
  console.log('| window | Hits@1 memory | Hits@1 no memory | Brain calls/q memory | Brain calls/q no memory | memory hit rate | reuse rate | saved calls | lookup p50 ms | from buffer |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const base = without ? windows(without) : [];
  windows(withMemory).forEach((w, i) => {
    const b = base[i];
    const lookups = w.flatMap((s) => (s.lookupMs !== undefined ? [s.lookupMs] : []));
    const buffer = w.filter((s) => s.result.memory?.source === 'buffer').length;
    console.log(
      `| ${i * WINDOW + 1}–${i * WINDOW + w.length} | ${pct(w.filter((s) => s.hit).length, w.length)} | ${b ? pct(b.filter((s) => s.hit).length, b.length) : '-'} | ${(w.reduce((n, s) => n + s.brainCalls, 0) / w.length).toFixed(2)} | ${b ? (b.reduce((n, s) => n + s.brainCalls, 0) / b.length).toFixed(2) : '-'} | ${pct(w.filter((s) => s.memoryHits > 0).length, w.length)} | ${pct(w.filter((s) => s.reused).length, w.length)} | ${w.reduce((n, s) => n + s.saved, 0)} | ${quantile(lookups, 0.5).toFixed(3)} | ${pct(buffer, lookups.length)} |`,
    );
  });
  const total = (xs: Step[], f: (s: Step) => number): number => xs.reduce((n, s) => n + f(s), 0);
  console.log(`\nall: Hits@1 ${pct(total(withMemory, (s) => +s.hit), N)} with memory vs ${without ? pct(total(without, (s) => +s.hit), N) : '-'} without; Brain calls ${total(withMemory, (s) => s.brainCalls)} vs ${without ? total(without, (s) => s.brainCalls) : '-'}; saved by memory ${total(withMemory, (s) => s.saved)}`);
  const writes = new Map<string, number>();
  for (const s of withMemory) {
    const k = s.result.memory?.write?.status ?? 'none';
    writes.set(k, (writes.get(k) ?? 0) + 1);
  }
  for (const [label, l] of ledgers)
    if (l)
      console.log(
        `node exposure (${label}; sent, per entity exposed/eligible sessions): ${l.eligibleEntities} eligible entities over ${l.eligibleSessions} sessions, ` +
          `${l.entitiesExposed} exposed; p50 ${l.nodeExposure.p50.toFixed(3)} p99 ${l.nodeExposure.p99.toFixed(3)} max ${l.nodeExposure.max.toFixed(3)}; top-1% share ${(100 * l.top1PercentShare).toFixed(1)}% (${(100 * (l.top1PercentEven ?? 0)).toFixed(1)}% if spread evenly); ${l.calls} calls`,
      );
  console.log(`write-back: ${[...writes].map(([k, v]) => `${k} ${v}`).join(', ')}`);
  if (FILL > 0) {
    const scale = await lookupAtScale(drm, dir, withMemory);
    console.log(`lookup at ${scale.records} records (stream records + synthetic filler, one exposure mode): p50 ${scale.cold.toFixed(3)} ms cold (in-process key index), ${scale.buffered.toFixed(3)} ms repeated (${(100 * scale.bufferRate).toFixed(0)}% from the hot buffer)`);
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
