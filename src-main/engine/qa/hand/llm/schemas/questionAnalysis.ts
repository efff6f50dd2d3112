// Reply of the question-analysis skill: subquestions first (a model reasons better when it writes them before
// committing to a chain), then the relation chain and D_predict. Labels are an enum of the listed chains' labels, so
// the grammar already keeps a model on relations that exist; the graph check still verifies the sequence.
import type { Direction } from '../../../../../common/graphTypes.js';
import type { JsonSchema } from '../../../../llm/jsonSchema.js';

export interface QuestionAnalysisReply {
  subquestions: string[];
  steps: { relation: string; direction: Direction }[];
  dPredict: number;
}

export function questionAnalysisSchema(labels: readonly string[], maxSteps: number, dMax: number): JsonSchema {
  return {
    type: 'object',
    properties: {
      subquestions: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 160 }, minItems: 1, maxItems: maxSteps },
      steps: {
        type: 'array',
        items: {
          type: 'object',
          properties: { relation: labels.length ? { enum: [...labels] } : { type: 'string', maxLength: 80 }, direction: { enum: ['out', 'in'] } },
          required: ['relation', 'direction'],
        },
        minItems: 1,
        maxItems: maxSteps,
      },
      dPredict: { enum: Array.from({ length: dMax }, (_, i) => i + 1) },
    },
    required: ['subquestions', 'steps', 'dPredict'],
  };
}
