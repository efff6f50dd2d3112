// Reply of the sufficiency-verification skill: ids of the listed answers whose evidence satisfies the question,
// best first; an empty list says none does (the engine then deepens or stops).
import type { JsonSchema } from '../../../../llm/jsonSchema.js';

export interface SufficiencyVerificationReply {
  accepted: number[];
}

export function sufficiencyVerificationSchema(listed: number): JsonSchema {
  return {
    type: 'object',
    properties: { accepted: { type: 'array', items: { enum: Array.from({ length: listed }, (_, i) => i + 1) }, maxItems: listed } },
    required: ['accepted'],
  };
}
