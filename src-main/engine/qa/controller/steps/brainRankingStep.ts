// The Brain ranking of an unsure round: the round's ranking payload goes out (the very one recordRankingPayload
// listed), and a ranking that comes back reorders the verified answers (applyBrainRanking: never adds one).
import type { BrainPolicy, BrainStep, LocalConfidence } from '../../../core/brainStep.js';
import type { Analysis } from '../../../core/handSkills.js';
import type { GroundedAnswer } from '../../../core/types.js';
import { applyBrainRanking } from '../brainRanking.js';
import { nodeNote, type NoteOf } from '../nodeNotes.js';
import type { QuestionSession } from '../questionSession.js';
import type { ReasoningNode } from '../reasoningTree.js';
import type { NodeRound } from '../strategies/nodeStrategy.js';

/**
 * Whether to ask: the local choice is not confident and, under 'whenUnsure', the calibrated estimate says unsure
 * too (without an estimate the margin alone decides).
 */
export function shouldAskBrain(
  confidence: LocalConfidence,
  round: { answers: readonly GroundedAnswer[]; analysis: Analysis },
  o: { brainPolicy?: BrainPolicy; unsure?: (answers: readonly GroundedAnswer[], analysis: Analysis) => boolean },
): boolean {
  return !confidence.confident && (o.brainPolicy === 'always' || (o.unsure?.(round.answers, round.analysis) ?? true));
}

/** Asks the Brain; the reordered answers when its ranking applied, undefined when it ranked nothing. */
export async function brainRankingStep(
  s: QuestionSession,
  node: ReasoningNode,
  round: NodeRound,
  confidence: LocalConfidence,
  brainStep: BrainStep,
): Promise<{ answers: GroundedAnswer[]; note: NoteOf<'brainRanking'> } | undefined> {
  const ranking = await brainStep({
    payload: round.payload.payload,
    view: s.view,
    indicator: { anchors: s.anchorTokens, chain: round.analysis.chain.map((x) => ({ relation: x.visible, direction: x.direction })), answerPosition: round.analysis.answerPosition, dPredict: round.analysis.dPredict },
    paths: round.kept,
    width: s.pruneWidth,
    node: { id: node.id, subquestion: node.subquestion, mode: node.mode, depth: node.depth },
    confidence,
    mapping: s.mapping,
    graph: s.graph,
  });
  s.lap('brain');
  if (ranking) {
    round.payload.status = ranking.status ?? 'sent';
    if (ranking.payload) round.payload.payload = ranking.payload;
  }
  if (!ranking || ranking.ranked.length === 0) return undefined;
  return { answers: applyBrainRanking(round.answers, round.grounded, round.kept, ranking), note: nodeNote.brainRanking(confidence) };
}
