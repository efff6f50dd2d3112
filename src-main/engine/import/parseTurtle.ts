// Turtle through n3's Parser, driven here chunk by chunk rather than through its StreamParser: n3 can throw
// from inside its own stream callbacks (a `@prefix` with an IRI it cannot resolve throws a TypeError after
// reporting the error), and there such a throw escapes to uncaughtException and kills the process. Fed
// synchronously from this generator, every throw lands in one try/catch and becomes a typed ImportError.
import { createReadStream } from 'node:fs';
import { Parser, type Quad } from 'n3';
import { ImportError } from './importErrors.js';
import { DEFAULT_IMPORT_LIMITS, describeSize } from './importLimits.js';
import type { ParsedRecord, ParserInput, RecordBatch } from './parsedRecord.js';
import { parserReason } from './parserReason.js';
import { rdfRecord } from './rdfRecords.js';
import { lineTooLong } from './readLines.js';
import { Utf8Input } from './utf8Input.js';

/** The parts of n3's parser this module reaches: the push interface its StreamParser uses, and the line. */
interface PushParser {
  onData: (text: string) => void;
  onEnd: () => void;
  /** n3's lexer: its current line and the input it has not tokenized yet. */
  lexer: { _line?: number; _input?: string | null };
}

function pushParser(onQuad: (quad: Quad) => void, onError: (err: Error) => void): PushParser {
  // blankNodePrefix '' keeps the file's own blank-node labels (stable across re-imports of the file).
  const parser = new Parser({ format: 'Turtle', blankNodePrefix: '' });
  let onData: ((text: string) => void) | undefined;
  let onEnd: (() => void) | undefined;
  // The same fake-stream hook n3's StreamParser uses to receive `data` and `end`.
  const fakeStream = {
    on: (event: string, cb: (arg?: unknown) => void) => {
      if (event === 'data') onData = cb as (text: string) => void;
      else if (event === 'end') onEnd = cb as () => void;
    },
  };
  (parser.parse as unknown as (input: unknown, cbs: unknown) => void)(fakeStream, {
    onQuad: (err: Error | null, quad: Quad | null) => (err ? onError(err) : quad && onQuad(quad)),
  });
  if (!onData || !onEnd) throw new Error('n3 did not attach to the input (unsupported n3 version)');
  const lexer = (parser as unknown as { _lexer: PushParser['lexer'] })._lexer;
  return { onData, onEnd, lexer };
}

/**
 * Column (1-based) of n3's `Unexpected "X" on line N` in the text read since the last line break before the
 * current chunk; undefined for errors that name no text (n3's tokens carry no positions).
 */
export function columnOf(message: string, line: number, seen: { startLine: number; text: string }): number | undefined {
  const m = /^Unexpected "([\s\S]*)" on line \d+\.?$/.exec(message);
  if (!m || m[1] === '') return undefined;
  let at = 0;
  for (let l = seen.startLine; l < line; l++) {
    at = seen.text.indexOf('\n', at) + 1;
    if (at === 0) return undefined;
  }
  const end = seen.text.indexOf('\n', at);
  const found = seen.text.slice(at, end < 0 ? undefined : end).indexOf(m[1]);
  return found < 0 ? undefined : found + 1;
}

export async function* parseTurtle({ file, counters, signal, limits = DEFAULT_IMPORT_LIMITS }: ParserInput): AsyncGenerator<RecordBatch> {
  const source = createReadStream(file, { highWaterMark: 256 * 1024, signal });
  const decoder = new Utf8Input(file);
  const pending: ParsedRecord[] = [];
  let firstError: Error | undefined;
  const parser = pushParser(
    (quad) => pending.push(rdfRecord(quad, parser.lexer._line ?? counters.lines + 1)),
    (err) => (firstError ??= err),
  );
  // The current physical line so far (for the line limit), and the text since its start (for a column).
  let lineText = '';
  let seen = { startLine: 1, text: '' };
  let started = false;

  const fail = (err: unknown): ImportError => {
    const reported = firstError ?? (err as Error);
    if (reported instanceof ImportError) return reported;
    const context = (reported as Error & { context?: { line?: number } }).context;
    const line = context?.line ?? parser.lexer._line ?? counters.lines + 1;
    // A RangeError is n3's regex running out of stack on a huge token; anything else n3 did not foresee.
    const reason =
      reported instanceof RangeError
        ? 'a term too large for the Turtle parser'
        : firstError
          ? parserReason(reported.message)
          : `the Turtle parser failed here (${reported?.name ?? 'error'})`;
    // A Turtle statement can span many lines, so after a syntax error there is no safe place to resume.
    const column = firstError ? columnOf(firstError.message, line, seen) : undefined;
    return new ImportError(file, line, `${reason} (Turtle errors cannot be skipped)`, [], column);
  };

  const feed = (text: string, end: boolean): void => {
    if (text.length > 0) {
      seen = { startLine: counters.lines + 1, text: lineText + text };
      const lastBreak = text.lastIndexOf('\n');
      lineText = lastBreak < 0 ? lineText + text : text.slice(lastBreak + 1);
      let breaks = 0;
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) breaks++;
      // Checked before n3 sees the text: its regexes rescan an unfinished token on every chunk.
      if (lineText.length > limits.maxLineChars) throw lineTooLong(file, counters.lines + breaks + 1, limits.maxLineChars);
      parser.onData(text);
      counters.lines += breaks;
      // n3 stops at the first token it cannot finish, so what it has not read is that token so far: past the
      // term limit, it is refused now, before n3's regexes rescan (and, at ~10 MB, overflow the stack on) it.
      const unread = parser.lexer._input;
      if (!firstError && typeof unread === 'string' && unread.length > limits.maxTermChars)
        throw new ImportError(file, parser.lexer._line ?? counters.lines, `a term longer than the term limit of ${describeSize(limits.maxTermChars)}`);
    }
    if (end) parser.onEnd();
    if (firstError) throw firstError;
  };

  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      counters.bytes += chunk.length;
      let text = decoder.decode(chunk, counters.lines);
      if (!started && text.length > 0) {
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        started = true;
      }
      try {
        feed(text, false);
      } catch (err) {
        throw fail(err);
      }
      if (pending.length > 0) yield pending.splice(0);
    }
    const rest = decoder.end(counters.lines);
    try {
      feed(rest, true);
    } catch (err) {
      throw fail(err);
    }
    if (pending.length > 0) yield pending.splice(0);
  } catch (err) {
    if ((err as Error).name === 'AbortError' || err instanceof ImportError) throw err;
    throw fail(err);
  } finally {
    source.destroy();
  }
}
