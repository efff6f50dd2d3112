// The selection in words for the Brain, sanitized: entities appear only as tokens (the caller's token function,
// e.g. the session's HMAC tokens), relations as the caller's relation text (labels or clusters). Each candidate is
// shown with the expansion path that reached it from an anchor, so the Brain can judge "sufficient", "expand X"
// or answer, and see when a candidate was scored high without a path matching the question (a likely missing edge).
import type { Direction } from '../../../common/graphTypes.js';
import type { MemoryGraph } from '../../graph/memoryGraph.js';
import { relationText } from '../stages/relationVectors.js';
import type { DetailedSelection } from './graspSelector.js';

export interface EvidenceOptions {
  /** Text of a relation as the Brain may see it (default: the label's words). */
  relationOf?: (relation: number) => string;
  /** Candidates listed (default 10). */
  limit?: number;
}

/** One selected entity with the expansion path that reached it from a topic entity, in tokens and relation text. */
export interface EvidenceCandidate {
  entity: number;
  token: string;
  score: number;
  /** Tokens from a topic entity to the candidate; just the candidate when no path was recorded. */
  nodes: string[];
  edges: { relation: string; direction: Direction }[];
}

/** The top selected entities with their expansion paths, as tokens and the caller's relation text. */
export function selectionCandidates(graph: MemoryGraph, selection: DetailedSelection, tokenOf: (entity: number) => string, options: EvidenceOptions = {}): EvidenceCandidate[] {
  const relOf = options.relationOf ?? ((r: number) => relationText(graph.relationLabels[r]));
  const sub = selection.subgraph;
  return selection.ranked.slice(0, options.limit ?? 10).map((c) => {
    const local = sub.localOf.get(c.entity);
    const nodes = [tokenOf(c.entity)];
    const edges: EvidenceCandidate['edges'] = [];
    for (let i = local ?? -1; i >= 0 && sub.parent[i] >= 0; i = sub.parent[i]) {
      edges.unshift({ relation: relOf(sub.parentRelation[i]), direction: sub.parentDirection[i] === 0 ? 'out' : 'in' });
      nodes.unshift(tokenOf(sub.nodes[sub.parent[i]]));
      if (sub.parent[i] < sub.anchorCount) break;
    }
    return { entity: c.entity, token: nodes[nodes.length - 1], score: c.score, nodes, edges };
  });
}

/** A candidate's path as the evidence shows it: `T0 -[rel]-> T1 <-[rel]- T2`. */
export function candidatePathText(c: Pick<EvidenceCandidate, 'nodes' | 'edges'>): string {
  let s = c.nodes[0];
  c.edges.forEach((e, i) => (s += ` ${e.direction === 'out' ? `-[${e.relation}]->` : `<-[${e.relation}]-`} ${c.nodes[i + 1]}`));
  return s;
}

export function selectionEvidence(graph: MemoryGraph, selection: DetailedSelection, tokenOf: (entity: number) => string, options: EvidenceOptions = {}): string {
  const sub = selection.subgraph;
  const anchors = sub.nodes.slice(0, sub.anchorCount).map(tokenOf);
  const lines = [`Topic entities: ${anchors.join(', ') || 'none'}.`, `Candidates ranked by the graph encoder (probability, path from a topic entity):`];
  selectionCandidates(graph, selection, tokenOf, options).forEach((c, k) => {
    lines.push(`${k + 1}. ${c.token} (${c.score.toFixed(3)}): ${c.edges.length ? candidatePathText(c) : 'no path recorded'}`);
  });
  return lines.join('\n');
}
