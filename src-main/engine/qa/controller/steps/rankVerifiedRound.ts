// What happens to a round that verified answers, whatever mode produced it: when the local choice is unsure,
// memory ranks (a confident match) or else the Brain (when asked); then the whole-question check keeps only
// answers whose combined evidence still meets the question's anchors and constraints.
import type { BrainPolicy, BrainStep } from '../../../core/brainStep.js';
import type { ExperienceReuse } from '../../../core/experienceProvider.js';
import type { Analysis } from '../../../core/handSkills.js';
import type { GroundedAnswer } from '../../../core/types.js';
import { localConfidence } from '../brainRanking.js';
import type { QuestionSession } from '../questionSession.js';
import type { ReasoningNode } from '../reasoningTree.js';
import type { NodeRound } from '../strategies/nodeStrategy.js';
import { wholeQuestionCheck } from '../wholeQuestionCheck.js';
import { brainRankingStep, shouldAskBrain } from './brainRankingStep.js';
import { memoryRankingStep } from './memoryRankingStep.js';

export interface RankingOptions {
  /** Brain ranking, asked only when the local choice is not confident. */
  brainStep?: BrainStep;
  /** Top-2 margin below which the local choice is not confident (see localConfidence). */
  confidenceMargin?: number;
  /** 'always' asks the Brain at every verified answer round (default 'whenUnsure'). */
  brainPolicy?: BrainPolicy;
  /**
   * The calibrated unsure state of a round's answers (see confidence.ts): under 'whenUnsure' the Brain ranks only
   * when the top-2 margin is small AND this says unsure. Without it the margin alone decides.
   */
  unsure?: (answers: readonly GroundedAnswer[], analysis: Analysis) => boolean;
}

/** Who ordered the round's answers. */
export type RankedBy = { by: 'local' } | { by: 'memory'; brainCallSaved: boolean } | { by: 'brain'; applied: boolean };

/** Brain ranking calls asked and applied, and those a confident memory match stood in for. */
export interface BrainTally {
  asked: number;
  applied: number;
  saved: number;
}

export const NO_BRAIN_CALLS: BrainTally = { asked: 0, applied: 0, saved: 0 };

export function tallyBrain(t: BrainTally, r: RankedBy): BrainTally {
  if (r.by === 'memory') return r.brainCallSaved ? { ...t, saved: t.saved + 1 } : t;
  if (r.by === 'brain') return { ...t, asked: t.asked + 1, applied: t.applied + (r.applied ? 1 : 0) };
  return t;
}

/** Ranks a verified round (notes on `node` say who did) and applies the whole-question check. */
export async function rankVerifiedRound(s: QuestionSession, node: ReasoningNode, round: NodeRound, reuse: ExperienceReuse | undefined, o: RankingOptions): Promise<{ answers: GroundedAnswer[]; ranked: RankedBy }> {
  const confidence = localConfidence(round.answers, o.confidenceMargin, o.brainPolicy);
  let answers = round.answers;
  let ranked: RankedBy = { by: 'local' };
  const byMemory = memoryRankingStep(round, confidence, reuse, { brainPolicy: o.brainPolicy, withBrain: o.brainStep !== undefined });
  if (byMemory) {
    answers = byMemory.answers;
    ranked = { by: 'memory', brainCallSaved: byMemory.note.brainCallSaved };
    node.notes.push(byMemory.note);
  } else if (o.brainStep && shouldAskBrain(confidence, round, o)) {
    const byBrain = await brainRankingStep(s, node, round, confidence, o.brainStep);
    ranked = { by: 'brain', applied: byBrain !== undefined };
    if (byBrain) {
      answers = byBrain.answers;
      node.notes.push(byBrain.note);
    }
  }
  // Combined evidence against the whole question: every answer must still meet its anchors and constraints.
  return { answers: wholeQuestionCheck(answers, round.grounded, s.analysis.anchorOrder), ranked };
}
