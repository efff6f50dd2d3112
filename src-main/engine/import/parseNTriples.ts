// N-Triples: one statement per line, so it is parsed line-block by line-block with exact line numbers,
// and lenient mode can skip a bad line and carry on (Turtle cannot: a statement may span lines).
import { Parser, type Quad } from 'n3';
import type { ParsedRecord, ParserInput } from './parsedRecord.js';
import { rdfRecord } from './rdfRecords.js';
import { readLineBatches, type Line } from './readLines.js';

function parseLines(text: string): Quad[] {
  // blankNodePrefix '' keeps the file's own blank-node labels (stable across re-imports of the file).
  return new Parser({ format: 'N-Triples', blankNodePrefix: '' }).parse(text);
}

function reasonOf(err: unknown): string {
  return ((err as Error).message ?? String(err)).replace(/ on line \d+\.?/, '').replace(/\.$/, '');
}

export async function* parseNTriples({ file, counters, signal }: ParserInput): AsyncGenerator<ParsedRecord> {
  for await (const batch of readLineBatches(file, counters, signal)) {
    const lines = batch.filter((l) => l.text.trim() !== '' && !l.text.trimStart().startsWith('#'));
    let quads: Quad[] | undefined;
    try {
      quads = parseLines(lines.map((l) => l.text).join('\n'));
    } catch {
      quads = undefined; // some line in this block is bad: redo it line by line to find which
    }
    if (quads && quads.length === lines.length) {
      for (let i = 0; i < quads.length; i++) yield rdfRecord(quads[i], lines[i].line);
      continue;
    }
    yield* perLine(file, lines);
  }
}

function* perLine(file: string, lines: Line[]): Generator<ParsedRecord> {
  for (const { text, line } of lines) {
    try {
      const quads = parseLines(text);
      if (quads.length !== 1) {
        yield { kind: 'issue', issue: { file, line, reason: `expected one statement, found ${quads.length}`, text: text.slice(0, 300) } };
        continue;
      }
      yield rdfRecord(quads[0], line);
    } catch (err) {
      yield { kind: 'issue', issue: { file, line, reason: reasonOf(err), text: text.slice(0, 300) } };
    }
  }
}
