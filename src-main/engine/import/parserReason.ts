// Parser messages (n3, csv-parse) quote the offending input: `Unexpected "<a 3 MB IRI>" on line 2.`. The
// import reports the line and column itself, so the quote is replaced by its length — the reason stays
// useful, and neither a huge token nor a line of a file the caller should not read is ever repeated.
import { describeSize } from './importLimits.js';

// First quote to last: the quoted text may itself hold quotes, so no pairing of them is trusted.
const QUOTED = /"([\s\S]*)"/;
const MAX_REASON = 300;
const DIRECTIVES = new Set(['@prefix', '@base', '@forsome', '@forall', '@keywords']);

export function parserReason(message: string): string {
  let text = (message.length > 4000 ? message.slice(0, 4000) : message)
    .replace(QUOTED, (_m, inner: string) => (inner.length === 0 ? 'empty text' : `text (${describeSize(inner.length)})`))
    .replace(/\s+on line \d+\.?/g, '')
    .replace(/\.$/, '');
  // n3 names a token by its type, and an `@word` directive's type is its own text: only real ones stay.
  text = text.replace(/@\S+/g, (w) => (DIRECTIVES.has(w.toLowerCase()) ? w : 'an unknown @directive'));
  // Anything else long enough to be content is cut (the column says where it is).
  text = text.replace(/\S{25,}/g, '…');
  // A quote left open (the message was cut, or quoted a quote) would leak what follows it.
  const open = text.indexOf('"');
  if (open >= 0) text = text.slice(0, open) + 'text';
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > MAX_REASON ? `${text.slice(0, MAX_REASON)}…` : text || 'syntax error';
}
