// Topic linking (and question-subgraph) benchmark on MetaQA dev: node bin/run-ts.mjs bench/linkBench.ts [perHop]
// Top-1 linking accuracy against the bracketed entity, with the brackets kept and stripped, plus latencies; then
// G_Q^raw sizes and build times on 3-hop questions. Loads kb.txt itself (one `head|relation|tail` per line).
// A component benchmark (linking and the subgraph builder alone), so it imports those stages directly rather than
// going through the app's assembly.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Entity, Triple } from '../src-main/common/graphTypes.js';
import { loadGloveDrm } from '../src-main/engine/drm/gloveDrm.js';
import { detectLiteralKind } from '../src-main/engine/graph/literalKind.js';
import { MemoryGraph } from '../src-main/engine/graph/memoryGraph.js';
import { EntityNameIndex } from '../src-main/engine/qa/stages/entityNameIndex.js';
import { linkTopics } from '../src-main/engine/qa/hand/linkTopics.js';
import { buildQuestionSubgraph } from '../src-main/engine/qa/stages/questionSubgraph.js';
import { embedRelations } from '../src-main/engine/qa/stages/relationVectors.js';

const DATA = process.env.METAQA_DIR ?? resolve(import.meta.dirname, '../../shared/data/metaqa');
const PER_HOP = Number(process.argv[2] ?? 500);

function loadKb(path: string): MemoryGraph {
  const triples: Triple[] = [];
  const names = new Set<string>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const parts = line.split('|');
    if (parts.length !== 3) continue;
    const [head, relation, tail] = parts.map((p) => p.trim());
    triples.push({ head, relation, tail });
    names.add(head);
    names.add(tail);
  }
  const entities: Entity[] = [...names].map((n) => {
    const e: Entity = { id: n, name: n };
    const lit = detectLiteralKind(n);
    if (lit) e.literal = lit;
    return e;
  });
  return MemoryGraph.fromTriples('metaqa', entities, triples);
}

/** Evenly spread sample (the dev files are grouped by question type). */
function sample<T>(xs: T[], n: number): T[] {
  if (xs.length <= n) return xs;
  const step = xs.length / n;
  return Array.from({ length: n }, (_, i) => xs[Math.floor(i * step)]);
}

const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};

let t = performance.now();
const graph = loadKb(join(DATA, 'kb.txt'));
console.log(`graph: ${graph.size} entities, ${graph.tripleCount} triples, ${(performance.now() - t).toFixed(0)} ms`);
t = performance.now();
const drm = await loadGloveDrm();
console.log(`drm: ${(performance.now() - t).toFixed(0)} ms`);
t = performance.now();
const index = EntityNameIndex.build(graph);
console.log(`name index: ${index.keyCount} keys, ${(performance.now() - t).toFixed(0)} ms`);
const relationVectors = await embedRelations(graph, drm);

const showErrors = process.env.SHOW_ERRORS === '1';
for (const hop of [1, 2, 3]) {
  const lines = readFileSync(join(DATA, `${hop}-hop`, 'qa_dev.txt'), 'utf8').split('\n').filter(Boolean);
  const questions = sample(lines, PER_HOP).map((l) => {
    const q = l.split('\t')[0];
    return { q, gold: /\[([^\]]+)\]/.exec(q)?.[1] ?? '' };
  });
  for (const mode of ['brackets', 'stripped', 'lowercase'] as const) {
    let exact = 0;
    let folded = 0;
    let none = 0;
    let multi = 0;
    const times: number[] = [];
    for (const { q, gold } of questions) {
      const stripped = q.replace(/[[\]]/g, '');
      const text = mode === 'brackets' ? q : mode === 'stripped' ? stripped : stripped.toLowerCase();
      const s = performance.now();
      const res = await linkTopics(text, graph, index, drm);
      times.push(performance.now() - s);
      const top = res.topics[0];
      const name = top ? graph.names[top.entity] : '';
      if (!top) none++;
      if (res.topics.length > 1) multi++;
      if (name === gold) exact++;
      if (name.toLowerCase() === gold.toLowerCase()) folded++;
      else if (showErrors && mode !== 'brackets') console.log(`  ✗ ${text}  → ${name || '(none)'} [${res.topics.map((x) => x.mention).join(' | ')}]`);
    }
    const n = questions.length;
    console.log(
      `${hop}-hop ${mode.padEnd(8)}: top-1 ${((100 * exact) / n).toFixed(1)}% (case-insensitive ${((100 * folded) / n).toFixed(1)}%), none ${none}, >1 topic ${multi}, ` +
        `p50 ${pct(times, 0.5).toFixed(2)} ms, p95 ${pct(times, 0.95).toFixed(2)} ms`,
    );
  }
}

// G_Q^raw on 3-hop questions, anchored at the linked topics.
const lines3 = readFileSync(join(DATA, '3-hop', 'qa_dev.txt'), 'utf8').split('\n').filter(Boolean);
const sizes: number[] = [];
const edges: number[] = [];
const times: number[] = [];
const cuts: number[] = [];
let reached = 0;
const shown = sample(lines3, 200);
// One warm-up pass (JIT), not measured.
for (const line of shown.slice(0, 50)) {
  const text = line.split('\t')[0].replace(/[[\]]/g, '');
  const link = await linkTopics(text, graph, index, drm);
  const [qv] = await drm.embed([text]);
  buildQuestionSubgraph(graph, link.topics.map((x) => x.entity), qv, relationVectors);
}
for (const [i, line] of shown.entries()) {
  const [q, answers] = line.split('\t');
  const text = q.replace(/[[\]]/g, '');
  const link = await linkTopics(text, graph, index, drm);
  if (link.topics.length === 0) continue;
  const [qv] = await drm.embed([text]);
  const s = performance.now();
  const sub = buildQuestionSubgraph(graph, link.topics.map((x) => x.entity), qv, relationVectors);
  times.push(performance.now() - s);
  sizes.push(sub.nodes.length);
  edges.push(sub.edges.length);
  cuts.push(sub.cut.length);
  const inSub = new Set(sub.nodes.map((n) => graph.names[n].toLowerCase()));
  if (answers.split('|').some((a) => inSub.has(a.toLowerCase()))) reached++;
  if (i < 5) console.log(`  ${text} → ${sub.nodes.length} nodes, ${sub.edges.length} edges, ${sub.cut.length} cuts, ${times.at(-1)!.toFixed(1)} ms`);
}
console.log(
  `subgraph (3-hop, ${sizes.length} q): nodes p50 ${pct(sizes, 0.5)} p95 ${pct(sizes, 0.95)} max ${Math.max(...sizes)}, edges p50 ${pct(edges, 0.5)}, ` +
    `cuts p50 ${pct(cuts, 0.5)}, build p50 ${pct(times, 0.5).toFixed(2)} ms p95 ${pct(times, 0.95).toFixed(2)} ms, ` +
    `some gold answer inside ${((100 * reached) / sizes.length).toFixed(1)}%`,
);

// The bundled demo graph (not MetaQA): every gold topic of each question must be linked.
const demoDir = join(process.cwd(), 'resources', 'demo');
try {
  const demo = loadKb(join(demoDir, 'hospital-network.txt'));
  const demoIndex = EntityNameIndex.build(demo);
  const gold = JSON.parse(readFileSync(join(demoDir, 'questions.paths.json'), 'utf8')) as { questions: { question: string; topics: string[] }[] };
  let top1 = 0;
  let all = 0;
  let extra = 0;
  for (const { question, topics } of gold.questions) {
    const res = await linkTopics(question, demo, demoIndex, drm);
    const got = res.topics.map((t) => demo.names[t.entity]);
    if (got[0] !== undefined && topics.includes(got[0])) top1++;
    if (topics.every((t) => got.includes(t))) all++;
    extra += got.filter((g) => !topics.includes(g)).length;
    if (showErrors && !topics.every((t) => got.includes(t))) console.log(`  ✗ demo: ${question} → [${got.join(' | ')}] want [${topics.join(' | ')}]`);
  }
  const n = gold.questions.length;
  console.log(`demo graph (${n} q): top-1 ${((100 * top1) / n).toFixed(1)}%, all topics ${((100 * all) / n).toFixed(1)}%, extra topics ${extra}`);
} catch (err) {
  console.log(`demo graph skipped: ${(err as Error).message}`);
}
