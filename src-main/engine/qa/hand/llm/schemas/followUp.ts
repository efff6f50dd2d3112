// Reply of the follow-up skill: deepen to another depth, or stop with a reason.
import type { JsonSchema } from '../../../../llm/jsonSchema.js';

export interface FollowUpReply {
  action: 'deepen' | 'stop';
  depth: number;
  reason: string;
}

export function followUpSchema(dMax: number): JsonSchema {
  return {
    type: 'object',
    properties: {
      action: { enum: ['deepen', 'stop'] },
      depth: { enum: Array.from({ length: dMax }, (_, i) => i + 1) },
      reason: { type: 'string', maxLength: 120 },
    },
    required: ['action', 'depth', 'reason'],
  };
}
