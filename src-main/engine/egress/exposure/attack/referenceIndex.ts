// The observer's reference copy of the graph, indexed for the attack: for every (relation, direction) key the
// entities that have at least one such edge (so a visible signature starts from its rarest key and intersects the
// rest), and for every literal band the literals that show it. Built once per graph and memoised.
import { coarsenLiteral, literalKindOfCode, literalKinds } from '../../../graph/literalBuckets.js';
import { DIR_OUT, type MemoryGraph } from '../../../graph/memoryGraph.js';
import { holdersOf } from '../../../graph/keyHolders.js';

// The keyed-CSR reads live with the holders table; the attack's modules read them from here.
export { edgeKey, hasKey, keyCount, keyStart } from '../../../graph/keyHolders.js';

export interface ReferenceIndex {
  graph: MemoryGraph;
  /** Entities with at least one edge of key relation*2+direction, ascending. */
  byKey: Int32Array[];
  /** Literal kind code of every entity (0: not a literal), as the sanitizer decides it. */
  literalCode: Uint8Array;
  /** Non-literal entities (what an E_ or S_ token can be), ascending. */
  entities: Int32Array;
  /** Literal entities, ascending. */
  literals: Int32Array;
  /** Band text (year, decade, number band, `text`) → literals that show it, ascending. */
  byBand: Map<string, Int32Array>;
  /** Edges of each entity where it is the head (the rest of its degree is incoming). */
  outDegree: Int32Array;
  /** Distinct (relation, direction) keys of each entity. */
  keyKinds: Int32Array;
}

const memo = new WeakMap<MemoryGraph, ReferenceIndex>();

/** Builds (or returns the memoised) index of a graph. */
export function referenceIndex(graph: MemoryGraph): ReferenceIndex {
  const hit = memo.get(graph);
  if (hit) return hit;
  const n = graph.size;
  const keys = graph.relationLabels.length * 2;
  // Holders of each key: from the graph (built at import, in its snapshot), views without a copy.
  const holders = graph.keyHolders();
  const byKey = Array.from({ length: keys }, (_, k) => holdersOf(holders, k));
  // Plain loops over typed arrays held in locals: built on a process's first guarded payload, over every edge.
  const keyKinds = new Int32Array(n);
  const items = holders.items;
  for (let j = 0; j < items.length; j++) keyKinds[items[j]]++;
  const outDegree = new Int32Array(n);
  const { offsets, edgeDirection } = graph;
  for (let i = 0; i < n; i++) {
    let out = 0;
    for (let k = offsets[i], end = offsets[i + 1]; k < end; k++) if (edgeDirection[k] === DIR_OUT) out++;
    outDegree[i] = out;
  }
  const literalCode = literalKinds(graph);
  let literalCount = 0;
  for (let i = 0; i < n; i++) if (literalKindOfCode(literalCode[i])) literalCount++;
  const ents = new Int32Array(n - literalCount);
  const lits = new Int32Array(literalCount);
  const bands = new Map<string, number[]>();
  for (let i = 0, e = 0, l = 0; i < n; i++) {
    const kind = literalKindOfCode(literalCode[i]);
    if (!kind) {
      ents[e++] = i;
      continue;
    }
    lits[l++] = i;
    // A view shows a date as its year or its decade (the sanitizer's setting): index both readings; the masked
    // baseline shows the exact value, indexed too (a value that reads like a band widens that band a little).
    for (const b of new Set([coarsenLiteral(kind, graph.names[i], 'year'), coarsenLiteral(kind, graph.names[i], 'decade'), graph.names[i]])) (bands.get(b) ?? bands.set(b, []).get(b)!).push(i);
  }
  const index: ReferenceIndex = {
    graph,
    byKey,
    literalCode,
    entities: ents,
    literals: lits,
    byBand: new Map([...bands].map(([b, l]) => [b, Int32Array.from(l)])),
    outDegree,
    keyKinds,
  };
  memo.set(graph, index);
  return index;
}
