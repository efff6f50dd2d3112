// N-Triples: one statement per line, so it is parsed line-block by line-block with exact line numbers,
// and lenient mode can skip a bad line and carry on (Turtle cannot: a statement may span lines).
import { Parser, type Quad } from 'n3';
import { DEFAULT_IMPORT_LIMITS } from './importLimits.js';
import type { ParserInput, RecordBatch } from './parsedRecord.js';
import { parserReason } from './parserReason.js';
import { rdfRecord } from './rdfRecords.js';
import { readLineBatches, type Line } from './readLines.js';

function parseLines(text: string): Quad[] {
  // blankNodePrefix '' keeps the file's own blank-node labels (stable across re-imports of the file).
  return new Parser({ format: 'N-Triples', blankNodePrefix: '' }).parse(text);
}

function reasonOf(err: unknown): string {
  // A RangeError is n3's regex running out of stack on a huge term (the line limit should stop it first).
  if (err instanceof RangeError) return 'a term too large for the N-Triples parser';
  return parserReason((err as Error)?.message ?? String(err));
}

/** Column of n3's `Unexpected "X"` in the line, where the message names the text. */
function columnIn(text: string, err: unknown): number | undefined {
  const m = /^Unexpected "([\s\S]*)" on line \d+\.?$/.exec((err as Error)?.message ?? '');
  if (!m || m[1] === '') return undefined;
  const at = text.indexOf(m[1]);
  return at < 0 ? undefined : at + 1;
}

export async function* parseNTriples({ file, counters, signal, limits = DEFAULT_IMPORT_LIMITS }: ParserInput): AsyncGenerator<RecordBatch> {
  for await (const batch of readLineBatches(file, counters, signal, limits.maxLineChars)) {
    const lines = batch.filter((l) => l.text.trim() !== '' && !l.text.trimStart().startsWith('#'));
    let quads: Quad[] | undefined;
    try {
      quads = parseLines(lines.map((l) => l.text).join('\n'));
    } catch {
      quads = undefined; // some line in this block is bad: redo it line by line to find which
    }
    const out = quads && quads.length === lines.length ? quads.map((q, i) => rdfRecord(q, lines[i].line)) : perLine(file, lines);
    if (out.length > 0) yield out;
  }
}

function perLine(file: string, lines: Line[]): RecordBatch {
  const out: RecordBatch = [];
  for (const { text, line } of lines) {
    try {
      const quads = parseLines(text);
      if (quads.length !== 1) {
        out.push({ kind: 'issue', issue: { file, line, reason: `expected one statement, found ${quads.length}`, text: text.slice(0, 300) } });
        continue;
      }
      out.push(rdfRecord(quads[0], line));
    } catch (err) {
      out.push({ kind: 'issue', issue: { file, line, column: columnIn(text, err), reason: reasonOf(err), text: text.slice(0, 300) } });
    }
  }
  return out;
}
