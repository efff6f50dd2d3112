// JSON schema of the selection reply (two-stage answering): drives a local model's grammar and validates replies.
import type { JsonSchema } from '../../../llm/jsonSchema.js';

export interface SelectionReplyJson {
  action: 'final' | 'expand' | 'sufficient';
  tokens: string[];
  reason: string;
}

export const SELECTION_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    action: { type: 'string', enum: ['final', 'expand', 'sufficient'] },
    tokens: { type: 'array', items: { type: 'string', maxLength: 80 }, maxItems: 5 },
    reason: { type: 'string', maxLength: 300 },
  },
  required: ['action', 'tokens', 'reason'],
  additionalProperties: false,
};
