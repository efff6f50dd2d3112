// Experience-memory lookup benchmark: npm run bench:memory -- [--records N] [--queries N] [--dim D]
// Fills N synthetic abstract records (plausible templates, two exposure modes), then measures GetExp p50/p95: cold
// through the in-process key index (clustered above 2,048 rows per π; recall checked against an exact scan) and
// through the hot buffer for repeated questions. Cold figures include decrypting the W_exp records kept. Keys are
// drawn twice: `clustered` (around 300 question templates with their chains, as real question streams are) and
// `random` (uniform on the sphere: the worst case for any clustered index, where recall collapses).
// A component benchmark: it measures the store, the key index and the retriever themselves, so it builds them
// directly rather than through the app's assembly (the pipeline benchmarks, e.g. streamBench, use assemble()).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { renderTemplate } from '../src-main/engine/memory/abstractTrace.js';
import type { AbstractTrace, ExposureMode, PathTemplate } from '../src-main/engine/memory/experienceRecord.js';
import { ExperienceStore } from '../src-main/engine/memory/experienceStore.js';
import { exposureKey } from '../src-main/engine/memory/experienceRecord.js';
import { KeyIndex } from '../src-main/engine/memory/keyIndex.js';
import { DEFAULT_RETRIEVE_OPTIONS, dualKeyQuery, dualKeyWeights, ExperienceRetriever, type ExperienceKeyQuery } from '../src-main/engine/memory/retrieveExperience.js';
import { newExperienceRecord } from '../src-main/engine/memory/writeExperience.js';

const { values } = parseArgs({
  options: { records: { type: 'string', default: '10000' }, queries: { type: 'string', default: '200' }, dim: { type: 'string', default: '100' } },
});
const N = Number(values.records);
const Q = Number(values.queries);
const DIM = Number(values.dim);

let seed = 42;
function rand(): number {
  seed = (seed * 1664525 + 1013904223) >>> 0;
  return seed / 0x100000000;
}
function gauss(): number {
  return Math.sqrt(-2 * Math.log(rand() + 1e-12)) * Math.cos(2 * Math.PI * rand());
}
function unitVector(): Float32Array {
  const v = Float32Array.from({ length: DIM }, gauss);
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
}
function unitize(v: Float32Array): Float32Array {
  const n = Math.hypot(...v) || 1;
  return v.map((x) => x / n);
}
const QUESTION_CENTRES = Array.from({ length: 300 }, unitVector);
const INDICATOR_CENTRES = Array.from({ length: 60 }, unitVector);
let scenario: 'clustered' | 'random' = 'clustered';
const near = (c: Float32Array): Float32Array => unitize(Float32Array.from(c, (x) => x + 0.075 * gauss()));
/**
 * The two keys of a record or query. Clustered: a question template (one of 300 centres, noise ≈ cos 0.8) whose
 * indicator is one of 60 chains (a template fixes its chain, as in real question streams). Random: both uniform.
 */
function keyPair(): { questionVector: Float32Array; indicatorVector: Float32Array } {
  if (scenario === 'random') return { questionVector: unitVector(), indicatorVector: unitVector() };
  const t = Math.floor(rand() * QUESTION_CENTRES.length);
  return { questionVector: near(QUESTION_CENTRES[t]), indicatorVector: near(INDICATOR_CENTRES[t % INDICATOR_CENTRES.length]) };
}

const RELATIONS = ['directed_by', 'starred_actors', 'written_by', 'has_genre', 'release_year', 'in_language', 'has_tags', 'has_imdb_rating'];
const MODES: ExposureMode[] = [
  { relations: 'labels', k: 2, dates: 'year', schemaTypes: true, supernodes: true },
  { relations: 'clustered', k: 2, dates: 'year', schemaTypes: true, supernodes: true },
];
const QUESTIONS = ['which films share a director with ANCHOR_1', 'who acted in the films written by ANCHOR_1', 'what genre are the films of ANCHOR_1', 'when were the movies starring ANCHOR_1 released'];

function syntheticTrace(): AbstractTrace {
  const hops = 1 + Math.floor(rand() * 3);
  const steps = Array.from({ length: hops }, (_, i) => ({
    relation: RELATIONS[Math.floor(rand() * RELATIONS.length)],
    direction: (i % 2 === 0 ? 'out' : 'in') as 'out' | 'in',
  }));
  const roles = ['ANCHOR_1', ...Array.from({ length: hops - 1 }, (_, i) => `BRIDGE_${i + 1}`), 'ANSWER'];
  const verified = rand() < 0.8;
  const template: PathTemplate = { roles, steps, text: renderTemplate(roles, steps), seen: 1 + Math.floor(rand() * 5) };
  return {
    question: QUESTIONS[Math.floor(rand() * QUESTIONS.length)],
    indicator: { anchors: ['ANCHOR_1'], chain: steps.map((s) => ({ ...s, confidence: 0.8 })), answerPosition: hops, dPredict: hops },
    trajectory: [{ mode: 'Topic', depth: hops, verified }],
    templates: verified ? [template] : [],
    literals: [],
    outcome: verified ? 'verified' : 'failed',
    failures: verified ? [] : [{ mode: 'Topic', depth: hops, chain: template.text, reason: 'no verified answer' }],
    exposure: MODES[Math.floor(rand() * MODES.length)],
  };
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

async function measure(label: string, retriever: ExperienceRetriever, queries: ExperienceKeyQuery[], expect: 'store' | 'buffer'): Promise<string[][]> {
  const ms: number[] = [];
  const ids: string[][] = [];
  for (const q of queries) {
    const t = performance.now();
    const r = await retriever.retrieve(q);
    ms.push(performance.now() - t);
    ids.push(r.hits.map((h) => h.record.id));
    if (r.source !== expect) throw new Error(`${label}: expected ${expect}, got ${r.source}`);
  }
  console.log(`${label.padEnd(44)} p50 ${percentile(ms, 50).toFixed(3).padStart(8)} ms   p95 ${percentile(ms, 95).toFixed(3).padStart(8)} ms   (n=${ms.length})`);
  return ids;
}

async function run(): Promise<void> {
const dir = await mkdtemp(join(tmpdir(), 'ctrlg-memory-bench-'));
try {
  const store = await ExperienceStore.open(dir, { dim: DIM });
  let t = performance.now();
  for (let i = 0; i < N; i += 1000) {
    const batch = Array.from({ length: Math.min(1000, N - i) }, () =>
      newExperienceRecord(syntheticTrace(), keyPair()),
    );
    await store.add(batch);
  }
  console.log(`[${scenario} keys] filled ${await store.count()} records (${DIM}-d keys, 2 exposure modes) in ${((performance.now() - t) / 1000).toFixed(2)} s`);

  const queries: ExperienceKeyQuery[] = Array.from({ length: Q }, (_, i) => ({ ...keyPair(), exposure: MODES[i % 2] }));
  // Fresh retrievers with a tiny buffer so cold runs never hit it.
  const cold = (): ExperienceRetriever => new ExperienceRetriever(store, { limit: 5 }, { capacity: 1 });
  await cold().retrieve(queries[0]); // warm-up: opens files, JIT
  const fresh = queries.map((q) => ({ ...q, ...keyPair() }));
  const approx = await measure('cold, in-process key index (W_exp=5)', cold(), fresh, 'store');
  // Recall of the clustered index against an exact scan of the same rows.
  const exactIndex = new KeyIndex({ ivfFrom: Infinity });
  exactIndex.upsert(await store.rows());
  const w = dualKeyWeights(DEFAULT_RETRIEVE_OPTIONS, true);
  let found = 0;
  let total = 0;
  let top1 = 0;
  fresh.forEach((q, i) => {
    const ids = exactIndex.search(dualKeyQuery(q.questionVector, q.indicatorVector, w), exposureKey(q.exposure), 5).map((r) => r.id);
    total += ids.length;
    found += ids.filter((id) => approx[i].includes(id)).length;
    if (ids[0] !== undefined && approx[i].includes(ids[0])) top1++;
  });
  console.log(`key-index recall against an exact scan: @5 ${(found / Math.max(1, total)).toFixed(3)}, exact best hit among the 5 returned ${(top1 / fresh.length).toFixed(3)}`);

  const buffered = new ExperienceRetriever(store, { limit: 5 });
  for (const q of queries) await buffered.retrieve(q);
  await measure('repeated question, hot buffer', buffered, queries, 'buffer');
  const nearly = queries.map((q) => {
    const v = Float32Array.from(q.questionVector, (x) => x + 0.003 * gauss());
    const n = Math.hypot(...v);
    return { ...q, questionVector: v.map((x) => x / n) };
  });
  const ms: number[] = [];
  let hits = 0;
  for (const q of nearly) {
    const s = performance.now();
    if ((await buffered.retrieve(q)).source === 'buffer') hits++;
    ms.push(performance.now() - s);
  }
  console.log(`${'near-duplicate question (cos≈0.9995)'.padEnd(44)} p50 ${percentile(ms, 50).toFixed(3).padStart(8)} ms   p95 ${percentile(ms, 95).toFixed(3).padStart(8)} ms   (buffer hits ${hits}/${nearly.length})`);
  console.log(`buffer: ${JSON.stringify(buffered.buffer.stats())}`);
  store.close();
} finally {
  await rm(dir, { recursive: true, force: true });
}
}

for (const s of ['clustered', 'random'] as const) {
  scenario = s;
  await run();
}
