// Question analysis: anonymised question + anchors + visible relations in; anchor order, relation chain,
// answer position, D_predict and sub-questions out, all in visible labels and payload tokens.
import type { BrainPayload } from '../../../../common/brainTypes.js';
import type { BrainAnalysis, Rejection } from '../brain.js';
import { ANALYSIS_SYSTEM_PROMPT } from '../../../payload/prompts/analysisPrompt.js';
import { ANALYSIS_SCHEMA, type AnalysisReplyJson } from '../schemas/analysisSchema.js';
import type { BrainRoleSpec } from './brainRoleSpec.js';
import { hasInventedToken, payloadTokens } from './payloadVocabulary.js';

const MAX_HOPS = 5;

function interpretAnalysis(json: unknown, p: BrainPayload): { value: BrainAnalysis; rejected: Rejection[] } {
  const r = json as AnalysisReplyJson;
  const rejected: Rejection[] = [];
  const known = payloadTokens(p);
  const anchors: string[] = [];
  for (const a of r.anchors) {
    if (known.has(a)) {
      if (!anchors.includes(a)) anchors.push(a);
    } else rejected.push({ kind: 'token', value: a, where: 'anchors' });
  }
  // A chain is only meaningful whole: one invented relation voids it (the caller keeps its local chain).
  const vocabulary = new Set(p.relations);
  const badSteps = r.chain.filter((s) => !vocabulary.has(s.relation));
  for (const s of badSteps) rejected.push({ kind: 'relation', value: s.relation, where: 'chain' });
  const chain = badSteps.length ? [] : r.chain.slice(0, MAX_HOPS).map((s) => ({ relation: s.relation, direction: s.direction }));
  const subquestions: string[] = [];
  for (const q of r.subquestions) {
    const invented = hasInventedToken(q, known);
    if (invented.length) for (const t of invented) rejected.push({ kind: 'token', value: t, where: 'subquestions' });
    else subquestions.push(q);
  }
  const dPredict = Math.max(1, Math.min(MAX_HOPS, Math.round(r.dPredict)));
  const answerPosition = Math.max(1, Math.min(chain.length || dPredict, Math.round(r.answerPosition)));
  return { value: { anchors, chain, answerPosition, dPredict, subquestions }, rejected };
}

export const analysisRole: BrainRoleSpec<BrainAnalysis> = {
  role: 'analysis',
  system: ANALYSIS_SYSTEM_PROMPT,
  schema: ANALYSIS_SCHEMA,
  maxTokens: 600,
  interpret: interpretAnalysis,
};
