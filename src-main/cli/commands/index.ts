// Registry of sub-commands: name and summary here (all `ctrlg --help` needs), the command itself loaded on first
// use, so a command pays only for its own dependencies (the graph store, the embedder, llama.cpp, the Brain SDK).
// Add a command by adding its line here; each specifier stays a literal so bundlers and the egress scan see it.
import type { CliCommand } from '../command.js';

export interface CommandEntry {
  name: string;
  summary: string;
  load(): Promise<CliCommand>;
}

export const commands: readonly CommandEntry[] = [
  { name: 'import', summary: 'import a triples file (head|relation|tail, TSV, CSV, N-Triples, Turtle) into a graph', load: async () => (await import('./import.js')).importCommand },
  { name: 'graphs', summary: 'list the graphs (imported, or read from a SPARQL endpoint); add-sparql adds one', load: async () => (await import('./graphs.js')).graphsCommand },
  { name: 'stats', summary: 'show a graph’s size, relations, literals and degree distribution', load: async () => (await import('./stats.js')).statsCommand },
  { name: 'neighbors', summary: 'show an entity’s neighbours, grouped by relation (hubs capped)', load: async () => (await import('./neighbors.js')).neighborsCommand },
  { name: 'ask', summary: 'answer a question over a graph, with evidence', load: async () => (await import('./ask.js')).askCommand },
  { name: 'eval', summary: 'evaluate question answering on a question file (Hits@1, latency, exposure)', load: async () => (await import('./eval.js')).evalCommand },
  { name: 'train', summary: 'train the topology-aware (GraSP) selector on a graph, without labelled questions', load: async () => (await import('./train.js')).trainCommand },
  { name: 'degrade', summary: 'remove a seeded share of triples from a triples file (uniformly or at question topics)', load: async () => (await import('./degrade.js')).degradeCommand },
  { name: 'audit', summary: 'verify or export the audit log of Brain calls', load: async () => (await import('./audit.js')).auditCommand },
  { name: 'memory', summary: 'audit, list, delete or maintain the experience memory', load: async () => (await import('./memory.js')).memoryCommand },
  { name: 'attack', summary: 're-identification attack on eval payloads (ASR@1/@5, anonymity sets, linkage)', load: async () => (await import('./attack.js')).attackCommand },
  { name: 'exposure', summary: 'exposure report: re-identification, node exposure and Brain calls, as HTML with plots and JSON', load: async () => (await import('./exposure.js')).exposureCommand },
];
