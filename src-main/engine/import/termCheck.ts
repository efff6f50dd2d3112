// The one check every parsed record passes before it reaches the graph builder, whatever its format: terms
// within the size limit, and text the database can store exactly. Kuzu keeps strings as UTF-8, which has no
// form for a lone UTF-16 surrogate (`"a\uD800"` in N-Triples): stored, it would turn into U+FFFD, so two
// different literals would collide as one primary key. Such a term is refused with its line instead.
import { CSV_NULL } from '../graph/kuzuSchema.js';
import { describeSize, type ImportLimits } from './importLimits.js';
import type { ParsedRecord } from './parsedRecord.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function termTexts(rec: ParsedRecord): [role: string, text: string | undefined][] {
  switch (rec.kind) {
    case 'label':
      return [
        ['subject', rec.id],
        ['label', rec.name],
      ];
    case 'type':
      return [
        ['subject', rec.id],
        ['type', rec.type],
      ];
    default:
      return [];
  }
}

/** Why this record cannot be stored, or undefined when it can. Never quotes the term. */
export function termProblem(rec: ParsedRecord, limits: ImportLimits): string | undefined {
  // A triple is checked field by field (millions of them at scale: no list per record, a name equal to its id once).
  if (rec.kind === 'triple')
    return (
      textProblem('head', rec.head.id, limits) ??
      (rec.head.name === rec.head.id ? undefined : textProblem('head', rec.head.name, limits)) ??
      textProblem('head type', rec.head.type, limits) ??
      textProblem('relation', rec.relation, limits) ??
      textProblem('tail', rec.tail.id, limits) ??
      (rec.tail.name === rec.tail.id ? undefined : textProblem('tail', rec.tail.name, limits)) ??
      textProblem('tail type', rec.tail.type, limits)
    );
  for (const [role, text] of termTexts(rec)) {
    const problem = textProblem(role, text, limits);
    if (problem) return problem;
  }
  return undefined;
}

function textProblem(role: string, text: string | undefined, limits: ImportLimits): string | undefined {
  if (text === undefined) return undefined;
  if (text.length > limits.maxTermChars) return `${role} of ${describeSize(text.length)} is over the term limit of ${describeSize(limits.maxTermChars)}`;
  if (text === CSV_NULL) return `${role} is a reserved word of the importer`;
  if (LONE_SURROGATE.test(text)) return `${role} holds a lone UTF-16 surrogate (an unpaired \\uD800–\\uDFFF escape), which cannot be stored exactly`;
  return undefined;
}
