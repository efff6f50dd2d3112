// The MemoryGraph of a freshly built graph, made from the builder's integer columns while they are still in
// memory, so the import writes the graph snapshot without reading the new database back.
import { LITERAL_CODES, MemoryGraph } from '../graph/memoryGraph.js';
import type { BuiltGraph } from './graphBuilder.js';

/**
 * Relations are numbered in the order a scan of the database meets them (triples by head, in the order they
 * were written), as MemoryGraph.fromStore numbers them: the snapshot and a rebuild from Kuzu are the same graph.
 */
export function builtMemoryGraph(name: string, g: BuiltGraph): MemoryGraph {
  const order = new Int32Array(g.relationLabels.length).fill(-1);
  const labels: string[] = [];
  const rels = new Int32Array(g.rels.length);
  for (let k = 0; k < g.rels.length; k++) {
    let r = order[g.rels[k]];
    if (r < 0) r = order[g.rels[k]] = labels.push(g.relationLabels[g.rels[k]]) - 1;
    rels[k] = r;
  }
  const literalCodes = Uint8Array.from(g.literals, (l) => (l ? LITERAL_CODES.indexOf(l) : 0));
  return MemoryGraph.fromColumns(name, { ids: g.ids, names: g.names, types: g.types, literalCodes }, g.heads, rels, g.tails, labels);
}
