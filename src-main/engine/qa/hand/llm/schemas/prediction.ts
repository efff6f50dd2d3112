// Reply of the prediction skill: for each position on the chain, the view tokens that may stand there. Tokens are
// an enum of the listed ones when there are any, so a model cannot invent a token.
import type { JsonSchema } from '../../../../llm/jsonSchema.js';

export interface PredictionReply {
  nodes: { position: number; candidates: string[] }[];
}

export const MAX_PREDICTED_PER_POSITION = 20;

export function predictionSchema(positions: number, tokens: readonly string[]): JsonSchema {
  return {
    type: 'object',
    properties: {
      nodes: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            position: { enum: Array.from({ length: positions }, (_, i) => i + 1) },
            candidates: {
              type: 'array',
              items: tokens.length ? { enum: [...tokens] } : { type: 'string', maxLength: 64 },
              maxItems: MAX_PREDICTED_PER_POSITION,
            },
          },
          required: ['position', 'candidates'],
        },
        minItems: positions,
        maxItems: positions,
      },
    },
    required: ['nodes'],
  };
}
