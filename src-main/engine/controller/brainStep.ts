// The Brain plug-in of the controller: a ranking of the pruned candidate paths, asked for only when the local
// choice is not confident. The gateway engineer's Brain (src-main/engine/brain/) implements the callback; the
// default is none. The request carries view material only (tokens, visible labels, path numbers): the callback
// builds the BrainPayload from it (brain/brainPayload.rankingPayload takes exactly view, indicator and paths).
import type { ViewPath } from '../../common/answerTypes.js';
import type { Direction } from '../../common/graphTypes.js';
import type { GroundedPath } from '../pipeline/groundPaths.js';
import type { GroundedAnswer, SanitizedView, ViewMapping } from '../pipeline/types.js';
import type { ReasoningMode } from './reasoningTree.js';

export interface BrainStepRequest {
  view: SanitizedView;
  /** The indicator the node explored with, in view terms (PayloadIndicator of common/brainTypes.ts). */
  indicator: { anchors: string[]; chain: { relation: string; direction: Direction }[]; answerPosition: number; dPredict: number };
  /** Candidate paths after pruning (≤ W1); a ranking refers to them by index. */
  paths: (ViewPath & { answerAt: number })[];
  width: number;
  node: { id: number; subquestion: string; mode: ReasoningMode; depth: number };
  /** Why the Brain is asked: the local top-2 margin and the rule's threshold. */
  confidence: LocalConfidence;
  /**
   * φ_Q and the graph's name/raw ids, local only (never sent): the gateway keys the exposure ledger by the raw
   * entities behind each token, and that needs the mapping while the question is open.
   */
  mapping?: ViewMapping;
  graph?: { name: string; ids: readonly string[] };
}

/** When the controller asks the Brain: only when the local choice is unsure (default), or at every answer node. */
export type BrainPolicy = 'always' | 'whenUnsure';

/** Candidate indices (into request.paths), best first. Unknown indices are ignored. */
export interface BrainStepRanking {
  ranked: number[];
}

/** Returns a ranking, or nothing when the Brain cannot help (declined, failed, not approved): local order stays. */
export type BrainStep = (request: BrainStepRequest) => Promise<BrainStepRanking | undefined>;

export interface LocalConfidence {
  confident: boolean;
  /** Score of the best verified answer minus the second's (Infinity with fewer than two answers). */
  margin: number;
  threshold: number;
}

/**
 * Confidence rule: the local choice is confident when at most one answer verified, or the best verified answer
 * leads the second by at least `threshold`. Answer scores are chainScore + 0.1·pathScore + 0.01·log(1+support)
 * (verifyAnswers), so the default 0.05 says "a better chain or clearly better path evidence", not "more support
 * along the same chain" — ties along one chain are what a Brain can break.
 */
export function localConfidence(answers: readonly Pick<GroundedAnswer, 'score'>[], threshold = DEFAULT_CONFIDENCE_MARGIN, policy: BrainPolicy = 'whenUnsure'): LocalConfidence {
  // 'always' (tests, audits of what a Brain would see) treats every verified round as unsure.
  // A lone answer has no runner-up: confident, unless the caller demands an infinite margin (every round unsure,
  // yet confident memory may still stand in for the Brain, unlike 'always').
  if (answers.length < 2) return { confident: answers.length === 0 || (policy !== 'always' && Number.isFinite(threshold)), margin: Infinity, threshold };
  const margin = answers[0].score - answers[1].score;
  return { confident: policy !== 'always' && margin >= threshold, margin, threshold };
}

export const DEFAULT_CONFIDENCE_MARGIN = 0.05;

/**
 * Applies a Brain ranking to verified answers: answers supported by a ranked candidate come first, in the order of
 * their best-ranked supporting candidate; the others follow in local order. The Brain reorders, never adds: an
 * answer it prefers must still have passed verification against the raw graph.
 */
export function applyBrainRanking<A extends Pick<GroundedAnswer, 'entity'>>(answers: readonly A[], grounded: readonly GroundedPath[], paths: readonly object[], ranking: BrainStepRanking): A[] {
  const rankOf = new Map<object, number>();
  ranking.ranked.forEach((idx, r) => {
    const p = paths[idx];
    if (p && !rankOf.has(p)) rankOf.set(p, r);
  });
  const best = new Map<number, number>();
  for (const g of grounded) {
    const r = rankOf.get(g.view);
    if (r !== undefined && r < (best.get(g.answer) ?? Infinity)) best.set(g.answer, r);
  }
  return answers
    .map((a, i) => ({ a, i, r: best.get(a.entity) ?? Infinity }))
    .sort((x, y) => x.r - y.r || x.i - y.i)
    .map((x) => x.a);
}
