// Incomplete-graph benchmark (GraSP setting) on MetaQA: Hits@1 of the answering pipeline with the plain `path`
// selector and with the `grasp` selector (encoder trained on the degraded graph within a time budget), on the
// full graph and on one with a seeded share of the triples removed (as `ctrlg degrade` does).
//   npm run bench:incomplete -- [--limit 300] [--hops 2,3] [--remove 0.4] [--seed 1] [--train-seconds 120]
//     [--top-k 40] [--k1 16] [--k2 6] [--iterations 1] [--two-stage] [--vote] [--data DIR]
// --vote merges the peer vote's predictions for broken chain steps into the encoder's selection.
// --sft N also trains on N labelled dev questions (split over the hops, none of them in the evaluation sample).
// --two-stage runs the selection loop with the DRM stand-in Brain (sanitized evidence → sufficient/expand/final).
// Questions are asked through the app's assembly (assemble(), its ask service) over the two in-memory graphs, with the
// encoder trained here held as each graph's selector (no model is stored).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { assemble } from '../src-main/engine/app/assemble.js';
import { inMemoryGraphs } from '../src-main/engine/app/askService.js';
import { drmStandInSelectionStep } from '../src-main/engine/egress/brain/selectionSteps.js';
import { loadGloveDrm } from '../src-main/engine/drm/gloveDrm.js';
import { pipeTriplesGraph } from '../src-main/engine/import/pipeTriplesGraph.js';
import { hitAt1, parseQuestions, quantile, type EvalQuestion } from '../src-main/engine/import/questionsFile.js';
import { DIR_OUT, MemoryGraph } from '../src-main/engine/graph/memoryGraph.js';
import { chooseRemovals } from '../src-main/engine/qa/grasp/degradeTriples.js';
import type { GraspEncoder } from '../src-main/engine/qa/grasp/encoder/graspEncoder.js';
import { deserializeEncoder, serializeEncoder } from '../src-main/engine/qa/grasp/encoder/serializeEncoder.js';
import { graspContext } from '../src-main/engine/qa/grasp/graspContext.js';
import { createGraspSelector } from '../src-main/engine/qa/grasp/graspSelector.js';
import { evaluateLinkRecovery, evaluateVoteRecovery } from '../src-main/engine/qa/grasp/linkRecovery.js';
import { qaTrainingExamples } from '../src-main/engine/qa/grasp/qaExamples.js';
import { DEFAULT_TRAIN_OPTIONS, trainEncoder } from '../src-main/engine/qa/grasp/train.js';
import { answerNames } from '../src-main/common/answerNames.js';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: process.env.METAQA_DIR ?? resolve(import.meta.dirname, '../../shared/data/metaqa') },
    limit: { type: 'string', default: '300' },
    hops: { type: 'string', default: '2,3' },
    remove: { type: 'string', default: '0.4' },
    seed: { type: 'string', default: '1' },
    'train-seconds': { type: 'string', default: '120' },
    'top-k': { type: 'string', default: '40' },
    k1: { type: 'string', default: String(DEFAULT_TRAIN_OPTIONS.relevance.k1) },
    k2: { type: 'string', default: String(DEFAULT_TRAIN_OPTIONS.relevance.k2) },
    iterations: { type: 'string', default: '3' },
    'two-stage': { type: 'boolean', default: false },
    vote: { type: 'boolean', default: false },
    sft: { type: 'string', default: '0' },
  },
});
const DATA = values.data!;
const LIMIT = Number(values.limit);
const SEED = Number(values.seed);
const REMOVE = Number(values.remove);
const HOPS = values.hops!.split(',').map(Number);

const t0 = performance.now();
const full = pipeTriplesGraph(join(DATA, 'kb.txt'), 'metaqa');
const drm = await loadGloveDrm();
const triples: { head: string; relation: string; tail: string }[] = [];
for await (const batch of full.triples()) triples.push(...batch);
const removed = chooseRemovals(triples.length, REMOVE, SEED);
const entities = [];
for await (const batch of full.entities()) entities.push(...batch);
const degraded = MemoryGraph.fromTriples('metaqa-degraded', entities, triples.filter((_, i) => !removed[i]));
console.log(`graphs: full ${full.tripleCount} triples, degraded ${degraded.tripleCount} (${REMOVE} removed, seed ${SEED}); ${((performance.now() - t0) / 1000).toFixed(1)} s`);

// ---- the encoder, trained on the degraded graph only (what a user's incomplete graph offers) ----
const relevance = { ...DEFAULT_TRAIN_OPTIONS.relevance, k1: Number(values.k1), k2: Number(values.k2) };
const dctx = graspContext(degraded, drm);
const SFT = Number(values.sft);
let qaExamples: Awaited<ReturnType<typeof qaTrainingExamples>> | undefined;
if (SFT > 0) {
  const labelled: EvalQuestion[] = [];
  for (const hops of HOPS) {
    const all = parseQuestions(readFileSync(join(DATA, `${hops}-hop`, 'qa_dev.txt'), 'utf8'));
    const held = new Set(sample(all, LIMIT));
    labelled.push(...sample(all.filter((q) => !held.has(q)), Math.ceil(SFT / HOPS.length)));
  }
  qaExamples = await qaTrainingExamples(dctx, labelled, drm);
  console.log(`supervised: ${qaExamples.length} of ${labelled.length} labelled questions linked (none in the evaluation sample)`);
}
const trainStart = performance.now();
const { encoder, metrics } = await trainEncoder(dctx, { seed: SEED, epochs: 1000, maxSeconds: Number(values['train-seconds']), relevance, ...(qaExamples ? { qaExamples } : {}) });
const trainSeconds = (performance.now() - trainStart) / 1000;
const recovery = evaluateLinkRecovery(encoder, dctx, 100, 424242, relevance);
console.log(
  `encoder: ${trainSeconds.toFixed(0)} s, ${metrics.epochLoss.length} epoch(s), loss ${metrics.epochLoss[0]?.toFixed(3)} → ${metrics.epochLoss.at(-1)?.toFixed(3)}; ` +
    `hidden-edge Hits@1 ${(100 * recovery.hitsAt1).toFixed(1)}% (coverage ${(100 * recovery.coverage).toFixed(0)}%)`,
);
const voted = evaluateVoteRecovery(dctx, 100, 424242);
console.log(`peer vote on the same hidden edges: Hits@1 ${(100 * voted.hitsAt1).toFixed(1)}% (coverage ${(100 * voted.coverage).toFixed(0)}%)`);

/** The same parameters with relation embeddings re-indexed to another graph's relation order. */
function forGraph(enc: GraspEncoder, from: MemoryGraph, to: MemoryGraph): GraspEncoder {
  return to === from ? enc : deserializeEncoder(serializeEncoder(enc, from.relationLabels), to.relationLabels).encoder;
}

function sample<T>(xs: T[], n: number): T[] {
  if (xs.length <= n) return xs;
  const step = xs.length / n;
  return Array.from({ length: n }, (_, i) => xs[Math.floor(i * step)]);
}

// Both graphs behind one ask service: "path" engines use the relation-path search alone; "grasp" ones hold the
// encoder trained above (re-indexed to each graph's relations), with the bench's selection settings.
const dataDir = mkdtempSync(join(tmpdir(), 'ctrlg-incomplete-bench-'));
const parts = assemble({
  dataDir,
  graphs: inMemoryGraphs(dataDir, full, degraded),
  loadDrm: async () => drm,
  memory: null,
  qa: {
    ...(values['two-stage'] ? { selectionStep: drmStandInSelectionStep(drm) } : {}),
    graspOptions: { vote: values.vote, topK: Number(values['top-k']), maxIterations: Number(values.iterations), select: { k1: relevance.k1 * 2, k2: relevance.k2 * 2 } },
  },
  selectors: (_name, graph) => createGraspSelector(forGraph(encoder, degraded, graph), drm),
});
const asks = parts.asks!;

interface Row {
  hops: number;
  graph: string;
  selector: string;
  n: number;
  hits: number;
  inferredTop: number;
  p50: number;
}

async function run(graph: MemoryGraph, selector: 'path' | 'grasp', questions: EvalQuestion[]): Promise<{ hits: number; inferredTop: number; p50: number }> {
  let hits = 0;
  let inferredTop = 0;
  const lat: number[] = [];
  for (const q of questions) {
    const t = performance.now();
    const { result: r } = await asks.run({ graph: graph.name, question: q.question, selector });
    lat.push(performance.now() - t);
    if (hitAt1(answerNames(r), q.gold)) hits++;
    if (r.answers[0]?.inferred) inferredTop++;
  }
  return { hits, inferredTop, p50: quantile(lat, 0.5) };
}

/** Entities within `hops` steps of `start`, any relation, either direction. */
function within(graph: MemoryGraph, start: number, hops: number): Set<number> {
  const seen = new Set([start]);
  let frontier = [start];
  for (let d = 0; d < hops; d++) {
    const next: number[] = [];
    for (const u of frontier)
      for (let k = graph.offsets[u]; k < graph.offsets[u + 1]; k++) {
        const v = graph.edgeNeighbor[k];
        if (!seen.has(v)) {
          seen.add(v);
          next.push(v);
        }
      }
    frontier = next;
  }
  return seen;
}

/**
 * What any answerer confined to the graph could reach: questions with a gold answer within `hops` steps (any
 * relation, either direction) of their bracketed topic entity, and questions whose topic entity lost every edge.
 */
function ceiling(graph: MemoryGraph, questions: EvalQuestion[], hops: number): { reachable: number; isolated: number } {
  let reachable = 0;
  let isolated = 0;
  for (const q of questions) {
    const topic = graph.indexOf(/\[([^\]]+)\]/.exec(q.question)?.[1] ?? '');
    if (topic === undefined) continue;
    if (graph.degreeOf(topic) === 0) isolated++;
    const near = within(graph, topic, hops);
    if (q.gold.some((g) => { const i = graph.indexOf(g); return i !== undefined && i !== topic && near.has(i); })) reachable++;
  }
  return { reachable, isolated };
}

// Evaluation oracle only (never used for answering): MetaQA's qa_dev_qtype.txt names each question's chain of entity
// types ("director_to_movie_to_language"); with the type → relation table of its movie graph, that gives the gold
// relation chain, so the bench can count questions whose own chain still reaches a gold answer.
const QTYPE_RELATION: Record<string, string> = {
  director: 'directed_by', writer: 'written_by', actor: 'starred_actors', genre: 'has_genre', year: 'release_year',
  language: 'in_language', tags: 'has_tags', tag: 'has_tags', imdbrating: 'has_imdb_rating', imdbvotes: 'has_imdb_votes',
};

/** The gold chain of a qtype as (relation, direction) steps of `graph`, or undefined when a type is unknown. */
function qtypeChain(graph: MemoryGraph, qtype: string): { relation: number; dirBit: number }[] | undefined {
  const types = qtype.trim().split('_to_');
  const steps: { relation: number; dirBit: number }[] = [];
  for (let i = 0; i + 1 < types.length; i++) {
    const [a, b] = [types[i], types[i + 1]];
    const relation = graph.relationIndexOf(QTYPE_RELATION[a === 'movie' ? b : a] ?? '');
    if (relation === undefined) return undefined;
    steps.push({ relation, dirBit: a === 'movie' ? DIR_OUT : 1 - DIR_OUT });
  }
  return steps;
}

/** Questions whose gold relation chain, walked on `graph` from the topic entity, reaches a gold answer. */
function chainCeiling(graph: MemoryGraph, questions: EvalQuestion[], qtypes: (string | undefined)[]): number | undefined {
  let reached = 0;
  for (const [i, q] of questions.entries()) {
    const steps = qtypes[i] ? qtypeChain(graph, qtypes[i]!) : undefined;
    const topic = graph.indexOf(/\[([^\]]+)\]/.exec(q.question)?.[1] ?? '');
    if (!steps) return undefined;
    if (topic === undefined) continue;
    let layer = new Set([topic]);
    for (const st of steps) {
      const next = new Set<number>();
      for (const u of layer)
        for (let k = graph.offsets[u]; k < graph.offsets[u + 1]; k++)
          if (graph.edgeRelation[k] === st.relation && graph.edgeDirection[k] === st.dirBit && graph.edgeNeighbor[k] !== topic) next.add(graph.edgeNeighbor[k]);
      layer = next;
    }
    if (q.gold.some((g) => layer.has(graph.indexOf(g) ?? -1))) reached++;
  }
  return reached;
}

const rows: Row[] = [];
const ceilings: string[] = [];
for (const hops of HOPS) {
  const all = parseQuestions(readFileSync(join(DATA, `${hops}-hop`, 'qa_dev.txt'), 'utf8'));
  const questions = sample(all, LIMIT);
  const qtypeFile = join(DATA, `${hops}-hop`, 'qa_dev_qtype.txt');
  const qtypes = existsSync(qtypeFile) ? sample(readFileSync(qtypeFile, 'utf8').split('\n').slice(0, all.length), LIMIT) : [];
  const [cf, cd] = [ceiling(full, questions, hops), ceiling(degraded, questions, hops)];
  const exact = qtypes.length ? chainCeiling(degraded, questions, qtypes) : undefined;
  ceilings.push(
    `${hops}-hop ceiling: a gold answer within ${hops} hops of the topic entity (any relation) in ${cf.reachable}/${questions.length} questions on the full graph, ` +
      `${cd.reachable}/${questions.length} on the degraded one; topic entity left without edges in ${cd.isolated}` +
      (exact !== undefined ? `; the question's own relation chain (MetaQA qtype) still reaches a gold answer in ${exact}/${questions.length}` : ''),
  );
  console.log(`  ${ceilings.at(-1)}`);
  for (const [gName, graph] of [['full', full], [`${Math.round(REMOVE * 100)}% removed`, degraded]] as const)
    for (const selector of ['path', 'grasp'] as const) {
      const r = await run(graph, selector, questions);
      rows.push({ hops, graph: gName, selector, n: questions.length, ...r });
      console.log(`  ${hops}-hop ${gName} ${selector}: Hits@1 ${((100 * r.hits) / questions.length).toFixed(1)} (${r.inferredTop} top answers inferred), p50 ${r.p50.toFixed(0)} ms`);
    }
}

console.log('\n| hops | graph | selector | n | Hits@1 | drop vs full | top answer inferred | p50 ms |\n|---|---|---|---:|---:|---:|---:|---:|');
for (const r of rows) {
  const base = rows.find((x) => x.hops === r.hops && x.selector === r.selector && x.graph === 'full')!;
  const h = (100 * r.hits) / r.n;
  console.log(`| ${r.hops} | ${r.graph} | ${r.selector} | ${r.n} | ${h.toFixed(1)} | ${(100 * base.hits / base.n - h).toFixed(1)} | ${r.inferredTop} | ${r.p50.toFixed(0)} |`);
}
for (const c of ceilings) console.log(`\n${c}`);
console.log(`\ntarget: grasp drops ≤ 6 points at ${Math.round(REMOVE * 100)}% removal (total ${((performance.now() - t0) / 1000).toFixed(0)} s)`);
await parts.close();
rmSync(dataDir, { recursive: true, force: true });
