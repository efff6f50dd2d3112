// Debugging aid for the incomplete-graph bench: trains (or loads a cached) encoder on the degraded MetaQA graph and
// prints, for the grasp selector's misses, the indicator, the top answer and the tree notes. Questions go through
// the app's assembly (assemble(), its ask service) with the encoder held as the degraded graph's selector.
//   node bin/run-ts.mjs bench/graspDebug.ts [--hops 2] [--limit 100] [--train-seconds 60] [--cache /tmp/enc.bin] [--path] [--vote]
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { assemble } from '../src-main/engine/app/assemble.js';
import { inMemoryGraphs } from '../src-main/engine/app/askService.js';
import { loadGloveDrm } from '../src-main/engine/drm/gloveDrm.js';
import { pipeTriplesGraph } from '../src-main/engine/import/pipeTriplesGraph.js';
import { hitAt1, parseQuestions } from '../src-main/engine/import/questionsFile.js';
import { MemoryGraph } from '../src-main/engine/graph/memoryGraph.js';
import { chooseRemovals } from '../src-main/engine/qa/grasp/degradeTriples.js';
import { deserializeEncoder, serializeEncoder } from '../src-main/engine/qa/grasp/encoder/serializeEncoder.js';
import { graspContext } from '../src-main/engine/qa/grasp/graspContext.js';
import { createGraspSelector } from '../src-main/engine/qa/grasp/graspSelector.js';
import { DEFAULT_TRAIN_OPTIONS, trainEncoder } from '../src-main/engine/qa/grasp/train.js';
import { answerNames } from '../src-main/common/answerNames.js';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: resolve(import.meta.dirname, '../../shared/data/metaqa') },
    limit: { type: 'string', default: '100' },
    hops: { type: 'string', default: '2' },
    'train-seconds': { type: 'string', default: '60' },
    cache: { type: 'string', default: '/tmp/grasp-debug-encoder.bin' },
    'top-k': { type: 'string', default: '40' },
    verbose: { type: 'boolean', default: false },
    path: { type: 'boolean', default: false },
    vote: { type: 'boolean', default: false },
  },
});
const full = pipeTriplesGraph(join(values.data!, 'kb.txt'), 'metaqa');
const drm = await loadGloveDrm();
const triples: { head: string; relation: string; tail: string }[] = [];
for await (const b of full.triples()) triples.push(...b);
const removed = chooseRemovals(triples.length, 0.4, 1);
const entities = [];
for await (const b of full.entities()) entities.push(...b);
const degraded = MemoryGraph.fromTriples('metaqa-degraded', entities, triples.filter((_, i) => !removed[i]));
const relevance = DEFAULT_TRAIN_OPTIONS.relevance;
let encoder;
if (existsSync(values.cache!)) encoder = deserializeEncoder(readFileSync(values.cache!), degraded.relationLabels).encoder;
else {
  encoder = (await trainEncoder(graspContext(degraded, drm), { seed: 1, epochs: 1000, maxSeconds: Number(values['train-seconds']), relevance })).encoder;
  writeFileSync(values.cache!, serializeEncoder(encoder, degraded.relationLabels));
}
const dataDir = mkdtempSync(join(tmpdir(), 'ctrlg-grasp-debug-'));
const held = encoder;
const parts = assemble({
  dataDir,
  graphs: inMemoryGraphs(dataDir, degraded),
  loadDrm: async () => drm,
  memory: null,
  qa: { graspOptions: { vote: values.vote, topK: Number(values['top-k']), maxIterations: 1, select: { k1: (relevance.k1 ?? 16) * 2, k2: (relevance.k2 ?? 6) * 2 } } },
  selectors: () => createGraspSelector(held, drm),
});
const selector = values.path ? 'path' : 'grasp';
const qs = parseQuestions(readFileSync(join(values.data!, `${values.hops}-hop`, 'qa_dev.txt'), 'utf8'));
const n = Number(values.limit);
const step = qs.length / n;
let hits = 0;
for (let i = 0; i < n; i++) {
  const q = qs[Math.floor(i * step)];
  const { result: r } = await parts.asks!.run({ graph: degraded.name, question: q.question, selector });
  const ok = hitAt1(answerNames(r), q.gold);
  if (ok) hits++;
  if (ok && !values.verbose) continue;
  const goldRank = r.answers.findIndex((a) => q.gold.includes(a.name));
  console.log(`${ok ? 'HIT ' : 'MISS'} ${q.question} | gold ${q.gold.slice(0, 3).join('; ')} | goldRank ${goldRank}`);
  console.log(`   chain ${r.indicator?.chain.map((s) => `${s.relation}${s.direction === 'out' ? '>' : '<'}`).join(' ')} | top ${r.answers.slice(0, 3).map((a) => `${a.name}${a.inferred ? '*' : ''} [${a.rawPaths[0]?.edges.map((e) => e.relation).join(',')}]`).join(' ; ')}`);
  for (const node of r.tree?.nodes ?? []) console.log(`   node ${node.mode} ${node.status}: ${node.notes.map((x) => x.text).join(' | ').slice(0, 200)}`);
}
console.log(`Hits@1 ${hits}/${n}`);
await parts.close();
rmSync(dataDir, { recursive: true, force: true });
