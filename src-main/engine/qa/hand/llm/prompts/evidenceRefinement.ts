// Evidence refinement: keep the candidate paths that follow the planned chain, best first.
import type { HandPrompt } from '../../../../llm/handTypes.js';
import type { CandidatePath, Indicator } from '../../../../core/types.js';
import { chainText, omittedNote } from './format.js';

export const EVIDENCE_REFINEMENT_SYSTEM =
  'You filter evidence paths in a pseudonymised knowledge graph view. Keep the paths that follow the planned relation chain and can lead to the answer, best first. Answer in JSON.';

const pathText = (p: CandidatePath): string =>
  p.nodes.map((n, i) => (i < p.edges.length ? `${n} -${p.edges[i].relation}(${p.edges[i].direction})-> ` : `${n}`)).join('') + ` [answer ${p.nodes[p.answerAt]}]`;

export function evidenceRefinementUser(input: { indicator: Indicator; paths: readonly CandidatePath[]; omitted: number }): string {
  return [
    `Planned chain: ${chainText(input.indicator.chain)}`,
    'Paths:',
    input.paths.map((p, i) => `${i + 1}. ${pathText(p)}`).join('\n') + omittedNote(input.omitted, 'paths'),
    'Reply {"keep": [ids of paths to keep, best first]}.',
  ].join('\n');
}

export const evidenceRefinementPrompt = (input: { indicator: Indicator; paths: readonly CandidatePath[]; omitted: number }): HandPrompt => ({
  system: EVIDENCE_REFINEMENT_SYSTEM,
  user: evidenceRefinementUser(input),
});
