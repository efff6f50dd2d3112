// Fuzzy pruning (evidence refinement): s_prune = α·DRM(path, indicator) + (1−α)·max DRM(path, memory item), top W1.
// DRM(path, indicator) compares the path's relation sequence with the indicator chain position by position
// (visible labels, cosine of their DRM vectors; a direction mismatch scores 0), so a path along the predicted chain
// scores 1 and near-misses keep a graded score. The memory term is 0 until the experience memory lands.
import type { Direction } from '../../../common/graphTypes.js';
import type { CandidatePath } from '../../core/types.js';

export interface PruneOptions {
  /** The indicator chain in visible labels. */
  chain: { visible: string; direction: Direction }[];
  /** Similarity of two visible relation labels in [0, 1] (1 for equal labels). */
  relationSimilarity(a: string, b: string): number;
  /** max DRM(path, memory item); absent → 0. */
  memory?(path: CandidatePath): number;
  /** Weight of the indicator term (default 1 while there is no memory). */
  alpha?: number;
  /** W1: paths kept (default 80). */
  width?: number;
}

export const DEFAULT_PRUNE_WIDTH = 80;

/** DRM(path, indicator) in [0, 1]. */
export function pathIndicatorSimilarity(path: CandidatePath, chain: PruneOptions['chain'], sim: PruneOptions['relationSimilarity']): number {
  const n = Math.max(path.edges.length, chain.length);
  if (n === 0) return 0;
  let s = 0;
  for (let i = 0; i < Math.min(path.edges.length, chain.length); i++) {
    const e = path.edges[i];
    const c = chain[i];
    if (e.direction !== c.direction) continue;
    s += e.relation === c.visible ? 1 : Math.max(0, sim(e.relation, c.visible));
  }
  return s / n;
}

export function pruneScore(path: CandidatePath, options: PruneOptions): number {
  const alpha = options.alpha ?? (options.memory ? 0.7 : 1);
  const mem = options.memory ? options.memory(path) : 0;
  return alpha * pathIndicatorSimilarity(path, options.chain, options.relationSimilarity) + (1 - alpha) * mem;
}

/**
 * Scores every path and keeps the top W1. Among equal scores, paths to answers not yet covered go first, so the
 * kept set spreads over distinct answers instead of repeating evidence for one.
 */
export function prunePaths(paths: readonly CandidatePath[], options: PruneOptions): CandidatePath[] {
  const width = options.width ?? DEFAULT_PRUNE_WIDTH;
  const scored = paths.map((p, i) => ({ p: { ...p, score: pruneScore(p, options) }, explore: p.score, i }));
  scored.sort((a, b) => b.p.score - a.p.score || b.explore - a.explore || a.i - b.i);
  const kept: CandidatePath[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < scored.length && kept.length < width; ) {
    // One block of equal scores: answers not covered yet first, then further evidence for covered ones.
    let j = i;
    while (j < scored.length && scored[j].p.score === scored[i].p.score) j++;
    const block = scored.slice(i, j).map((s) => s.p);
    const fresh = block.filter((p) => !seen.has(p.nodes[p.answerAt]) && (seen.add(p.nodes[p.answerAt]), true));
    const freshSet = new Set(fresh);
    const repeat = block.filter((p) => !freshSet.has(p));
    for (const p of [...fresh, ...repeat]) {
      if (kept.length >= width) break;
      kept.push(p);
    }
    i = j;
  }
  return kept;
}
