// Streams a text file as lines with 1-based numbers, counting bytes as it goes; never holds the whole file.
import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import type { ReadCounters } from './parsedRecord.js';

export interface Line {
  text: string;
  line: number;
}

/** Yields lines in batches (one per read chunk) to keep per-line overhead low on multi-million-line files. */
export async function* readLineBatches(file: string, counters: ReadCounters, signal?: AbortSignal): AsyncGenerator<Line[]> {
  const stream = createReadStream(file, { highWaterMark: 256 * 1024, signal });
  const decoder = new StringDecoder('utf8');
  let carry = '';
  let lineNo = 0;
  let first = true;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      counters.bytes += chunk.length;
      let text = carry + decoder.write(chunk);
      if (first) {
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        first = false;
      }
      const parts = text.split('\n');
      carry = parts.pop() ?? '';
      const batch: Line[] = new Array(parts.length);
      for (let i = 0; i < parts.length; i++) {
        const p = parts[i];
        batch[i] = { text: p.endsWith('\r') ? p.slice(0, -1) : p, line: ++lineNo };
      }
      counters.lines = lineNo;
      if (batch.length) yield batch;
    }
    const rest = carry + decoder.end();
    if (rest.length > 0) {
      counters.lines = ++lineNo;
      yield [{ text: rest.endsWith('\r') ? rest.slice(0, -1) : rest, line: lineNo }];
    }
  } finally {
    stream.destroy();
  }
}
