// The system prompt sent with each role's payload: fixed instructions, no graph material. The exposure report
// counts it, so the Ask panel's preview and the approval dialog count the same tokens.
import type { BrainRole } from '../../common/brainTypes.js';
import { ANALYSIS_SYSTEM_PROMPT } from './prompts/analysisPrompt.js';
import { RANKING_SYSTEM_PROMPT } from './prompts/rankingPrompt.js';
import { SELECTION_SYSTEM_PROMPT } from './prompts/selectionPrompt.js';

export function systemPromptFor(role: BrainRole): string {
  return role === 'analysis' ? ANALYSIS_SYSTEM_PROMPT : role === 'selection' ? SELECTION_SYSTEM_PROMPT : RANKING_SYSTEM_PROMPT;
}
