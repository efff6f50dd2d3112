// When the controller asks the Brain (the local choice is unsure) and how a Brain's ranking reorders the answers.
// The BrainStep port itself lives in core; this is the controller's side of it.
import type { GroundedAnswer, GroundedPath } from '../../core/types.js';
import type { BrainPolicy, BrainStepRanking, LocalConfidence } from '../../core/brainStep.js';

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
