// Literal buckets in the view. Stage 3: each literal node's kind and coarse band (a year or decade, a number band,
// `text`); the raw value never goes further. Stage 5b: literals of the same band hanging off the same nodes by the
// same relations say nothing apart, so they become one literal node.
import type { LiteralKind } from '../../../common/graphTypes.js';
import type { SanitizeConfig } from '../../core/types.js';
import { coarsenLiteral, literalKindOfCode, literalKinds } from '../../graph/literalBuckets.js';
import type { MemoryGraph } from '../../graph/memoryGraph.js';
import { mergeEquivalent } from './supernodes.js';
import type { GroupTable } from './viewGroups.js';
import type { LabelledCsr } from './wlColours.js';

export interface LiteralBands {
  /** Literal kind of each local node (undefined: an entity). */
  kind: (LiteralKind | undefined)[];
  /** Coarse band of each literal local node. */
  band: (string | undefined)[];
}

/** Kind and band of every local node (`entities`: local → raw). Pure. */
export function literalBands(graph: MemoryGraph, entities: readonly number[], dates: SanitizeConfig['dates']): LiteralBands {
  const n = entities.length;
  const kind: (LiteralKind | undefined)[] = new Array(n);
  const band: (string | undefined)[] = new Array(n);
  const codes = literalKinds(graph);
  for (let u = 0; u < n; u++) {
    const k = literalKindOfCode(codes[entities[u]]);
    kind[u] = k;
    if (k) band[u] = coarsenLiteral(k, graph.names[entities[u]], dates);
  }
  return { kind, band };
}

/** Merges literal groups (not exempt) that share a band and the same neighbourhood in `csr`. Pure. */
export function mergeLiteralBands(table: GroupTable, csr: LabelledCsr): GroupTable {
  return mergeEquivalent(table, csr, (g) => g.kind === 'literal' && !g.exempt, 'literal');
}
