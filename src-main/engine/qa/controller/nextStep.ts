// NextStep: what the controller does after an answer node ran. Verified → stop. Otherwise, in Topic mode, deepen
// within D_max as the Hand's follow-up skill proposes; when Topic has nothing left, switch mode in the order
// Topic → Refine → Predict (each later mode is costlier and less anchored to the analysis, so it runs only when
// the cheaper one failed); when every mode ran, stop. Pruning on a failure warning happens before a node runs
// (the controller skips it) and then comes here like any failed node.
import type { FollowUp } from '../../core/handSkills.js';
import type { ReasoningMode } from './reasoningTree.js';

export const MODE_ORDER: readonly ReasoningMode[] = ['Topic', 'Refine', 'Predict'];

export type NextStepDecision =
  | { kind: 'stop'; reason: string }
  | { kind: 'deepen'; depth: number }
  | { kind: 'switch'; mode: ReasoningMode; depth: number };

export interface NextStepInput {
  verified: boolean;
  mode: ReasoningMode;
  /** The Hand's follow-up for a failed Topic node (deepen or stop); ignored in other modes. */
  followUp?: FollowUp;
  /** Modes that already ran (or were skipped) for this question. */
  modesTried: ReadonlySet<ReasoningMode>;
  dMax: number;
  /** Depth Topic mode starts at when it is switched to (InitPolicy's D_predict); default D_max. */
  topicDepth?: number;
}

export function nextStep(input: NextStepInput): NextStepDecision {
  if (input.verified) return { kind: 'stop', reason: 'verified' };
  if (input.mode === 'Topic' && input.followUp?.action === 'deepen' && input.followUp.depth <= input.dMax) return { kind: 'deepen', depth: input.followUp.depth };
  const after = MODE_ORDER.slice(MODE_ORDER.indexOf(input.mode) + 1);
  const next = [...after, ...MODE_ORDER].find((m) => !input.modesTried.has(m));
  // Refine and Predict look for what the indicator's own chain missed: they search the whole hop budget.
  if (next) return { kind: 'switch', mode: next, depth: next === 'Topic' ? Math.min(input.dMax, input.topicDepth ?? input.dMax) : input.dMax };
  return { kind: 'stop', reason: `no verified answer in ${[...input.modesTried].join(', ')} within ${input.dMax} hops` };
}
