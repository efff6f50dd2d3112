// Graph check of a chosen chain: every relation must be a label of the schema paths reachable from the anchors,
// the whole sequence must be one of those paths (never an invented chain), and D_predict must be the depth at
// which exploration can find it.
import type { ScoredChain } from '../../../../core/types.js';
import type { Analysis } from '../../../../core/handSkills.js';
import type { QuestionAnalysisReply } from '../schemas/questionAnalysis.js';
import { accept, reject, type SkillCheck } from '../skillCheck.js';

export interface QuestionAnalysisContext {
  /** The algorithmic analysis: its ranked chains are every scored schema path. */
  algorithmic: Analysis;
  /** Visible labels of all schema paths given to the skill. */
  labels: ReadonlySet<string>;
  dMax: number;
}

export const visibleChainKey = (steps: readonly { visible?: string; relation?: string | number; direction: string }[]): string =>
  steps.map((s) => `${s.visible ?? s.relation}:${s.direction}`).join(' ');

/** Depth level at which a chain of `length` steps from `anchors` anchors is explored. */
export const depthOf = (length: number, anchors: number, dMax: number): number => Math.min(dMax, Math.max(1, Math.ceil(length / anchors)));

export function checkQuestionAnalysis(reply: QuestionAnalysisReply, ctx: QuestionAnalysisContext): SkillCheck<Analysis> {
  const errors: string[] = [];
  for (const s of reply.steps) if (!ctx.labels.has(s.relation)) errors.push(`relation ${JSON.stringify(s.relation)} is not in the question's subgraph`);
  if (reply.subquestions.some((q) => !q.trim())) errors.push('subquestions must not be blank');
  if (errors.length) return reject(errors);
  const key = visibleChainKey(reply.steps);
  const ranked = ctx.algorithmic.ranked;
  const at = ranked.findIndex((c) => visibleChainKey(c.steps) === key);
  if (at < 0) return reject([`chain ${key} is not a path reachable from the anchors; choose one of the listed chains`]);
  const chosen: ScoredChain = ranked[at];
  const depth = depthOf(chosen.steps.length, chosen.anchors.length, ctx.dMax);
  if (reply.dPredict !== depth) return reject([`dPredict must be ${depth} for a chain of ${chosen.steps.length} steps from ${chosen.anchors.length} anchor(s)`]);
  const rest = ranked.filter((_, i) => i !== at);
  return accept({
    anchorOrder: chosen.anchors,
    chain: chosen.steps,
    answerPosition: chosen.answerPosition,
    dPredict: depth,
    alternatives: rest.slice(0, ctx.algorithmic.alternatives.length).map((c) => ({ chain: c.steps, score: c.score })),
    ranked: [chosen, ...rest],
    subquestions: reply.subquestions.map((q) => q.trim()),
  });
}
