// `npm run bench:sparql [-- --per-hop N --seed S]`: MetaQA over Virtuoso against the same graph imported into Kuzu.
// Starts a private Virtuoso (test/helpers/virtuoso.ts: loopback, temp folder, random password), loads the graph as
// a user's store would hold it (IRIs with rdfs:label), adds it with `ctrlg graphs add-sparql`, runs `ctrlg eval` on
// a seeded random sample of each hop's dev questions over both graphs, and prints Hits@1 and latency per hop, the
// time to read the graph from the endpoint, and the latency of the store's own queries (label lookup, capped
// neighbourhood, capped 2-hop expansion, paths). Thresholds (Hits@1 within 1 point, p50 ≤ 300 ms) are checked here.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { GraphLibrary } from '../src-main/engine/import/graphLibrary.js';
import { createPrng, sampleIndices } from '../src-main/engine/random/prng.js';
import { runCliCaptured } from '../test/helpers/runCliCaptured.js';
import { graphToNTriples, SKIP_MESSAGE, startVirtuoso, virtuosoAvailable } from '../test/helpers/virtuoso.js';
import { sampleQuestions } from './lib/sampleQuestions.js';

const { values } = parseArgs({ options: { 'per-hop': { type: 'string', default: '1000' }, seed: { type: 'string', default: '14' } } });
const perHop = Number(values['per-hop']);
const seed = Number(values.seed);
if (!virtuosoAvailable()) {
  console.error(SKIP_MESSAGE);
  process.exit(2);
}

const METAQA = join(import.meta.dirname, '../../shared/data/metaqa');
const IRI = 'http://example.org/metaqa';
const dir = mkdtempSync(join(tmpdir(), 'ctrlg-bench-sparql-'));
const data = join(dir, 'data');
const ctrlg = (...argv: string[]) => runCliCaptured([...argv, '--data', data]);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? NaN;

const virtuoso = await startVirtuoso();
const library = new GraphLibrary(data);
let failed = false;
try {
  await library.importFile('metaqa', join(METAQA, 'kb.txt'));
  const kuzu = await library.memoryGraph('metaqa');
  const nt = join(virtuoso.dir, 'metaqa.nt');
  writeFileSync(nt, graphToNTriples(kuzu, `${IRI}/`));
  let t = performance.now();
  await virtuoso.load(nt, IRI);
  console.log(`Virtuoso bulk load: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  t = performance.now();
  const added = await ctrlg('graphs', 'add-sparql', 'metaqa-sparql', '--endpoint', virtuoso.endpoint, '--graph-iri', IRI);
  if (added.code !== 0) throw new Error(added.err);
  console.log(`graphs add-sparql: ${((performance.now() - t) / 1000).toFixed(1)} s — ${added.out.trim()}`);

  // The store's own queries, on entities drawn at random.
  const store = await library.open('metaqa-sparql');
  const picks = [...sampleIndices(kuzu.size, 50, createPrng(seed))].filter((i) => !kuzu.literalOf(i));
  const times: Record<string, number[]> = { findEntities: [], 'neighbors cap 20': [], 'expand 2 hops cap 20': [], 'paths ≤ 2': [] };
  for (const i of picks) {
    let s = performance.now();
    const [e] = await store.findEntities(kuzu.names[i], { limit: 1 });
    times.findEntities.push(performance.now() - s);
    s = performance.now();
    await store.neighbors(e.id, { capPerRelation: 20 });
    times['neighbors cap 20'].push(performance.now() - s);
    s = performance.now();
    const sub = await store.expand([e.id], 2, { capPerRelation: 20 });
    times['expand 2 hops cap 20'].push(performance.now() - s);
    const far = Object.entries(sub.distance).find(([, d]) => d === 2)?.[0];
    if (far) {
      s = performance.now();
      await store.paths([e.id], [far], 2);
      times['paths ≤ 2'].push(performance.now() - s);
    }
  }
  for (const [op, xs] of Object.entries(times)) console.log(`${op.padEnd(22)} n=${xs.length} p50 ${pct(xs, 0.5).toFixed(0)} ms  p95 ${pct(xs, 0.95).toFixed(0)} ms`);

  t = performance.now();
  await library.memoryGraph('metaqa-sparql');
  console.log(`whole graph read from the endpoint into memory: ${((performance.now() - t) / 1000).toFixed(1)} s`);

  console.log(`\nctrlg eval, ${perHop} random dev questions a hop (seed ${seed}):`);
  console.log('hop  graph           Hits@1   p50 ms  p95 ms');
  for (const hop of [1, 2, 3]) {
    const lines = sampleQuestions(readFileSync(join(METAQA, `${hop}-hop/qa_dev.txt`), 'utf8').split('\n').filter(Boolean), perHop, seed + hop);
    const questions = join(dir, `hop${hop}.txt`);
    writeFileSync(questions, lines.join('\n') + '\n');
    const hits: Record<string, number> = {};
    for (const graph of ['metaqa', 'metaqa-sparql']) {
      const out = join(dir, `eval-${graph}-${hop}`);
      const run = await ctrlg('eval', '--graph', graph, '--questions', questions, '--out', out);
      if (run.code !== 0) throw new Error(run.err);
      const s = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as { hits_at_1: number; latency_ms: { p50: number; p95: number } };
      hits[graph] = s.hits_at_1;
      console.log(`${hop}    ${graph.padEnd(14)}  ${(100 * s.hits_at_1).toFixed(1).padStart(5)}%  ${String(s.latency_ms.p50).padStart(6)}  ${String(s.latency_ms.p95).padStart(6)}`);
      if (graph === 'metaqa-sparql' && s.latency_ms.p50 > 300) {
        console.log(`  FAIL: p50 ${s.latency_ms.p50} ms > 300 ms`);
        failed = true;
      }
    }
    const gap = 100 * Math.abs(hits['metaqa-sparql'] - hits.metaqa);
    if (gap > 1) {
      console.log(`  FAIL: Hits@1 differs by ${gap.toFixed(1)} points (> 1)`);
      failed = true;
    }
  }
} finally {
  await library.close();
  await virtuoso.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
