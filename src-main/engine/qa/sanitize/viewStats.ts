// Sanitizer stage 9: what the view keeps and hides, in numbers (shown with every answer and in eval). achievedK
// is the smallest WL class among the nodes the k check judges.
import type { ViewStats } from '../../../common/answerTypes.js';
import type { ViewEdge, ViewNode } from '../../core/types.js';
import type { Group } from './viewGroups.js';

export interface ViewStatsInput {
  rawNodes: number;
  rawEdges: number;
  nodes: readonly ViewNode[];
  edges: readonly ViewEdge[];
  /** Final groups and the raw-entity weight of each one's WL class (stage 6). */
  groups: readonly Group[];
  classWeight: Float64Array;
  kept: Uint8Array;
  k: number;
}

/** Pure. */
export function viewStats(input: ViewStatsInput): ViewStats {
  const { nodes, edges, k } = input;
  let achievedK = Infinity;
  input.groups.forEach((g, i) => {
    if (!g.exempt) achievedK = Math.min(achievedK, input.classWeight[i]);
  });
  let keptCount = 0;
  for (let u = 0; u < input.kept.length; u++) keptCount += input.kept[u];
  return {
    rawNodes: input.rawNodes,
    rawEdges: input.rawEdges,
    nodes: nodes.length,
    edges: edges.length,
    supernodes: nodes.filter((x) => x.kind === 'supernode').length,
    literalNodes: nodes.filter((x) => x.kind === 'literal').length,
    pruned: input.rawNodes - keptCount,
    // No node left to judge: the requirement holds vacuously, reported as k itself (JSON has no Infinity).
    achievedK: Number.isFinite(achievedK) ? achievedK : k,
    k,
    relationsVisible: new Set(edges.map((e) => e.relation)).size,
  };
}
