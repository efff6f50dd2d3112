// Moving through T_Q after an answer node ran: settle it (status, evidence, what was tried), take NextStep's
// decision — a failed Topic node first asks the Hand's follow-up whether to deepen — and follow it: note it on the
// node and grow the child it asks for, or stop.
import type { GroundedAnswer } from '../../../core/types.js';
import { nextStep, type NextStepDecision } from '../nextStep.js';
import { nodeNote } from '../nodeNotes.js';
import type { QuestionSession } from '../questionSession.js';
import type { ReasoningMode, ReasoningNode, ReasoningTree } from '../reasoningTree.js';

/** What the answer nodes tried so far. */
export interface Trail {
  /** Modes that ran (or were skipped). */
  modesTried: Set<ReasoningMode>;
  /** Depths Topic mode explored. */
  triedDepths: number[];
}

export const emptyTrail = (): Trail => ({ modesTried: new Set(), triedDepths: [] });

/** Status and evidence of a node that ran (or was skipped), and what it adds to the trail. */
export function settleNode(node: ReasoningNode, found: readonly GroundedAnswer[], trail: Trail): void {
  node.evidence = found.map((a) => a.entity);
  node.status = found.length > 0 ? 'verified' : 'pruned';
  trail.modesTried.add(node.mode);
  if (node.mode === 'Topic') trail.triedDepths.push(node.depth);
}

/** NextStep for a node that verified nothing; Topic asks the Hand's follow-up (deepen or stop) first. */
export async function decideNext(s: QuestionSession, node: ReasoningNode, trail: Trail, topicDepth: number): Promise<NextStepDecision> {
  const followUp = node.mode === 'Topic' ? await s.hand.followUp({ analysis: s.analysis, triedDepths: trail.triedDepths, dMax: s.dMax }) : undefined;
  return nextStep({ verified: false, mode: node.mode, followUp, modesTried: trail.modesTried, dMax: s.dMax, topicDepth });
}

/** Notes the decision on `node`; the child it asks for (deeper, or in the next mode), undefined on stop. */
export function followDecision(tree: ReasoningTree, node: ReasoningNode, decision: NextStepDecision, subquestion: string): ReasoningNode | undefined {
  node.notes.push(nodeNote.nextStep(decision));
  if (decision.kind === 'stop') return undefined;
  const mode = decision.kind === 'deepen' ? node.mode : decision.mode;
  return tree.add({ parent: node.id, subquestion, role: { kind: 'answer' }, depth: decision.depth, mode });
}
