// Memory-gated Brain: when the local choice between a round's answers is unsure, a confident memory match whose
// reused chains support some answer decides the order instead of the Brain (memoryReuse.ts). Brain policy
// 'always' means the analyst wants the Brain asked at every round, so memory does not stand in then.
import type { BrainPolicy, LocalConfidence } from '../../../core/brainStep.js';
import type { ExperienceReuse } from '../../../core/experienceProvider.js';
import type { GroundedAnswer, GroundedPath } from '../../../core/types.js';
import { applyMemoryRanking } from '../memoryReuse.js';
import { nodeNote, type NoteOf } from '../nodeNotes.js';

export interface MemoryRanking {
  answers: GroundedAnswer[];
  note: NoteOf<'memoryRanking'>;
}

/** The memory's order of the answers, or undefined when memory does not decide (confident, 'always', no match). */
export function memoryRankingStep(
  round: { answers: readonly GroundedAnswer[]; grounded: readonly GroundedPath[] },
  confidence: LocalConfidence,
  reuse: ExperienceReuse | undefined,
  o: { brainPolicy?: BrainPolicy; withBrain: boolean },
): MemoryRanking | undefined {
  if (confidence.confident || o.brainPolicy === 'always' || !reuse) return undefined;
  const answers = applyMemoryRanking(round.answers, round.grounded, reuse);
  return answers ? { answers, note: nodeNote.memoryRanking(reuse.recordId, confidence, o.withBrain) } : undefined;
}
