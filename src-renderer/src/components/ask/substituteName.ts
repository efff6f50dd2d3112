// When no topic entity was found, the engine offers the closest names. Clicking one puts it into the question
// in place of the words that most resemble it, so "who runs Northgat Hospital" becomes "who runs Northgate
// General Hospital" and can be asked again as written.
import { normalizeName } from '../../../../src-main/common/normalizeName.js';

/** Sørensen–Dice over character bigrams: tolerant of typos and missing words, cheap for a short question. */
function dice(a: string, b: string): number {
  if (a.length < 2 || b.length < 2) return a === b ? 1 : 0;
  const grams = new Map<string, number>();
  for (let i = 0; i < a.length - 1; i++) grams.set(a.slice(i, i + 2), (grams.get(a.slice(i, i + 2)) ?? 0) + 1);
  let shared = 0;
  for (let i = 0; i < b.length - 1; i++) {
    const g = b.slice(i, i + 2);
    const n = grams.get(g) ?? 0;
    if (n > 0) {
      shared += 1;
      grams.set(g, n - 1);
    }
  }
  return (2 * shared) / (a.length - 1 + b.length - 1);
}

/** Punctuation and a possessive after a name: kept in place, not part of the name. */
const TRAILER = /('s|[?.!,;:"])+$/;

/** Below this the question has no span that looks like the name, and the name is appended instead. */
const MIN_SIMILARITY = 0.35;

export function substituteName(question: string, name: string): string {
  // A [bracketed] mention is the user saying exactly where the entity is.
  if (/\[[^\]]*\]/.test(question)) return question.replace(/\[[^\]]*\]/, `[${name}]`);
  const words = [...question.matchAll(/\S+/g)];
  const target = normalizeName(name);
  const width = name.split(/\s+/).length;
  let best = { score: 0, start: 0, end: 0 };
  for (let i = 0; i < words.length; i++) {
    for (let j = i; j < Math.min(words.length, i + width + 2); j++) {
      const span = question.slice(words[i]!.index, words[j]!.index + words[j]![0].length);
      const score = dice(normalizeName(span.replace(TRAILER, '')), target);
      if (score > best.score) best = { score, start: words[i]!.index, end: words[j]!.index + words[j]![0].length };
    }
  }
  if (best.score < MIN_SIMILARITY) return `${question.trim()} [${name}]`;
  const replaced = question.slice(best.start, best.end);
  // Keep trailing punctuation and a possessive ("Imani Underhil's" → "Imani Underhill's").
  const tail = TRAILER.exec(replaced)?.[0] ?? '';
  return question.slice(0, best.start) + name + tail + question.slice(best.end);
}
