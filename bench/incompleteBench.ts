// Incomplete-graph benchmark (GraSP setting) on MetaQA:
//   node bin/run-ts.mjs bench/incompleteBench.ts [--limit N] [--remove F] [--seed S] [--train-seconds T] [--k K]
// Removes a seeded share of kb.txt's triples, trains the encoder on the degraded graph (bounded time), and reports
// for 2- and 3-hop dev questions the recall@k of gold answers among the selector's top-k on the full and the
// degraded graph, next to the relevance subgraph's own coverage (an upper bound) and an untrained encoder.
// Hits@1 of `path` vs `grasp` answering needs `ctrlg eval --selector` (wired by the pipeline owner).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadGloveDrm } from '../src-main/engine/drm/gloveDrm.js';
import { parseQuestions } from '../src-main/engine/eval/questionsFile.js';
import { pipeTriplesGraph } from '../src-main/engine/eval/pipeTriplesGraph.js';
import { MemoryGraph } from '../src-main/engine/graph/memoryGraph.js';
import { chooseRemovals } from '../src-main/engine/grasp/degradeTriples.js';
import type { GraspEncoder } from '../src-main/engine/grasp/encoder/graspEncoder.js';
import { deserializeEncoder, serializeEncoder } from '../src-main/engine/grasp/encoder/serializeEncoder.js';
import { graspContext } from '../src-main/engine/grasp/graspContext.js';
import { createGraspSelector, DEFAULT_SELECT_L } from '../src-main/engine/grasp/graspSelector.js';
import { evaluateLinkRecovery } from '../src-main/engine/grasp/linkRecovery.js';
import { relevantSubgraph } from '../src-main/engine/grasp/relevantSubgraph.js';
import { createEncoderFor, DEFAULT_TRAIN_OPTIONS, trainEncoder } from '../src-main/engine/grasp/train.js';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: process.env.METAQA_DIR ?? '/work/shared/data/metaqa' },
    limit: { type: 'string', default: '100' },
    remove: { type: 'string', default: '0.4' },
    seed: { type: 'string', default: '1' },
    'train-seconds': { type: 'string', default: '90' },
    k: { type: 'string', default: '20' },
  },
});
const DATA = values.data!;
const LIMIT = Number(values.limit);
const K = Number(values.k);
const SEED = Number(values.seed);

const t0 = performance.now();
const full = pipeTriplesGraph(join(DATA, 'kb.txt'), 'metaqa');
const drm = await loadGloveDrm();
// Degrade in memory, the same way `ctrlg degrade` does.
const triples: { head: string; relation: string; tail: string }[] = [];
for await (const batch of full.triples()) triples.push(...batch);
const removed = chooseRemovals(triples.length, Number(values.remove), SEED);
const entities = [];
for await (const batch of full.entities()) entities.push(...batch);
const degraded = MemoryGraph.fromTriples('metaqa-degraded', entities, triples.filter((_, i) => !removed[i]));
console.log(`graphs: full ${full.tripleCount} triples, degraded ${degraded.tripleCount} (${values.remove} removed, seed ${SEED}); ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const dctx = graspContext(degraded, drm);
const trainStart = performance.now();
let lastPrint = 0;
const { encoder, metrics } = await trainEncoder(dctx, {
  seed: SEED,
  epochs: 50,
  maxSeconds: Number(values['train-seconds']),
  onProgress: (p) => {
    if (performance.now() - lastPrint < 10_000) return;
    lastPrint = performance.now();
    console.log(`  epoch ${p.epoch} step ${p.step}/${p.steps} loss ${p.loss.toFixed(3)}`);
  },
});
const trainSeconds = (performance.now() - trainStart) / 1000;
console.log(
  `trained ${trainSeconds.toFixed(0)} s: ${metrics.epochLoss.length} epochs of ${DEFAULT_TRAIN_OPTIONS.examplesPerEpoch} examples, ` +
    `epoch time ${metrics.epochSeconds.map((s) => s.toFixed(1)).join('/')} s, loss ${metrics.epochLoss.map((l) => l.toFixed(3)).join(' → ')}, mean subgraph ${metrics.meanNodes.toFixed(0)} nodes`,
);
const untrained = createEncoderFor(dctx, {}, SEED);
const rel = DEFAULT_TRAIN_OPTIONS.relevance;
const lrTrained = evaluateLinkRecovery(encoder, dctx, 200, 424242, rel);
const lrUntrained = evaluateLinkRecovery(untrained, dctx, 200, 424242, rel);
const fmt = (r: typeof lrTrained): string => `coverage ${(100 * r.coverage).toFixed(0)}%, Hits@1 ${(100 * r.hitsAt1).toFixed(1)}%, Hits@3 ${(100 * r.hitsAt3).toFixed(1)}%, MRR ${r.mrr.toFixed(3)}`;
console.log(`hidden-edge recovery (200 held-out edges of the degraded graph): trained ${fmt(lrTrained)}; untrained ${fmt(lrUntrained)}`);

/** The same parameters with relation embeddings re-indexed to another graph's relation order. */
function forGraph(enc: GraspEncoder, from: MemoryGraph, to: MemoryGraph): GraspEncoder {
  return deserializeEncoder(serializeEncoder(enc, from.relationLabels), to.relationLabels).encoder;
}

function sample<T>(xs: T[], n: number): T[] {
  if (xs.length <= n) return xs;
  const step = xs.length / n;
  return Array.from({ length: n }, (_, i) => xs[Math.floor(i * step)]);
}

for (const hops of [2, 3]) {
  const questions = sample(parseQuestions(readFileSync(join(DATA, `${hops}-hop`, 'qa_dev.txt'), 'utf8')), LIMIT);
  const rows: Record<string, { recall: number; n: number; ms: number }> = {};
  const add = (key: string, r: number, ms: number): void => {
    const row = (rows[key] ??= { recall: 0, n: 0, ms: 0 });
    row.recall += r;
    row.n++;
    row.ms += ms;
  };
  for (const [gName, graph] of [['full', full], ['degraded', degraded]] as const) {
    const ctx = graspContext(graph, drm);
    const trained = createGraspSelector(graph === degraded ? encoder : forGraph(encoder, degraded, graph), drm);
    const baseline = createGraspSelector(graph === degraded ? untrained : forGraph(untrained, degraded, graph), drm);
    for (const q of questions) {
      const topics = [...q.question.matchAll(/\[([^\]]+)\]/g)].map((m) => graph.indexOf(m[1])).filter((x): x is number => x !== undefined);
      const gold = new Set(q.gold.map((g) => graph.indexOf(g)).filter((x): x is number => x !== undefined));
      if (topics.length === 0 || gold.size === 0) continue;
      const qv = drm.embedOne(q.question.replace(/[[\]]/g, ' '));
      const recall = (entities: number[]): number => entities.filter((e) => gold.has(e)).length / gold.size;
      let t = performance.now();
      const sub = relevantSubgraph(ctx, topics, qv, { l: DEFAULT_SELECT_L });
      add(`${gName} relevance subgraph (all ${'nodes'})`, recall(sub.nodes), performance.now() - t);
      t = performance.now();
      add(`${gName} grasp top-${K} trained`, recall(trained.select(graph, topics, qv, { topK: K }).map((r) => r.entity)), performance.now() - t);
      t = performance.now();
      add(`${gName} grasp top-${K} untrained`, recall(baseline.select(graph, topics, qv, { topK: K }).map((r) => r.entity)), performance.now() - t);
    }
  }
  console.log(`\n${hops}-hop dev, ${questions.length} questions (recall of gold answers, mean per question; ms per question):`);
  for (const [key, r] of Object.entries(rows)) console.log(`  ${key.padEnd(42)} ${(100 * r.recall / r.n).toFixed(1)}%  ${(r.ms / r.n).toFixed(1)} ms  (n=${r.n})`);
}
console.log('\nHits@1 path vs grasp: pending `--selector grasp` in qaEngine/eval (see src-main/engine/grasp/README.md).');
