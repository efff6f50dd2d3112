// One normalisation for entity names, used at import (stored column) and at lookup, so both sides agree.

const COMBINING_MARKS = /[\u0300-\u036f]/g;
const ASCII = /^[\x00-\x7f]*$/;

/** Whether every UTF-16 unit of the text is ASCII: NFKD and the combining marks change nothing there. */
export function isAscii(text: string): boolean {
  return ASCII.test(text);
}

/** Case-folded, diacritics stripped, `_` read as a space, whitespace collapsed. */
export function normalizeName(text: string): string {
  // ASCII (most names, millions at import): NFKD and the combining marks change nothing.
  if (isAscii(text)) return text.toLowerCase().replace(/_/g, ' ').replace(/\s+/g, ' ').trim();
  return text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(/_/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
