// Turtle through n3's StreamParser: the file streams through it with backpressure (bounded memory).
import { createReadStream } from 'node:fs';
import { Transform } from 'node:stream';
import { StreamParser, type Quad } from 'n3';
import { ImportError } from './importErrors.js';
import type { ParsedRecord, ParserInput } from './parsedRecord.js';
import { rdfRecord } from './rdfRecords.js';

export async function* parseTurtle({ file, counters, signal }: ParserInput): AsyncGenerator<ParsedRecord> {
  const source = createReadStream(file, { highWaterMark: 256 * 1024, signal });
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      counters.bytes += chunk.length;
      for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) counters.lines++;
      done(null, chunk);
    },
  });
  const parser = new StreamParser({ format: 'Turtle', blankNodePrefix: '' });
  source.on('error', (e) => parser.destroy(e));
  source.pipe(counter).pipe(parser);
  try {
    // Quads carry no line numbers; the line being read is the best position we have.
    for await (const quad of parser as AsyncIterable<Quad>) yield rdfRecord(quad, counters.lines + 1);
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    const e = err as Error & { context?: { line?: number } };
    const line = e.context?.line;
    // A Turtle statement can span many lines, so after a syntax error there is no safe place to resume.
    throw new ImportError(file, line, `${e.message.replace(/ on line \d+\.?$/, '')} (Turtle errors cannot be skipped)`);
  } finally {
    source.destroy();
    parser.destroy();
  }
}
