// JSON schema of the analysis reply: drives the local model's grammar and validates every reply.
import type { PayloadIndicator } from '../../../../common/brainTypes.js';
import type { JsonSchema } from '../../../llm/jsonSchema.js';

/** The reply as ANALYSIS_SCHEMA admits it (interpretAnalysis still checks every token and label). */
export interface AnalysisReplyJson extends PayloadIndicator {
  subquestions: string[];
}

export const ANALYSIS_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    anchors: { type: 'array', items: { type: 'string', maxLength: 80 }, maxItems: 8 },
    chain: {
      type: 'array',
      items: {
        type: 'object',
        properties: { relation: { type: 'string', maxLength: 200 }, direction: { enum: ['out', 'in'] } },
        required: ['relation', 'direction'],
        additionalProperties: false,
      },
      maxItems: 5,
    },
    answerPosition: { type: 'integer' },
    dPredict: { type: 'integer' },
    subquestions: { type: 'array', items: { type: 'string', maxLength: 300 }, maxItems: 6 },
  },
  required: ['anchors', 'chain', 'answerPosition', 'dPredict', 'subquestions'],
  additionalProperties: false,
};
