// QA benchmark: MetaQA dev (first N questions per hop, with and without the [brackets]) and the demo graph's
// questions, through the same engine. Prints Hits@1 and warm latency p50/p95 per hop.
//   npm run bench:qa -- --limit 500 --hops 1,2,3 [--no-demo] [--d-max 3] [--errors]
// The kb is parsed straight into a MemoryGraph (no database). qa_dev_qtype.txt is read only for the per-type
// error printout (--errors), never as input to the pipeline.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadGloveDrm } from '../src-main/engine/drm/gloveDrm.js';
import { pipeTriplesGraph } from '../src-main/engine/import/pipeTriplesGraph.js';
import { hitAt1, parseQuestions, quantile, type EvalQuestion } from '../src-main/engine/import/questionsFile.js';
import { createQaEngine, type QaEngine } from '../src-main/engine/qa/qaEngine.js';

const { values } = parseArgs({
  options: {
    limit: { type: 'string', default: '500' },
    hops: { type: 'string', default: '1,2,3' },
    data: { type: 'string', default: resolve(import.meta.dirname, '../../shared/data/metaqa') },
    'd-max': { type: 'string', default: '3' },
    warmup: { type: 'string', default: '5' },
    'no-demo': { type: 'boolean', default: false },
    'no-brackets-only': { type: 'boolean', default: false },
    errors: { type: 'boolean', default: false },
  },
});
const limit = Number(values.limit);
const hops = values.hops.split(',').map(Number);
const dMax = Number(values['d-max']);
const warmup = Number(values.warmup);

interface Row {
  set: string;
  n: number;
  hits: number;
  p50: number;
  p95: number;
}

async function run(engine: QaEngine, set: string, questions: EvalQuestion[], types?: string[]): Promise<Row> {
  let hits = 0;
  const lat: number[] = [];
  const misses = new Map<string, number>();
  const totals = new Map<string, number>();
  for (const [i, q] of questions.entries()) {
    const t0 = performance.now();
    const r = await engine.ask(q.question, { dMax });
    const ms = performance.now() - t0;
    if (i >= warmup) lat.push(ms);
    const hit = hitAt1(r.answers.map((a) => a.name), q.gold);
    if (hit) hits++;
    const ty = types?.[i];
    if (ty) {
      totals.set(ty, (totals.get(ty) ?? 0) + 1);
      if (!hit) misses.set(ty, (misses.get(ty) ?? 0) + 1);
    }
    if (!hit && values.errors)
      console.log(`  miss [${ty ?? '-'}] ${q.question} → ${r.answers.slice(0, 2).map((a) => a.name).join(' | ') || '(none)'}; chain ${r.indicator?.chain.map((s) => `${s.relation}${s.direction === 'out' ? '>' : '<'}`).join(' ') ?? '-'}`);
  }
  if (values.errors && misses.size)
    console.log(`  ${set} misses by type: ${[...misses].sort((a, b) => b[1] - a[1]).map(([t, n]) => `${t} ${n}/${totals.get(t)}`).join(', ')}`);
  return { set, n: questions.length, hits, p50: quantile(lat, 0.5), p95: quantile(lat, 0.95) };
}

const t0 = performance.now();
const graph = pipeTriplesGraph(join(values.data, 'kb.txt'), 'metaqa');
const drm = await loadGloveDrm();
const engine = createQaEngine({ graph, drm });
await engine.ask('what movies did [Tom Hanks] act in');
console.log(`MetaQA: ${graph.size} entities, ${graph.tripleCount} triples, loaded with GloVe in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const rows: Row[] = [];
for (const h of hops) {
  const file = join(values.data, `${h}-hop`, 'qa_dev.txt');
  const questions = parseQuestions(readFileSync(file, 'utf8')).slice(0, limit);
  const typeFile = join(values.data, `${h}-hop`, 'qa_dev_qtype.txt');
  const types = values.errors && existsSync(typeFile) ? readFileSync(typeFile, 'utf8').split('\n').slice(0, limit) : undefined;
  if (!values['no-brackets-only']) rows.push(await run(engine, `${h}-hop [brackets]`, questions, types));
  rows.push(await run(engine, `${h}-hop no brackets`, questions.map((q) => ({ ...q, question: q.question.replace(/[[\]]/g, '') })), types));
}

if (!values['no-demo']) {
  const demoDir = resolve('resources/demo');
  const demo = pipeTriplesGraph(join(demoDir, 'hospital-network.txt'), 'demo');
  const demoEngine = createQaEngine({ graph: demo, drm });
  rows.push(await run(demoEngine, 'demo (hospital)', parseQuestions(readFileSync(join(demoDir, 'questions.txt'), 'utf8'))));
}

console.log('\n| set | n | Hits@1 | p50 ms | p95 ms |\n|---|---:|---:|---:|---:|');
for (const r of rows) console.log(`| ${r.set} | ${r.n} | ${((100 * r.hits) / r.n).toFixed(1)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`);
