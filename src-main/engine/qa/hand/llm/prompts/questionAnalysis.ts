// Question analysis: pick the relation chain from the anchors to the answer among the reachable ones, write one
// subquestion per hop and say how deep exploration must go.
import type { ScoredChain } from '../../../../core/types.js';
import type { HandPrompt } from '../../../../llm/handTypes.js';
import { chainText, omittedNote } from './format.js';

export const QUESTION_ANALYSIS_SYSTEM =
  'You plan multi-hop questions over a knowledge graph. Given the topic entities and the relation chains that can be walked from them, choose the chain that leads to the answer. Direction "out" follows an edge from head to tail, "in" walks it backwards. Answer in JSON.';

export interface QuestionAnalysisPromptInput {
  question: string;
  /** Anchor names (the mentions) in the order chains start from. */
  anchorName(entity: number): string;
  chains: readonly ScoredChain[];
  omitted: number;
  dMax: number;
}

export function questionAnalysisUser(input: QuestionAnalysisPromptInput): string {
  const lines = input.chains.map((c, i) => {
    const from = c.anchors.map(input.anchorName).join(' ... ');
    return `${i + 1}. from ${from}: ${chainText(c.steps)} (answer after step ${c.answerPosition})`;
  });
  return [
    `Question: ${input.question}`,
    'Reachable chains:',
    lines.join('\n') + omittedNote(input.omitted, 'chains'),
    `Reply {"subquestions": [one per hop], "steps": [{"relation", "direction"}...] copied from one listed chain, "dPredict": hops per anchor (1..${input.dMax})}.`,
  ].join('\n');
}

export const questionAnalysisPrompt = (input: QuestionAnalysisPromptInput): HandPrompt => ({ system: QUESTION_ANALYSIS_SYSTEM, user: questionAnalysisUser(input) });
