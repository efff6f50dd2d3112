// Reply of the follow-up question skill: which alternative chain to follow, and the question that asks for it.
import type { JsonSchema } from '../../../../llm/jsonSchema.js';

export interface FollowUpQuestionReply {
  alternative: number;
  question: string;
}

export function followUpQuestionSchema(alternatives: number): JsonSchema {
  return {
    type: 'object',
    properties: {
      alternative: { enum: Array.from({ length: alternatives }, (_, i) => i + 1) },
      question: { type: 'string', minLength: 8, maxLength: 200 },
    },
    required: ['alternative', 'question'],
  };
}
