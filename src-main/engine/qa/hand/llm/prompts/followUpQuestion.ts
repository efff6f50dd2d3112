// Follow-up question (Refine): the chain broke at one position; ask a targeted follow-up for the missing piece and
// pick the alternative chain that answers it. Tokens only: the model sees the view's tokens, never names.
import type { HandPrompt } from '../../../../llm/handTypes.js';
import type { Analysis } from '../../../../core/handSkills.js';
import { chainText } from './format.js';

export const FOLLOW_UP_QUESTION_SYSTEM =
  'You refine a search over a knowledge graph whose entities are opaque tokens. The planned relation chain found no verified answer at one step. Write one short follow-up question for the missing piece, naming the token(s) it starts from, and choose the alternative chain that answers it. Answer in JSON.';

export interface FollowUpQuestionPromptInput {
  question: string;
  planned: Analysis['chain'];
  /** 1-based position where the chain broke, and what stands there. */
  focus: number;
  role: string;
  /** Tokens the follow-up may start from (the bridge reached before the break, or the question's anchors). */
  from: readonly string[];
  alternatives: readonly { steps: Analysis['chain'] }[];
}

export function followUpQuestionUser(input: FollowUpQuestionPromptInput): string {
  return [
    `Question: ${input.question}`,
    `Planned chain: ${chainText(input.planned)}; step ${input.focus} (${input.role}) found nothing.`,
    `Start from: ${input.from.join(', ')}`,
    'Alternative chains:',
    ...input.alternatives.map((a, i) => `${i + 1}. ${chainText(a.steps)}`),
    'Reply {"alternative": the number of the chain to follow, "question": the follow-up question naming a start token}.',
  ].join('\n');
}

export const followUpQuestionPrompt = (input: FollowUpQuestionPromptInput): HandPrompt => ({
  system: FOLLOW_UP_QUESTION_SYSTEM,
  user: followUpQuestionUser(input),
});
