// Follow-up: nothing was verified at the depths tried; explore another depth or stop.
import type { HandPrompt } from '../../../../llm/handTypes.js';
import type { Analysis } from '../../../../core/handSkills.js';
import { chainText } from './format.js';

export const FOLLOW_UP_SYSTEM =
  'You steer a search over a knowledge graph. The last exploration found no verified answer. Decide whether to explore another depth (number of hops per topic entity) or to stop. Answer in JSON.';

export function followUpUser(input: { analysis: Analysis; triedDepths: readonly number[]; dMax: number }): string {
  const { analysis } = input;
  return [
    `Planned chain: ${chainText(analysis.chain)} (predicted depth ${analysis.dPredict})`,
    ...(analysis.subquestions.length ? [`Subquestions: ${analysis.subquestions.slice(0, 6).join(' | ')}`] : []),
    `Depths already explored: ${input.triedDepths.join(', ') || 'none'}; maximum depth ${input.dMax}.`,
    'Reply {"action": "deepen" or "stop", "depth": a depth not explored yet, "reason": short}.',
  ].join('\n');
}

export const followUpPrompt = (input: { analysis: Analysis; triedDepths: readonly number[]; dMax: number }): HandPrompt => ({
  system: FOLLOW_UP_SYSTEM,
  user: followUpUser(input),
});
