// Streams a text file as lines with 1-based numbers, counting bytes as it goes; never holds the whole file,
// and never more than one line over the limit: a file without line breaks fails at its first line.
import { createReadStream } from 'node:fs';
import { ImportError } from './importErrors.js';
import { describeSize } from './importLimits.js';
import type { ReadCounters } from './parsedRecord.js';
import { Utf8Input } from './utf8Input.js';

export interface Line {
  text: string;
  line: number;
}

export function lineTooLong(file: string, line: number, maxLineChars: number): ImportError {
  return new ImportError(file, line, `line longer than the limit of ${describeSize(maxLineChars)} (raise the line limit to import it)`);
}

/** Yields lines in batches (one per read chunk) to keep per-line overhead low on multi-million-line files. */
export async function* readLineBatches(
  file: string,
  counters: ReadCounters,
  signal?: AbortSignal,
  maxLineChars = Number.POSITIVE_INFINITY,
): AsyncGenerator<Line[]> {
  const stream = createReadStream(file, { highWaterMark: 256 * 1024, signal });
  const decoder = new Utf8Input(file);
  // The unfinished last line, as pieces: joined only once its end arrives, so a long line costs linear time.
  let carry: string[] = [];
  let carryLength = 0;
  let lineNo = 0;
  let first = true;
  const finish = (p: string): string => (p.endsWith('\r') ? p.slice(0, -1) : p);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      counters.bytes += chunk.length;
      let text = decoder.decode(chunk, lineNo);
      if (first && text.length > 0) {
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        first = false;
      }
      const firstBreak = text.indexOf('\n');
      if (firstBreak < 0) {
        carry.push(text);
        carryLength += text.length;
        if (carryLength > maxLineChars) throw lineTooLong(file, lineNo + 1, maxLineChars);
        continue;
      }
      const parts = text.split('\n');
      parts[0] = carry.join('') + parts[0];
      const rest = parts.pop() ?? '';
      carry = [rest];
      carryLength = rest.length;
      const batch: Line[] = new Array(parts.length);
      for (let i = 0; i < parts.length; i++) {
        if (parts[i].length > maxLineChars) throw lineTooLong(file, lineNo + 1, maxLineChars);
        batch[i] = { text: finish(parts[i]), line: ++lineNo };
      }
      if (carryLength > maxLineChars) throw lineTooLong(file, lineNo + 1, maxLineChars);
      counters.lines = lineNo;
      if (batch.length) yield batch;
    }
    const rest = carry.join('') + decoder.end(lineNo);
    if (rest.length > maxLineChars) throw lineTooLong(file, lineNo + 1, maxLineChars);
    if (rest.length > 0) {
      counters.lines = ++lineNo;
      yield [{ text: finish(rest), line: lineNo }];
    }
  } finally {
    stream.destroy();
  }
}
