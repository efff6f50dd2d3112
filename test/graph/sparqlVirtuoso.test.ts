// The SPARQL graph source against a real Virtuoso (Debian's virtuoso-opensource), started here on loopback with its
// own ini, loaded with the demo graph and MetaQA as a user's store would hold them (IRIs with rdfs:label), and shut
// down at the end. The SPARQL-backed graphs must read back exactly as the Kuzu-imported ones (by names: the ids are
// IRIs there), and `ctrlg eval` on a seeded random MetaQA sample must score the same Hits@1 within 1 point.
// Skipped, with the reason, where virtuoso-t is not installed (CI installs it: .ci/run).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Subgraph } from '../../src-main/common/graphTypes.js';
import type { GraphStore } from '../../src-main/engine/graph/graphStore.js';
import type { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { SparqlGraphStore } from '../../src-main/engine/graph/sparqlGraphStore.js';
import { GraphLibrary } from '../../src-main/engine/import/graphLibrary.js';
import { createPrng, sampleIndices } from '../../src-main/engine/random/prng.js';
import { sampleQuestions } from '../../bench/lib/sampleQuestions.js';
import { tempDir } from '../import/helpers.js';
import { runCliCaptured } from '../helpers/runCliCaptured.js';
import { graphToNTriples, SKIP_MESSAGE, startVirtuoso, virtuosoAvailable, type Virtuoso } from '../helpers/virtuoso.js';

const available = virtuosoAvailable();
if (!available) console.warn(`skipping test/graph/sparqlVirtuoso.test.ts: ${SKIP_MESSAGE}`);

const METAQA = join(import.meta.dirname, '../../../shared/data/metaqa');
const DEMO = join(import.meta.dirname, '../../resources/demo/hospital-network.txt');
const DEMO_IRI = 'http://example.org/demo';
const METAQA_IRI = 'http://example.org/metaqa';

/** The graph's triples by names (ids differ between the stores: names, IRIs). */
function namedTriples(g: MemoryGraph): string[] {
  const out: string[] = [];
  for (let i = 0; i < g.size; i++)
    for (let k = g.offsets[i]; k < g.offsets[i + 1]; k++)
      if (g.edgeDirection[k] === 0) out.push(`${g.names[i]}|${g.relationLabels[g.edgeRelation[k]]}|${g.names[g.edgeNeighbor[k]]}|${g.literalOf(g.edgeNeighbor[k]) ?? ''}`);
  return out.sort();
}

describe.skipIf(!available)('SPARQL graph source over Virtuoso', () => {
  const dir = tempDir('ctrlg-sparql-');
  const data = join(dir.path, 'data');
  const ctrlg = (...argv: string[]) => runCliCaptured([...argv, '--data', data]);
  let virtuoso: Virtuoso;
  let library: GraphLibrary;
  let demoKuzu: MemoryGraph;
  let demoStore: GraphStore;

  beforeAll(async () => {
    virtuoso = await startVirtuoso();
    library = new GraphLibrary(data);
    await library.importFile('demo', DEMO);
    await library.importFile('metaqa', join(METAQA, 'kb.txt'));
    demoKuzu = await library.memoryGraph('demo');
    for (const [name, iri] of [['demo', DEMO_IRI], ['metaqa', METAQA_IRI]] as const) {
      const file = join(virtuoso.dir, `${name}.nt`);
      writeFileSync(file, graphToNTriples(await library.memoryGraph(name), `${iri}/`));
      await virtuoso.load(file, iri);
    }
    for (const [name, iri] of [['demo-sparql', DEMO_IRI], ['metaqa-sparql', METAQA_IRI]]) {
      const added = await ctrlg('graphs', 'add-sparql', name, '--endpoint', virtuoso.endpoint, '--graph-iri', iri);
      expect(added.err).toBe('');
      expect(added.code).toBe(0);
    }
    demoStore = await library.open('demo-sparql');
  }, 300_000);

  afterAll(async () => {
    await library?.close();
    await virtuoso?.stop();
    dir.remove();
  }, 60_000);

  it('lists the SPARQL graphs with their endpoint and the counts the endpoint gave', async () => {
    const list = await ctrlg('graphs');
    expect(list.out).toMatch(new RegExp(`^demo-sparql\\s+${demoKuzu.size.toLocaleString('en-US')}\\s+${demoKuzu.tripleCount.toLocaleString('en-US')}\\s.*sparql ${virtuoso.endpoint}`, 'm'));
    const json = JSON.parse((await ctrlg('graphs', '--json')).out) as { name: string; sparql?: { endpoint: string; graphIri?: string } }[];
    expect(json.find((g) => g.name === 'metaqa-sparql')?.sparql).toEqual({ endpoint: virtuoso.endpoint, graphIri: METAQA_IRI, labelPredicate: 'http://www.w3.org/2000/01/rdf-schema#label' });
    // Nothing of the store is copied: the graph's folder holds its description only.
    expect(JSON.stringify(json)).not.toMatch(/password|dba/i);
  });

  it('reads the whole graph back exactly as the Kuzu import holds it (names, relations, literal kinds)', async () => {
    const viaSparql = await library.memoryGraph('demo-sparql');
    expect(viaSparql.size).toBe(demoKuzu.size);
    expect(namedTriples(viaSparql)).toEqual(namedTriples(demoKuzu));
  });

  it('computes the schema statistics in the endpoint, equal to the imported graph', async () => {
    const [a, b] = [await demoStore.stats(), await demoKuzu.stats()];
    expect({ ...a, name: '' }).toEqual({ ...b, name: '' });
    const cli = JSON.parse((await ctrlg('stats', '--graph', 'demo-sparql', '--json')).out);
    expect(cli.triples).toBe(demoKuzu.tripleCount);
    // ctrlg neighbors reads the store too: the busiest entity, capped at 1 a group by the endpoint.
    const hub = demoKuzu.ids.reduce((best, _, i) => (demoKuzu.degreeOf(i) > demoKuzu.degreeOf(best) ? i : best), 0);
    const nb = await ctrlg('neighbors', '--graph', 'demo-sparql', demoKuzu.names[hub], '--cap', '1', '--json');
    expect(nb.code, nb.err).toBe(0);
    const hood = JSON.parse(nb.out) as { center: { name: string }; groups: { total: number; shown: unknown[] }[] };
    expect(hood.center.name).toBe(demoKuzu.names[hub]);
    expect(hood.groups.reduce((a, g) => a + g.total, 0)).toBe(demoKuzu.degreeOf(hub));
    expect(hood.groups.every((g) => g.shown.length === 1)).toBe(true);
  });

  it('looks up labels, and answers neighbourhoods with the caps applied by the endpoint', async () => {
    const picked = [...sampleIndices(demoKuzu.size, 40, createPrng(14))].filter((i) => !demoKuzu.literalOf(i));
    expect(picked.length).toBeGreaterThan(10);
    for (const i of picked) {
      const name = demoKuzu.names[i];
      const found = await demoStore.findEntities(name.toUpperCase(), { limit: 50 });
      expect(found.map((e) => e.name)).toContain(name);
      const hit = found.find((e) => e.name === name && e.degree === demoKuzu.degreeOf(i))!;
      expect(hit).toBeDefined();
      const [viaSparql, viaKuzu] = [await demoStore.neighbors(hit.id, { capPerRelation: 2 }), await demoKuzu.neighbors(demoKuzu.ids[i], { capPerRelation: 2 })];
      const shape = (n: typeof viaKuzu) => n.groups.map((g) => `${g.relation} ${g.direction} ${g.total} ${g.shown.length}`).sort();
      expect(shape(viaSparql)).toEqual(shape(viaKuzu));
      const allNames = new Set((await demoKuzu.neighbors(demoKuzu.ids[i])).groups.flatMap((g) => g.shown.map((e) => e.name)));
      for (const g of viaSparql.groups) for (const e of g.shown) expect(allNames.has(e.name)).toBe(true);
    }
  });

  it('expands k hops with per-(relation, direction) caps and finds the same paths as the imported graph', async () => {
    const hub = demoKuzu.ids.reduce((best, _, i) => (demoKuzu.degreeOf(i) > demoKuzu.degreeOf(best) ? i : best), 0);
    const [seed] = await demoStore.findEntities(demoKuzu.names[hub], { mode: 'exact', limit: 1 });
    const [viaSparql, viaKuzu] = [await demoStore.expand([seed.id], 2, { capPerRelation: 3 }), await demoKuzu.expand([demoKuzu.ids[hub]], 2, { capPerRelation: 3 })];
    // The hub's own groups are cut the same way; what lies beyond depends on which members a cap kept.
    const hubCuts = (sub: Subgraph, id: string) => sub.cut.filter((c) => c.entity === id).map((c) => `${c.relation} ${c.direction} ${c.total} ${c.kept}`).sort();
    expect(hubCuts(viaKuzu, demoKuzu.ids[hub]).length).toBeGreaterThan(0);
    expect(hubCuts(viaSparql, seed.id)).toEqual(hubCuts(viaKuzu, demoKuzu.ids[hub]));
    const atOne = (sub: Subgraph) => Object.values(sub.distance).filter((d) => d === 1).length;
    expect(atOne(viaSparql)).toBe(atOne(viaKuzu));

    // Paths: between the hub and entities two hops away, the same relation sequences.
    const far = Object.entries(viaKuzu.distance).filter(([, d]) => d === 2).map(([id]) => id).slice(0, 5);
    expect(far.length).toBeGreaterThan(0);
    for (const id of far) {
      const target = (await demoStore.findEntities(demoKuzu.names[demoKuzu.indexOf(id)!], { mode: 'exact', limit: 50 })).map((e) => e.id);
      const sig = (ps: { edges: { relation: string; direction: string }[] }[]) => [...new Set(ps.map((p) => p.edges.map((e) => `${e.relation}:${e.direction}`).join(' ')))].sort();
      const a = await demoStore.paths([seed.id], target, 2);
      const b = await demoKuzu.paths([demoKuzu.ids[hub]], [id], 2);
      expect(b.length).toBeGreaterThan(0);
      expect(sig(a)).toEqual(expect.arrayContaining(sig(b)));
    }
  });

  it('ctrlg eval on the SPARQL-backed MetaQA graph scores Hits@1 within 1 point of the Kuzu-backed graph', async () => {
    // 100 questions a hop, drawn at random with a fixed seed (never the head of a file).
    const lines = [1, 2, 3].flatMap((hop) => sampleQuestions(readFileSync(join(METAQA, `${hop}-hop/qa_dev.txt`), 'utf8').split('\n').filter(Boolean), 100, 1400 + hop));
    const questions = join(dir.path, 'sample.txt');
    writeFileSync(questions, lines.join('\n') + '\n');
    const summaries: Record<string, { questions: number; hits_at_1: number }> = {};
    for (const graph of ['metaqa', 'metaqa-sparql']) {
      const out = join(dir.path, `eval-${graph}`);
      const run = await ctrlg('eval', '--graph', graph, '--questions', questions, '--out', out);
      expect(run.code, run.err).toBe(0);
      summaries[graph] = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
    }
    expect(summaries.metaqa.questions).toBe(300);
    expect(summaries['metaqa-sparql'].questions).toBe(300);
    expect(summaries.metaqa.hits_at_1).toBeGreaterThan(0.5);
    expect(Math.abs(summaries['metaqa-sparql'].hits_at_1 - summaries.metaqa.hits_at_1)).toBeLessThanOrEqual(0.01);
  }, 600_000);

  it('refuses what cannot work, naming the endpoint', async () => {
    const emptyGraph = await ctrlg('graphs', 'add-sparql', 'nothing', '--endpoint', virtuoso.endpoint, '--graph-iri', 'http://example.org/none');
    expect(emptyGraph.code).toBe(1);
    expect(emptyGraph.err).toMatch(/no triples in graph <http:\/\/example\.org\/none>/);
    const withSecret = await ctrlg('graphs', 'add-sparql', 'secret', '--endpoint', 'http://dba:pw@127.0.0.1:1/sparql');
    expect(withSecret.code).toBe(1);
    expect(withSecret.err).toMatch(/credentials in the URL are not accepted/);
    expect(withSecret.err).not.toContain('pw@');
    const exists = await ctrlg('graphs', 'add-sparql', 'demo-sparql', '--endpoint', virtuoso.endpoint);
    expect(exists.err).toMatch(/exists already/);
    const badQuery = new SparqlGraphStore('x', { endpoint: virtuoso.endpoint, labelPredicate: 'http://www.w3.org/2000/01/rdf-schema#label' });
    await expect(badQuery.select('SELECT ?x WHERE { ?x }')).rejects.toThrow(new RegExp(`SPARQL endpoint ${virtuoso.endpoint.replace(/[.]/g, '\\.')}: HTTP 400`));
    const importInto = await ctrlg('import', DEMO, '--graph', 'demo-sparql');
    expect(importInto.code).toBe(1);
    expect(importInto.err).toMatch(/is read from the SPARQL endpoint/);
  });
});
