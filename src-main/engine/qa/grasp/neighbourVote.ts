// A missing edge predicted from the entity's peers: entities that share a neighbour with it the same way (films
// with the same actor, patients of the same ward) tend to share its other values too. Each peer votes for its own
// targets of the missing (relation, direction), weighted by how specific the shared neighbour is (1 / log degree:
// a genre shared with 4,000 films says little, a director shared with 6 says much). With no peers — an entity
// that lost every edge — only the relation's overall value frequency is left, and it is returned as such.
// The structural counterpart of the encoder's learned scores; nothing here knows relation names.
import { DIR_OUT, type MemoryGraph } from '../../graph/memoryGraph.js';
import type { EdgeFilter } from './relevantSubgraph.js';

export interface VoteOptions {
  /** Shared neighbours with more edges than this are skipped (they cost much and say little; default 1000). */
  hubDegree?: number;
  /** Triples treated as absent (evaluation hides the edge being predicted). */
  exclude?: EdgeFilter;
  /** Share of the score given to the relation's overall value frequency (default 0.05). */
  prior?: number;
  /** Predictions returned (default 20). */
  limit?: number;
}

export interface VotedTarget {
  entity: number;
  /** Share of the votes (plus prior), in [0, 1]; scores of one call sum to at most 1. */
  score: number;
  /** Weighted peers that voted for it (0 for a prior-only prediction). */
  peers: number;
}

const priorMemo = new WeakMap<MemoryGraph, Map<number, Map<number, number>>>();

/** How often each entity is the target of (relation, direction) across the graph, as shares. Memoised. */
export function valueFrequency(graph: MemoryGraph, relation: number, dirBit: number): Map<number, number> {
  let byKey = priorMemo.get(graph);
  if (!byKey) priorMemo.set(graph, (byKey = new Map()));
  const key = relation * 2 + dirBit;
  let freq = byKey.get(key);
  if (freq) return freq;
  freq = new Map();
  let total = 0;
  // A target of (r, d) carries (r, flip d): count targets by their own incident edges, one pass over the CSR.
  const back = 1 - dirBit;
  for (let y = 0; y < graph.size; y++) {
    let n = 0;
    for (let k = graph.offsets[y]; k < graph.offsets[y + 1]; k++) if (graph.edgeRelation[k] === relation && graph.edgeDirection[k] === back) n++;
    if (n > 0) {
      freq.set(y, n);
      total += n;
    }
  }
  for (const [y, n] of freq) freq.set(y, n / total);
  byKey.set(key, freq);
  return freq;
}

function excluded(exclude: EdgeFilter | undefined, from: number, relation: number, dirBit: number, to: number): boolean {
  if (!exclude) return false;
  return dirBit === DIR_OUT ? exclude(from, relation, to) : exclude(to, relation, from);
}

/** Targets of (relation, direction) that entity x most likely has, best first. Pure (memoised prior aside). */
export function neighbourVote(graph: MemoryGraph, x: number, relation: number, dirBit: number, options: VoteOptions = {}): VotedTarget[] {
  const hub = options.hubDegree ?? 1000;
  const priorShare = options.prior ?? 0.05;
  const exclude = options.exclude;
  const votes = new Map<number, number>();
  const voters = new Map<number, number>();
  let total = 0;
  for (let k = graph.offsets[x]; k < graph.offsets[x + 1]; k++) {
    const m = graph.edgeNeighbor[k];
    const rk = graph.edgeRelation[k];
    const dk = graph.edgeDirection[k];
    if (m === x || (rk === relation && dk === dirBit) || excluded(exclude, x, rk, dk, m)) continue;
    const degM = graph.offsets[m + 1] - graph.offsets[m];
    if (degM > hub) continue;
    const w = 1 / Math.log(2 + degM);
    // Peers: m's other neighbours standing to m as x does (same relation, same direction).
    for (let k2 = graph.offsets[m]; k2 < graph.offsets[m + 1]; k2++) {
      const p = graph.edgeNeighbor[k2];
      if (p === x || graph.edgeRelation[k2] !== rk || graph.edgeDirection[k2] !== 1 - dk) continue;
      let n = 0;
      for (let k3 = graph.offsets[p]; k3 < graph.offsets[p + 1]; k3++) if (graph.edgeRelation[k3] === relation && graph.edgeDirection[k3] === dirBit) n++;
      if (n === 0) continue;
      for (let k3 = graph.offsets[p]; k3 < graph.offsets[p + 1]; k3++) {
        if (graph.edgeRelation[k3] !== relation || graph.edgeDirection[k3] !== dirBit) continue;
        const y = graph.edgeNeighbor[k3];
        if (y === x) continue;
        votes.set(y, (votes.get(y) ?? 0) + w / n);
        voters.set(y, (voters.get(y) ?? 0) + 1);
      }
      total += w;
    }
  }
  const freq = valueFrequency(graph, relation, dirBit);
  const voteShare = total > 0 ? 1 - priorShare : 0;
  const scored = new Map<number, number>();
  for (const [y, v] of votes) scored.set(y, (voteShare * v) / total);
  // The prior only ranks what the votes leave tied or empty: its top values suffice.
  const priorWeight = total > 0 ? priorShare : 1;
  const limit = options.limit ?? 20;
  const topPrior = [...freq].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, Math.max(limit, 50));
  for (const [y, f] of topPrior) if (y !== x && !votes.has(y)) scored.set(y, priorWeight * f);
  for (const y of votes.keys()) scored.set(y, scored.get(y)! + priorWeight * (freq.get(y) ?? 0));
  return [...scored]
    .map(([entity, score]) => ({ entity, score, peers: voters.get(entity) ?? 0 }))
    .sort((a, b) => b.score - a.score || a.entity - b.entity)
    .slice(0, limit);
}
