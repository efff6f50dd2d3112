// The words of a name or a question as entity linking compares them (folded case and diacritics, spans kept),
// and the name forms derived from them (plural stems, acronyms). In core because the graph's name indexes are
// built from them at import (graph/nameIndexData.ts) and the linker reads them on the question.
import { isAscii } from '../../common/normalizeName.js';

const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const COMBINING_MARKS = /[\u0300-\u036f]/g;

/** A word of a text with its character span; `norm` is case- and diacritic-folded, `raw` as written. */
export interface WordSpan {
  norm: string;
  raw: string;
  start: number;
  end: number;
}

/**
 * Words of a question or name with their spans. Everything but letters and digits separates words (`_`, `-`,
 * apostrophes, dots), and the possessive "s" after an apostrophe is dropped, on both sides of the match alike.
 */
export function wordSpans(text: string): WordSpan[] {
  const out: WordSpan[] = [];
  for (const m of text.matchAll(WORD)) {
    const raw = m[0];
    const start = m.index ?? 0;
    if ((raw === 's' || raw === 'S') && start > 0 && /['’`´]/.test(text[start - 1])) continue;
    const norm = raw.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase();
    if (norm) out.push({ norm, raw, start, end: start + raw.length });
  }
  return out;
}

function isAsciiWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/**
 * The folded words of a text (wordSpans' `norm`s). Names are mostly ASCII, and there NFKD and the combining marks
 * change nothing: an ASCII text is read by character codes (the graph's name tables read millions at import).
 */
export function wordNorms(text: string): string[] {
  if (!isAscii(text)) return wordSpans(text).map((w) => w.norm);
  const lower = text.toLowerCase();
  const out: string[] = [];
  for (let i = 0; i < lower.length; ) {
    if (!isAsciiWordChar(lower.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    while (i < lower.length && isAsciiWordChar(lower.charCodeAt(i))) i++;
    // The possessive "s" after an apostrophe, as wordSpans drops it (’ and ´ are not ASCII).
    if (i - start === 1 && lower.charCodeAt(start) === 115 && start > 0 && (lower.charCodeAt(start - 1) === 39 || lower.charCodeAt(start - 1) === 96)) continue;
    out.push(lower.slice(start, i));
  }
  return out;
}

/** A Freebase-style machine id in place of a name (`m.0abc12`, `g.11bc…`): a mediator node, never a mention. */
export function isMediatorName(name: string): boolean {
  return /^[mg]\.[0-9a-z_]+$/.test(name.trim());
}

/** Light plural folding for fuzzy matching ("dinosaur" ↔ "dinosaurs"); exact keys never use it. */
export function stemToken(t: string): string {
  if (t.length > 4 && t.endsWith('ies')) return `${t.slice(0, -3)}y`;
  if (t.length > 3 && t.endsWith('s') && !t.endsWith('ss') && !t.endsWith('us')) return t.slice(0, -1);
  return t;
}

const ACRONYM_SKIP = new Set(['of', 'the', 'and', 'for', 'a', 'an', 'in', 'on', 'at', 'to', 'de', 'la', 'le', 'du', 'des', 'der', 'von', 'van', '&']);

/** Acronyms a multi-word name may be written as: initials of all its words, and of its content words. */
export function acronymsOf(words: readonly string[]): string[] {
  if (words.length < 2) return [];
  // Built in one pass (the name tables ask it of millions of names); a word must start with a letter.
  let all = '';
  let content = '';
  let contentWords = 0;
  for (const w of words) {
    const c = w.charCodeAt(0);
    const asciiLetter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    if (!asciiLetter && (c < 128 || !/^\p{L}/u.test(w))) return [];
    all += w[0];
    if (!ACRONYM_SKIP.has(w)) {
      content += w[0];
      contentWords++;
    }
  }
  return contentWords >= 2 && contentWords < words.length ? [all, content] : [all];
}
