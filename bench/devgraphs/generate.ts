// Writes the development graphs of bench:qa that no pipeline work has seen: a genealogy graph and a sports graph,
// each with 2-hop and 3-hop questions (MetaQA's `question<TAB>a|b` format, topic in [brackets]) and a *_qtype.txt
// of chain labels, line-aligned, for reading the results (never input to the pipeline). Same seed, same bytes.
//   node bin/run-ts.mjs bench/devgraphs/generate.ts
// With --small-genealogy DIR [--people 300] it writes instead, into DIR, a small genealogy graph (300 people: 861
// entities and 4,913 triples; another seed) for the small-graph exposure check: bench:exposure --graph NAME=KB,QUESTIONS.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { questionLines, typeLines, type DevGraph } from './core.js';
import { genealogyGraph } from './genealogy.js';
import { sportsGraph } from './sports.js';

export const DEVGRAPH_SEED = 20_261_202;
/** Questions per chain type: 12–16 chain types per set gives 400–600 questions, of which bench:qa samples 300. */
export const PER_TYPE = 36;

export function devGraphs(seed = DEVGRAPH_SEED, perType = PER_TYPE): Record<string, DevGraph> {
  return { genealogy: genealogyGraph(seed, perType), sports: sportsGraph(seed + 1, perType) };
}

/** The files of each graph folder, by name. */
export function devGraphFiles(g: DevGraph): Record<string, string> {
  const files: Record<string, string> = { 'kb.txt': g.kb };
  for (const s of g.sets) {
    files[`qa_${s.hops}hop.txt`] = questionLines(s.questions);
    files[`qa_${s.hops}hop_qtype.txt`] = typeLines(s.questions);
  }
  return files;
}

/** The small genealogy graph of the small-graph exposure check (a seed bench:qa's graphs do not use). */
export function smallGenealogy(people = 300): DevGraph {
  return genealogyGraph(7, PER_TYPE, people);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const { values } = parseArgs({ options: { 'small-genealogy': { type: 'string' }, people: { type: 'string', default: '300' } } });
  const root = fileURLToPath(new URL('./data/', import.meta.url));
  const small = values['small-genealogy'];
  const graphs = small ? { '.': smallGenealogy(Number(values.people)) } : devGraphs();
  for (const [domain, g] of Object.entries(graphs)) {
    const dir = small ? resolve(small) : join(root, domain);
    mkdirSync(dir, { recursive: true });
    for (const [name, text] of Object.entries(devGraphFiles(g))) writeFileSync(join(dir, name), text);
    const entities = new Set(g.kb.trim().split('\n').flatMap((l) => { const [h, , t] = l.split('|'); return [h, t]; }));
    console.log(`${domain}: ${g.kb.trim().split('\n').length} triples, ${entities.size} entities, ${(g.kb.length / 1024).toFixed(0)} KiB; ${g.sets.map((s) => `${s.name} ${s.questions.length}`).join(', ')}`);
  }
}
