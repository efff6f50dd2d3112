// Reply of the entity-extraction skill: the mentions, copied from the question, that name graph entities.
import type { JsonSchema } from '../../../../llm/jsonSchema.js';

export interface EntityExtractionReply {
  mentions: string[];
}

export const MAX_MENTIONS = 3;

export const entityExtractionSchema = {
  type: 'object',
  properties: {
    mentions: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 80 }, minItems: 1, maxItems: MAX_MENTIONS },
  },
  required: ['mentions'],
} as const satisfies JsonSchema;
