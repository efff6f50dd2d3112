// Reading what the attack is run on: the payloads of each question (predictions.jsonl, `payloads`) and, for scoring
// only, the mapping eval reveals (views.jsonl, `i`, `anchors`, `mapping` token → member names). Pure parsers over the
// files' text; every error names the file and the line.

/** Bad attack input: which file, which line (1-based) where there is one, and what is wrong. */
export class AttackInputError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    readonly reason: string,
  ) {
    super(line === undefined ? `${file}: ${reason}` : `${file}:${line}: ${reason}`);
    this.name = 'AttackInputError';
  }
}

/** The payload texts of one question: one session of the observer. */
export interface SessionPayloads {
  i: number;
  payloads: string[];
}

/** The truth behind one session's tokens (never shown to the attack; used to score it). */
export interface SessionTruth {
  i: number;
  anchors: string[];
  /** Token → names of the raw entities behind it. */
  mapping: Map<string, string[]>;
}

function jsonLines(text: string, file: string): { line: number; value: Record<string, unknown> }[] {
  const out: { line: number; value: Record<string, unknown> }[] = [];
  text.split('\n').forEach((raw, k) => {
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (e) {
      throw new AttackInputError(file, k + 1, `not valid JSON (${(e as Error).message})`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new AttackInputError(file, k + 1, 'expected a JSON object');
    out.push({ line: k + 1, value: value as Record<string, unknown> });
  });
  if (out.length === 0) throw new AttackInputError(file, undefined, 'no lines (is it the file `ctrlg eval` wrote?)');
  return out;
}

function questionIndex(v: Record<string, unknown>, file: string, line: number): number {
  if (!Number.isInteger(v.i) || (v.i as number) < 0) throw new AttackInputError(file, line, 'missing "i" (the question index, an integer ≥ 0)');
  return v.i as number;
}

const isStrings = (x: unknown): x is string[] => Array.isArray(x) && x.every((s) => typeof s === 'string');

/** predictions.jsonl → the payloads of each question. */
export function parsePredictionLines(text: string, file: string): SessionPayloads[] {
  return jsonLines(text, file).map(({ line, value }) => {
    const i = questionIndex(value, file, line);
    if (!isStrings(value.payloads)) throw new AttackInputError(file, line, '"payloads" must be an array of payload texts');
    return { i, payloads: value.payloads };
  });
}

/** views.jsonl (written by `ctrlg eval --reveal-mapping`) → the truth of each question, by index. */
export function parseViewLines(text: string, file: string): Map<number, SessionTruth> {
  const out = new Map<number, SessionTruth>();
  for (const { line, value } of jsonLines(text, file)) {
    const i = questionIndex(value, file, line);
    const mapping = value.mapping;
    if (typeof mapping !== 'object' || mapping === null || Array.isArray(mapping)) throw new AttackInputError(file, line, 'missing "mapping" (token → member names); was eval run with --reveal-mapping?');
    const m = new Map<string, string[]>();
    for (const [token, names] of Object.entries(mapping)) {
      if (!isStrings(names)) throw new AttackInputError(file, line, `mapping of ${token} must be an array of names`);
      m.set(token, names);
    }
    const anchors = value.anchors === undefined ? [] : value.anchors;
    if (!isStrings(anchors)) throw new AttackInputError(file, line, '"anchors" must be an array of tokens');
    out.set(i, { i, anchors, mapping: m });
  }
  return out;
}
