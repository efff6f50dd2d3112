// Raw entities on the paths the best analysed chains walk: the sanitizer keeps these ("on a kept candidate path")
// instead of folding them into aggregates, so the view still holds the evidence the Hand will ground. Bounded, so
// a hub-heavy chain cannot exempt a large part of the view from de-uniqueness.
import { DIR_OUT } from '../../graph/memoryGraph.js';
import type { Adjacency } from './localAdjacency.js';
import type { ScoredChain } from '../../core/types.js';

export interface CandidateEntityOptions {
  /** Chains taken from the ranked list, best first. */
  chains: number;
  /** At most this many entities kept per chain step. */
  perStep: number;
}

export const DEFAULT_CANDIDATE_ENTITIES: CandidateEntityOptions = { chains: 3, perStep: 60 };

/** Entities reached by walking each of the top chains' steps from its first anchor (anchors included). */
export function candidateEntities(adj: Adjacency, ranked: readonly ScoredChain[], options: CandidateEntityOptions = DEFAULT_CANDIDATE_ENTITIES): Set<number> {
  const keep = new Set<number>();
  for (const chain of ranked.slice(0, options.chains)) {
    for (const a of chain.anchors) keep.add(a);
    let frontier = chain.anchors.length ? [chain.anchors[0]] : [];
    for (const step of chain.steps) {
      const next = new Set<number>();
      for (const u of frontier) {
        for (const e of adj.edgesOf(u)) {
          if (e.relation !== step.relation || (e.direction === DIR_OUT ? 'out' : 'in') !== step.direction) continue;
          next.add(e.neighbor);
          if (next.size >= options.perStep) break;
        }
        if (next.size >= options.perStep) break;
      }
      frontier = [...next];
      for (const v of frontier) keep.add(v);
    }
  }
  return keep;
}
