// Selection (two-stage answering): sanitized selection evidence in; sufficient / expand one token / final tokens
// out. Like the other roles, a reply may only mention tokens the evidence showed: invented ones are dropped and
// reported, and an "expand" or "final" left with no valid token becomes "sufficient" (the local ranking stands).
import type { BrainPayload } from '../../../../common/brainTypes.js';
import type { SelectionDecision, SelectionStepRequest } from '../../../core/selectionStep.js';
import type { JsonSchema } from '../../../llm/jsonSchema.js';
import { TOKEN_PATTERN } from '../../../core/tokens.js';
import type { Rejection } from '../brain.js';
import type { BrainRoleSpec } from './brainRoleSpec.js';
import { SELECTION_SYSTEM_PROMPT } from '../../../payload/prompts/selectionPrompt.js';
import { SELECTION_SCHEMA, type SelectionReplyJson } from '../schemas/selectionSchema.js';

/** Same shape as BrainRoleSpec, over the selection request instead of a BrainPayload. */
export interface SelectionRoleSpec {
  role: 'selection';
  system: string;
  schema: JsonSchema;
  maxTokens: number;
  interpret(json: unknown, request: SelectionStepRequest): { value: SelectionDecision; rejected: Rejection[] };
}

/** What a reply is checked against: the text the Brain saw and the loop's round. */
type SelectionContext = Pick<SelectionStepRequest, 'evidence' | 'iteration' | 'maxIterations'>;

function interpretSelection(json: unknown, request: SelectionContext): { value: SelectionDecision; rejected: Rejection[] } {
  const r = json as SelectionReplyJson;
  const known = new Set(request.evidence.match(new RegExp(TOKEN_PATTERN.source, 'g')) ?? []);
  const rejected: Rejection[] = [];
  const tokens: string[] = [];
  for (const t of r.tokens ?? []) {
    if (!known.has(t)) rejected.push({ kind: 'token', value: t, where: `selection ${r.action}` });
    else if (!tokens.includes(t)) tokens.push(t);
  }
  if (r.action === 'final' && tokens.length) return { value: { action: 'final', tokens }, rejected };
  if (r.action === 'expand' && tokens.length) {
    if (request.iteration < request.maxIterations) return { value: { action: 'expand', token: tokens[0] }, rejected };
    rejected.push({ kind: 'over_limit', value: tokens[0], where: `expand beyond ${request.maxIterations} rounds` });
  }
  return { value: { action: 'sufficient' }, rejected };
}

export const selectionRole: SelectionRoleSpec = {
  role: 'selection',
  system: SELECTION_SYSTEM_PROMPT,
  schema: SELECTION_SCHEMA,
  maxTokens: 300,
  interpret: interpretSelection,
};

/** The same role over a gateway payload (role "selection"): the payload's text is the evidence the Brain saw. */
export const selectionPayloadRole: BrainRoleSpec<SelectionDecision> = {
  role: 'selection',
  system: SELECTION_SYSTEM_PROMPT,
  schema: SELECTION_SCHEMA,
  maxTokens: 300,
  interpret: (json: unknown, payload: BrainPayload) =>
    interpretSelection(json, { evidence: payload.text, iteration: payload.selection?.iteration ?? 1, maxIterations: payload.selection?.maxIterations ?? 1 }),
};
