// The MemoryGraph of a freshly built graph, made from the builder's integer columns while they are still in
// memory, so the import writes the graph snapshot without reading the new database back.
import { LITERAL_CODES, MemoryGraph } from '../graph/memoryGraph.js';
import type { NameIndexData } from '../graph/nameIndexData.js';
import type { BuiltGraph } from './graphBuilder.js';

/**
 * Entities keep the import's order (Kuzu stores it as `ord`); relations are numbered as a paged read of the database
 * meets them (heads in that order, each head's triples by label), as MemoryGraph.fromStore numbers them: the
 * snapshot and a rebuild from Kuzu are the same graph.
 */
export function builtMemoryGraph(name: string, g: BuiltGraph, nameIndex?: NameIndexData): MemoryGraph {
  const R = g.relationLabels.length;
  // Relations by label, in the database's string order (UTF-8 bytes), to visit a head's relations in label order.
  const utf8 = g.relationLabels.map((l) => Buffer.from(l, 'utf8'));
  const byLabel = Array.from({ length: R }, (_, r) => r).sort((a, b) => Buffer.compare(utf8[a], utf8[b]));
  const order = new Int32Array(R).fill(-1);
  const labels: string[] = [];
  let seen = 0;
  // Triples are sorted by head: number the new relations of each head's run in label order.
  for (let s = 0; s < g.heads.length && seen < R; ) {
    let e = s;
    const fresh = new Set<number>();
    while (e < g.heads.length && g.heads[e] === g.heads[s]) {
      if (order[g.rels[e]] < 0) fresh.add(g.rels[e]);
      e++;
    }
    if (fresh.size) for (const r of byLabel) if (fresh.has(r)) (order[r] = labels.push(g.relationLabels[r]) - 1), seen++;
    s = e;
  }
  const rels = new Int32Array(g.rels.length);
  for (let k = 0; k < g.rels.length; k++) rels[k] = order[g.rels[k]];
  const literalCodes = Uint8Array.from(g.literals, (l) => (l ? LITERAL_CODES.indexOf(l) : 0));
  return MemoryGraph.fromColumns(name, { ids: g.ids, names: g.names, types: g.types, literalCodes }, g.heads, rels, g.tails, labels, nameIndex ? { nameIndex } : {});
}
