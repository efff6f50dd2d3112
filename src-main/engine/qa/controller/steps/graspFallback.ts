// When the trained GraSP selector (graspMode.ts) gets its turn, on incomplete graphs: its answers compete by chain
// score when Topic verified only a shorter or weaker chain than the best-scoring one (a bridge, or a neighbouring
// relation, standing in for the answer), and they go before the costlier modes once Topic has nothing left.
import type { GroundedAnswer } from '../../../core/types.js';
import { graspNode, groundedShort, mergeByChainScore, type GraspModeOptions } from '../graspMode.js';
import type { NextStepDecision } from '../nextStep.js';
import type { QuestionSession } from '../questionSession.js';
import type { ReasoningNode, ReasoningTree } from '../reasoningTree.js';

/** Topic verified `found`, but along a weaker reading than the question's best: the selection competes. */
export const graspCompetes = (s: QuestionSession, node: Pick<ReasoningNode, 'mode'>, found: readonly GroundedAnswer[]): boolean => node.mode === 'Topic' && groundedShort(s, found);

/** Topic verified nothing and will not deepen: the selection runs before Refine and Predict. */
export const graspBeforeCostlierModes = (node: Pick<ReasoningNode, 'mode'>, decision: NextStepDecision): boolean => node.mode === 'Topic' && decision.kind !== 'deepen';

/** The selection as a child of `node`; Topic's answers and the selection's merged by chain score. */
export async function graspOnShortChain(s: QuestionSession, tree: ReasoningTree, node: ReasoningNode, subquestion: string, grasp: GraspModeOptions, found: GroundedAnswer[]): Promise<GroundedAnswer[]> {
  const g = await graspNode(s, tree, node, subquestion, grasp, 'Topic verified a shorter or weaker chain than the best-scoring one');
  return g.answers.length > 0 ? mergeByChainScore(s, found, g.answers) : found;
}

/** The selection as a child of the failed Topic node: the node it ran at and its answers (maybe none). */
export function graspFallback(s: QuestionSession, tree: ReasoningTree, node: ReasoningNode, subquestion: string, grasp: GraspModeOptions): Promise<{ node: ReasoningNode; answers: GroundedAnswer[] }> {
  return graspNode(s, tree, node, subquestion, grasp);
}
