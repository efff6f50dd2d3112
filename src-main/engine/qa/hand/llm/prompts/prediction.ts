// Prediction: which view tokens can stand at each position of the chain (bridges, then the answer). Tokens are
// pseudonyms of the sanitized view; their schema type and coarse literal help a model choose.
import type { HandPrompt } from '../../../../llm/handTypes.js';
import type { Indicator, ViewNode } from '../../../../core/types.js';
import { chainText, omittedNote } from './format.js';

export const PREDICTION_SYSTEM =
  'You predict the intermediate (bridge) and final (answer) nodes of a relation chain in a pseudonymised graph view. Choose only tokens listed for a position. Answer in JSON.';

export interface PredictionPromptInput {
  question: string;
  indicator: Indicator;
  /** Listed tokens per position (1-based order), with how many were left out. */
  positions: { tokens: ViewNode[]; omitted: number }[];
}

const describe = (n: ViewNode): string => [n.token, n.schemaType, n.literal].filter(Boolean).join(' ');

export function predictionUser(input: PredictionPromptInput): string {
  const lines = input.positions.map((p, i) => {
    const role = i + 1 === input.indicator.answerPosition ? 'answer' : 'bridge';
    const listed = p.tokens.length ? p.tokens.map(describe).join(', ') : '(none reachable)';
    return `Position ${i + 1} (${role}, reached by ${input.indicator.chain[i].visible}): ${listed}${omittedNote(p.omitted, 'tokens')}`;
  });
  return [
    `Question: ${input.question}`,
    `Chain: ${chainText(input.indicator.chain)}`,
    ...lines,
    'Reply {"nodes": [{"position", "candidates": [tokens likely on the answer path]} for every position]}.',
  ].join('\n');
}

export const predictionPrompt = (input: PredictionPromptInput): HandPrompt => ({ system: PREDICTION_SYSTEM, user: predictionUser(input) });
