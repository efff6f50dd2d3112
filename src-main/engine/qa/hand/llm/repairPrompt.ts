// The one repair attempt: the same task, the rejected reply and the reasons, so the model can correct itself.
import type { HandPrompt } from '../../../llm/handTypes.js';

const MAX_RAW = 600;
const MAX_ERRORS = 6;

export function repairPrompt(prompt: HandPrompt, raw: string, errors: readonly string[]): HandPrompt {
  const shown = raw.length > MAX_RAW ? `${raw.slice(0, MAX_RAW)}…` : raw;
  const reasons = errors.slice(0, MAX_ERRORS).map((e) => `- ${e}`);
  if (errors.length > MAX_ERRORS) reasons.push(`- and ${errors.length - MAX_ERRORS} more`);
  return {
    system: prompt.system,
    user: `${prompt.user}\n\nYour previous reply was:\n${shown}\nIt was rejected because:\n${reasons.join('\n')}\nReply again with corrected JSON only.`,
  };
}
