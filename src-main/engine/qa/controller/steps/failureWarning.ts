// Pruning on experience: a failure warning of a similar question that names this node's mode, depth (or any
// depth) and the question's chain skips the node before it runs.
import type { Analysis } from '../../../core/handSkills.js';
import { chainSignature, matchingWarning, type ExperienceReport, type ExperienceWarning } from '../../../core/experienceProvider.js';
import type { ReasoningNode } from '../reasoningTree.js';

export function failureWarning(analysis: Analysis, experience: ExperienceReport, node: Pick<ReasoningNode, 'mode' | 'depth'>): ExperienceWarning | undefined {
  const chain = chainSignature(
    analysis.chain.map((x) => ({ relation: x.visible, direction: x.direction })),
    analysis.answerPosition,
  );
  return matchingWarning(experience.warnings, { mode: node.mode, depth: node.depth, chain });
}
