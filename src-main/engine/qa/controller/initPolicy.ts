// InitPolicy: the starting mode m_v and depth budget d_v of the answer node. Retrieved experience wins when it
// suggests something (a question like this one verified in that mode, at that depth); otherwise Topic mode at
// D_predict, the analysis' own estimate. Always within [1, D_max].
import type { ExperienceReport } from '../../core/experienceProvider.js';
import { nodeNote, type NoteOf } from './nodeNotes.js';
import type { ReasoningMode } from './reasoningTree.js';

export interface InitDecision {
  mode: ReasoningMode;
  depth: number;
  /** Why, for the node's notes. */
  note: NoteOf<'init'>;
}

export function initPolicy(input: { dPredict: number; dMax: number; experience: ExperienceReport }): InitDecision {
  const clamp = (d: number): number => Math.max(1, Math.min(input.dMax, Math.floor(d)));
  const best = [...input.experience.suggestions].filter((s) => s.mode !== undefined || s.depth !== undefined).sort((a, b) => b.score - a.score)[0];
  if (best) {
    const mode = best.mode ?? 'Topic';
    const depth = clamp(best.depth ?? input.dPredict);
    return { mode, depth, note: nodeNote.initFromExperience(mode, depth, best.score) };
  }
  const depth = clamp(input.dPredict);
  return { mode: 'Topic', depth, note: nodeNote.initFromDPredict(depth, input.dPredict) };
}
