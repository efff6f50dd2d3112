// `head|relation|tail` or tab-separated triples, one per line. The separator is chosen per file from the
// first data line (a tab wins over a pipe, since names such as "Face|Off" are more likely than tabs in names).
import { detectLiteralKind } from '../graph/literalKind.js';
import { DEFAULT_IMPORT_LIMITS } from './importLimits.js';
import type { EntityDraft, ParsedRecord, ParserInput, RecordBatch } from './parsedRecord.js';
import { readLineBatches } from './readLines.js';

export type Separator = '\t' | '|';

export function detectSeparator(line: string): Separator | undefined {
  if (line.includes('\t')) return '\t';
  if (line.includes('|')) return '|';
  return undefined;
}

/** Plain-text entity: its name is its id; numbers and dates are flagged as literal candidates. */
export function plainEntity(text: string): EntityDraft {
  const literal = detectLiteralKind(text);
  return literal ? { id: text, name: text, literal } : { id: text, name: text };
}

const SEPARATOR_NAMES: Record<Separator, string> = { '\t': 'tab', '|': "'|'" };

// A function of its own, not a closure per line: ten million lines made ten million closures.
function issueAt(file: string, line: number, text: string, reason: string): ParsedRecord {
  return { kind: 'issue', issue: { file, line, reason, text: text.slice(0, 300) } };
}

export async function* parseDelimited({ file, counters, signal, limits = DEFAULT_IMPORT_LIMITS }: ParserInput): AsyncGenerator<RecordBatch> {
  let sep: Separator | undefined;
  for await (const batch of readLineBatches(file, counters, signal, limits.maxLineChars)) {
    const out: RecordBatch = [];
    for (const { text, line } of batch) {
      const trimmed = text.trim();
      if (trimmed === '' || trimmed.startsWith('#')) continue;
      sep ??= detectSeparator(text);
      if (!sep) {
        out.push(issueAt(file, line, text, 'no tab or "|" separator: expected head|relation|tail'));
        continue;
      }
      const parts = text.split(sep);
      if (parts.length !== 3) {
        out.push(issueAt(file, line, text, `expected 3 fields separated by ${SEPARATOR_NAMES[sep]}, found ${parts.length}`));
        continue;
      }
      const head = parts[0].trim();
      const relation = parts[1].trim();
      const tail = parts[2].trim();
      if (!head || !relation || !tail) {
        out.push(issueAt(file, line, text, `empty ${!head ? 'head' : !relation ? 'relation' : 'tail'}`));
        continue;
      }
      out.push({ kind: 'triple', line, head: plainEntity(head), relation, tail: plainEntity(tail) });
    }
    if (out.length > 0) yield out;
  }
}
