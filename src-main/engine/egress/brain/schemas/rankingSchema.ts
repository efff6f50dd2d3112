// JSON schema of the ranking reply. maxItems is the hard ceiling; the payload's W_max is enforced when parsing.
import type { JsonSchema } from '../../../llm/jsonSchema.js';

export interface RankingReplyJson {
  ranking: { path: number; reason: string }[];
}

export const RANKING_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    ranking: {
      type: 'array',
      items: {
        type: 'object',
        properties: { path: { type: 'integer' }, reason: { type: 'string', maxLength: 300 } },
        required: ['path', 'reason'],
        additionalProperties: false,
      },
      maxItems: 20,
    },
  },
  required: ['ranking'],
  additionalProperties: false,
};
