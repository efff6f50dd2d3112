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
    case 'triple':
      return [
        ['head', rec.head.id],
        ['head', rec.head.name],
        ['head type', rec.head.type],
        ['relation', rec.relation],
        ['tail', rec.tail.id],
        ['tail', rec.tail.name],
        ['tail type', rec.tail.type],
      ];
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
    case 'issue':
      return [];
  }
}

/** Why this record cannot be stored, or undefined when it can. Never quotes the term. */
export function termProblem(rec: ParsedRecord, limits: ImportLimits): string | undefined {
  for (const [role, text] of termTexts(rec)) {
    if (text === undefined) continue;
    if (text.length > limits.maxTermChars)
      return `${role} of ${describeSize(text.length)} is over the term limit of ${describeSize(limits.maxTermChars)}`;
    if (text === CSV_NULL) return `${role} is a reserved word of the importer`;
    if (LONE_SURROGATE.test(text))
      return `${role} holds a lone UTF-16 surrogate (an unpaired \\uD800–\\uDFFF escape), which cannot be stored exactly`;
  }
  return undefined;
}
