// One normalisation for entity names, used at import (stored column) and at lookup, so both sides agree.

const COMBINING_MARKS = /[\u0300-\u036f]/g;

/** Case-folded, diacritics stripped, `_` read as a space, whitespace collapsed. */
export function normalizeName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(/_/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
