import { describe, expect, it } from 'vitest';
import { validateJsonSchema, type JsonSchema } from '../../src-main/engine/llm/jsonSchema.js';

const answerSchema = {
  type: 'object',
  properties: {
    kind: { enum: ['person', 'film', 'place'] },
    names: { type: 'array', items: { type: 'string', maxLength: 8 }, minItems: 1, maxItems: 3 },
    hops: { type: 'integer' },
    confidence: { type: 'number' },
    note: { type: ['string', 'null'] },
  },
  required: ['kind', 'names'],
} as const satisfies JsonSchema;

describe('validateJsonSchema', () => {
  it('accepts a value that matches', () => {
    expect(validateJsonSchema({ kind: 'film', names: ['Alien'], hops: 2, confidence: 0.5, note: null }, answerSchema)).toEqual([]);
    expect(validateJsonSchema({ kind: 'person', names: ['a', 'b', 'c'] }, answerSchema)).toEqual([]);
  });

  it('rejects a missing required property and an enum outside its values', () => {
    const errors = validateJsonSchema({ kind: 'animal' }, answerSchema);
    expect(errors.some((e) => e.includes('missing required property "names"'))).toBe(true);
    expect(errors.some((e) => e.startsWith('$.kind') && e.includes('one of'))).toBe(true);
  });

  it('rejects a string over maxLength (counted in characters, not UTF-16 units)', () => {
    expect(validateJsonSchema({ kind: 'film', names: ['123456789'] }, answerSchema)).toEqual([
      '$.names[0]: must be at most 8 characters, got 9',
    ]);
    // 8 emoji = 16 UTF-16 units but 8 characters
    expect(validateJsonSchema({ kind: 'film', names: ['😀'.repeat(8)] }, answerSchema)).toEqual([]);
  });

  it('rejects non-integers for integer, and wrong types', () => {
    expect(validateJsonSchema({ kind: 'film', names: ['x'], hops: 1.5 }, answerSchema)).toEqual([
      '$.hops: must be integer, got non-integer number',
    ]);
    expect(validateJsonSchema({ kind: 'film', names: ['x'], hops: '2' }, answerSchema)[0]).toMatch(/hops: must be integer, got string/);
    expect(validateJsonSchema({ kind: 'film', names: ['x'], note: 3 }, answerSchema)[0]).toMatch(/note: must be string or null/);
    expect(validateJsonSchema([], answerSchema)[0]).toMatch(/must be object, got array/);
  });

  it('enforces array bounds', () => {
    expect(validateJsonSchema({ kind: 'film', names: [] }, answerSchema)[0]).toMatch(/at least 1 items/);
    expect(validateJsonSchema({ kind: 'film', names: ['a', 'b', 'c', 'd'] }, answerSchema)[0]).toMatch(/at most 3 items/);
  });

  it('rejects properties the schema does not declare unless additionalProperties allows them', () => {
    expect(validateJsonSchema({ kind: 'film', names: ['x'], extra: 1 }, answerSchema)).toEqual(['$: unexpected property "extra"']);
    const open = { type: 'object', properties: {}, additionalProperties: { type: 'number' } } as const satisfies JsonSchema;
    expect(validateJsonSchema({ a: 1 }, open)).toEqual([]);
    expect(validateJsonSchema({ a: 'x' }, open)[0]).toMatch(/\$\.a: must be number/);
  });

  it('handles const, oneOf, prefixItems and $ref', () => {
    const schema = {
      $defs: { id: { type: 'string', minLength: 2 } },
      type: 'object',
      properties: {
        op: { const: 'hop' },
        target: { oneOf: [{ type: 'integer' }, { $ref: '#/$defs/id' }] },
        pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], maxItems: 2 },
      },
      required: ['op', 'target'],
    } as const satisfies JsonSchema;
    expect(validateJsonSchema({ op: 'hop', target: 'n1', pair: ['a', 1] }, schema)).toEqual([]);
    expect(validateJsonSchema({ op: 'hop', target: 3 }, schema)).toEqual([]);
    expect(validateJsonSchema({ op: 'jump', target: 'x' }, schema).length).toBe(2);
    expect(validateJsonSchema({ op: 'hop', target: 'n1', pair: [1, 'a'] }, schema).length).toBe(2);
  });
});
