// Sufficiency verification: which grounded answers does the evidence actually support? The Hand runs locally, so
// it may read raw names here (nothing of this prompt leaves the machine).
import type { HandPrompt } from '../../../../llm/handTypes.js';
import { omittedNote } from './format.js';

export const SUFFICIENCY_VERIFICATION_SYSTEM =
  'You check answers to a question over a knowledge graph. Each candidate answer comes with an evidence path. Accept the answers whose evidence fully answers the question, best first; accept none if none does. Answer in JSON.';

export interface VerificationCandidate {
  name: string;
  /** One supporting path, e.g. `Moonfall -written_by(out)-> Ilse Varga`. */
  evidence: string;
}

export function sufficiencyVerificationUser(input: { question: string; subquestions: readonly string[]; candidates: readonly VerificationCandidate[]; omitted: number }): string {
  return [
    `Question: ${input.question}`,
    ...(input.subquestions.length ? [`Subquestions: ${input.subquestions.slice(0, 6).join(' | ')}`] : []),
    'Candidates:',
    input.candidates.map((c, i) => `${i + 1}. ${c.name}: ${c.evidence}`).join('\n') + omittedNote(input.omitted, 'candidates'),
    'Reply {"accepted": [ids of sufficient answers, best first]}.',
  ].join('\n');
}

export const sufficiencyVerificationPrompt = (input: Parameters<typeof sufficiencyVerificationUser>[0]): HandPrompt => ({
  system: SUFFICIENCY_VERIFICATION_SYSTEM,
  user: sufficiencyVerificationUser(input),
});
