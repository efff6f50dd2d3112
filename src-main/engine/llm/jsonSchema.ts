// The JSON Schema subset the Hand answers in, and our own validator for it. The grammar built from a schema
// constrains decoding but is not a proof: it has let through strings longer than maxLength and integers written
// with an exponent, and a reply cut off by maxTokens is not JSON at all. So every reply is checked here, and the
// messages are short and specific enough to go back into a repair prompt.

export type JsonPrimitiveType = 'string' | 'number' | 'integer' | 'boolean' | 'null';

/** Matches what node-llama-cpp's `createGrammarForJsonSchema` accepts, so one schema drives both. */
export type JsonSchema = {
  readonly description?: string;
  readonly $defs?: Readonly<Record<string, JsonSchema>>;
} & (
  | { readonly type: JsonPrimitiveType | readonly JsonPrimitiveType[] }
  | { readonly type: 'string'; readonly minLength?: number; readonly maxLength?: number; readonly format?: 'date-time' | 'time' | 'date' }
  | { readonly const: string | number | boolean | null }
  | { readonly enum: readonly (string | number | boolean | null)[] }
  | { readonly oneOf: readonly JsonSchema[] }
  | {
      readonly type: 'object';
      readonly properties?: Readonly<Record<string, JsonSchema>>;
      readonly required?: readonly string[];
      readonly additionalProperties?: boolean | JsonSchema;
      readonly minProperties?: number;
      readonly maxProperties?: number;
    }
  | {
      readonly type: 'array';
      readonly items?: JsonSchema;
      readonly prefixItems?: readonly JsonSchema[];
      readonly minItems?: number;
      readonly maxItems?: number;
    }
  | { readonly $ref: string }
);

/** Loose view of a schema node for the validator: every keyword optional. */
interface SchemaNode {
  type?: JsonPrimitiveType | 'object' | 'array' | readonly JsonPrimitiveType[];
  const?: unknown;
  enum?: readonly unknown[];
  oneOf?: readonly SchemaNode[];
  properties?: Record<string, SchemaNode>;
  required?: readonly string[];
  additionalProperties?: boolean | SchemaNode;
  minProperties?: number;
  maxProperties?: number;
  items?: SchemaNode;
  prefixItems?: readonly SchemaNode[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  $ref?: string;
  $defs?: Record<string, SchemaNode>;
}

const MAX_ERRORS = 20;

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

function matchesType(value: unknown, type: string): boolean {
  switch (type) {
    case 'string': return typeof value === 'string';
    case 'number': return typeof value === 'number' && Number.isFinite(value);
    case 'integer': return typeof value === 'number' && Number.isInteger(value);
    case 'boolean': return typeof value === 'boolean';
    case 'null': return value === null;
    case 'object': return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array': return Array.isArray(value);
    default: return false;
  }
}

const FORMATS: Record<string, RegExp> = {
  date: /^\d{4}-\d{2}-\d{2}$/,
  time: /^\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/,
  'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/,
};

function deepEqual(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

class Validator {
  readonly errors: string[] = [];
  constructor(private readonly defs: Record<string, SchemaNode>) {}

  private fail(path: string, message: string): void {
    if (this.errors.length < MAX_ERRORS) this.errors.push(`${path || '$'}: ${message}`);
  }

  check(value: unknown, schema: SchemaNode, path: string): void {
    if (schema.$ref !== undefined) {
      const name = schema.$ref.replace(/^#\/\$defs\//, '');
      const target = schema.$defs?.[name] ?? this.defs[name];
      if (!target) return this.fail(path, `unresolvable $ref ${schema.$ref}`);
      return this.check(value, target, path);
    }
    if ('const' in schema && !deepEqual(value, schema.const))
      return this.fail(path, `must be ${JSON.stringify(schema.const)}`);
    if (schema.enum && !schema.enum.some((e) => deepEqual(e, value)))
      return this.fail(path, `must be one of ${schema.enum.map((e) => JSON.stringify(e)).join(', ')}`);
    if (schema.oneOf) {
      const matching = schema.oneOf.filter((s) => {
        const sub = new Validator(this.defs);
        sub.check(value, s, path);
        return sub.errors.length === 0;
      }).length;
      if (matching !== 1) return this.fail(path, `must match exactly one alternative (matched ${matching})`);
    }
    if (schema.type !== undefined) {
      const types = Array.isArray(schema.type) ? (schema.type as readonly string[]) : [schema.type as string];
      if (!types.some((t) => matchesType(value, t))) {
        const got = typeof value === 'number' && !Number.isInteger(value) && types.includes('integer') ? 'non-integer number' : typeOf(value);
        return this.fail(path, `must be ${types.join(' or ')}, got ${got}`);
      }
    }
    if (typeof value === 'string') this.checkString(value, schema, path);
    else if (Array.isArray(value)) this.checkArray(value, schema, path);
    else if (typeof value === 'object' && value !== null) this.checkObject(value as Record<string, unknown>, schema, path);
  }

  private checkString(value: string, schema: SchemaNode, path: string): void {
    // JSON Schema counts characters as code points, not UTF-16 units.
    const length = [...value].length;
    if (schema.minLength !== undefined && length < schema.minLength) this.fail(path, `must be at least ${schema.minLength} characters, got ${length}`);
    if (schema.maxLength !== undefined && length > schema.maxLength) this.fail(path, `must be at most ${schema.maxLength} characters, got ${length}`);
    if (schema.format && FORMATS[schema.format] && !FORMATS[schema.format].test(value)) this.fail(path, `must be a ${schema.format}`);
  }

  private checkArray(value: unknown[], schema: SchemaNode, path: string): void {
    if (schema.minItems !== undefined && value.length < schema.minItems) this.fail(path, `must have at least ${schema.minItems} items, got ${value.length}`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems) this.fail(path, `must have at most ${schema.maxItems} items, got ${value.length}`);
    const prefix = schema.prefixItems ?? [];
    value.forEach((item, i) => {
      const itemSchema = i < prefix.length ? prefix[i] : schema.items;
      if (itemSchema) this.check(item, itemSchema, `${path}[${i}]`);
    });
  }

  private checkObject(value: Record<string, unknown>, schema: SchemaNode, path: string): void {
    const keys = Object.keys(value);
    for (const key of schema.required ?? []) if (!(key in value)) this.fail(path, `missing required property "${key}"`);
    if (schema.minProperties !== undefined && keys.length < schema.minProperties) this.fail(path, `must have at least ${schema.minProperties} properties`);
    if (schema.maxProperties !== undefined && keys.length > schema.maxProperties) this.fail(path, `must have at most ${schema.maxProperties} properties`);
    const props = schema.properties ?? {};
    for (const key of keys) {
      const childPath = `${path || '$'}.${key}`;
      if (Object.hasOwn(props, key)) this.check(value[key], props[key], childPath);
      // As in node-llama-cpp's grammar, an object schema without additionalProperties admits no other keys.
      else if (schema.additionalProperties === undefined || schema.additionalProperties === false) this.fail(path, `unexpected property "${key}"`);
      else if (typeof schema.additionalProperties === 'object') this.check(value[key], schema.additionalProperties, childPath);
    }
  }
}

/** Checks `value` against `schema`; returns human-readable errors, empty when valid. */
export function validateJsonSchema(value: unknown, schema: JsonSchema): string[] {
  const root = schema as unknown as SchemaNode;
  const v = new Validator(root.$defs ?? {});
  v.check(value, root, '');
  return v.errors;
}
