// What the controller does with a confident memory match (ExperienceReport.reuse): its verified chains become the
// first exploration guides, and when the local choice between answers is unsure they rank the answers instead of
// the Brain. Like a Brain ranking, memory only reorders verified answers; it never adds one.
import type { ViewPath } from '../../../common/answerTypes.js';
import type { GroundedPath } from '../../core/types.js';
import type { ChainGuide } from '../stages/exploreTopicPaths.js';
import type { ExperienceReport, ExperienceReuse } from '../../core/experienceProvider.js';

/** Guides stay within the explorer's bitmask of live guides (see exploreTopicPaths). */
const MAX_GUIDES = 16;

const guideKey = (g: Pick<ChainGuide, 'steps' | 'answerPosition'>): string => `${g.answerPosition}|${g.steps.map((s) => `${s.visible}${s.direction}`).join(' ')}`;

/** The reused chains first (full weight), then the analysis' own guides that are not the same chain. */
export function withReusedChains(guides: readonly ChainGuide[], experience: ExperienceReport): ChainGuide[] {
  const reuse = experience.reuse;
  if (!reuse || reuse.chains.length === 0) return [...guides];
  const first: ChainGuide[] = reuse.chains.map((c) => ({ steps: c.steps.map((s) => ({ visible: s.relation, direction: s.direction })), answerPosition: c.answerPosition, weight: 1 }));
  const seen = new Set(first.map(guideKey));
  return [...first, ...guides.filter((g) => !seen.has(guideKey(g)))].slice(0, MAX_GUIDES);
}

/** Rank of the first reused chain a view path follows exactly (labels, directions, answer position), if any. */
export function reusedChainRank(path: ViewPath & { answerAt: number }, reuse: ExperienceReuse): number | undefined {
  const i = reuse.chains.findIndex(
    (c) => c.answerPosition === path.answerAt && c.steps.length === path.edges.length && c.steps.every((s, k) => s.relation === path.edges[k].relation && s.direction === path.edges[k].direction),
  );
  return i >= 0 ? i : undefined;
}

/**
 * Answers supported by a path along a reused chain come first (better-seen chain first, local order within);
 * the rest keep their local order. Undefined when no answer follows a reused chain: then memory cannot decide
 * and the Brain (if any) is asked as usual.
 */
export function applyMemoryRanking<A extends { entity: number }>(answers: readonly A[], grounded: readonly GroundedPath[], reuse: ExperienceReuse): A[] | undefined {
  const best = new Map<number, number>();
  for (const g of grounded) {
    const r = reusedChainRank(g.view, reuse);
    if (r !== undefined && r < (best.get(g.answer) ?? Infinity)) best.set(g.answer, r);
  }
  if (!answers.some((a) => best.has(a.entity))) return undefined;
  return answers
    .map((a, i) => ({ a, i, r: best.get(a.entity) ?? Infinity }))
    .sort((x, y) => x.r - y.r || x.i - y.i)
    .map((x) => x.a);
}
