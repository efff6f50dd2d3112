// The selection in words for the Brain, sanitized: entities appear only as tokens (the caller's token function,
// e.g. the session's HMAC tokens), relations as the caller's relation text (labels or clusters). Each candidate is
// shown with the expansion path that reached it from an anchor, so the Brain can judge "sufficient", "expand X"
// or answer, and see when a candidate was scored high without a path matching the question (a likely missing edge).
import type { MemoryGraph } from '../graph/memoryGraph.js';
import { relationText } from '../pipeline/relationVectors.js';
import type { DetailedSelection } from './graspSelector.js';

export interface EvidenceOptions {
  /** Text of a relation as the Brain may see it (default: the label's words). */
  relationOf?: (relation: number) => string;
  /** Candidates listed (default 10). */
  limit?: number;
}

export function selectionEvidence(graph: MemoryGraph, selection: DetailedSelection, tokenOf: (entity: number) => string, options: EvidenceOptions = {}): string {
  const relOf = options.relationOf ?? ((r: number) => relationText(graph.relationLabels[r]));
  const sub = selection.subgraph;
  const anchors = sub.nodes.slice(0, sub.anchorCount).map(tokenOf);
  const lines = [`Topic entities: ${anchors.join(', ') || 'none'}.`, `Candidates ranked by the graph encoder (probability, path from a topic entity):`];
  selection.ranked.slice(0, options.limit ?? 10).forEach((c, k) => {
    const local = sub.localOf.get(c.entity);
    const steps: string[] = [];
    for (let i = local ?? -1; i !== undefined && i >= 0 && sub.parent[i] >= 0; i = sub.parent[i]) {
      const arrow = sub.parentDirection[i] === 0 ? `-[${relOf(sub.parentRelation[i])}]->` : `<-[${relOf(sub.parentRelation[i])}]-`;
      steps.unshift(`${arrow} ${tokenOf(sub.nodes[i])}`);
      if (sub.parent[i] < sub.anchorCount) {
        steps.unshift(tokenOf(sub.nodes[sub.parent[i]]));
        break;
      }
    }
    lines.push(`${k + 1}. ${tokenOf(c.entity)} (${c.score.toFixed(3)}): ${steps.join(' ') || 'no path recorded'}`);
  });
  return lines.join('\n');
}
