// Reply of the evidence-refinement skill: ids of the listed candidate paths worth keeping, best first.
import type { JsonSchema } from '../../../../llm/jsonSchema.js';

export interface EvidenceRefinementReply {
  keep: number[];
}

export function evidenceRefinementSchema(listed: number): JsonSchema {
  return {
    type: 'object',
    properties: { keep: { type: 'array', items: { enum: Array.from({ length: listed }, (_, i) => i + 1) }, minItems: 1, maxItems: listed } },
    required: ['keep'],
  };
}
