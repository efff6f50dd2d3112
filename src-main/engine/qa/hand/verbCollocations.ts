// A verb of several words ("pass away", "lay to rest", "give birth") means what one word of its sense means (die,
// bury, birth), and only that word can meet a relation label: "passed away" read word by word names passing, and
// "laid to rest" names nothing. A lexicon lists the collocations; each found in the question (its first word
// inflected: "laid", "passed") is replaced by that one word before the question is read, outside the mentions. The
// same scan reads noun compounds ("burial ground", "place of birth") with another `single`.
import { applyEdits, type Edit, type Span } from './inLawCompounds.js';

/** Longest collocation tried, in words. */
const MAX_WORDS = 4;
const WORD = /[a-z]+/gi;

/**
 * The question with each verb collocation replaced by the one-word verb `single` gives for it (undefined: not a
 * collocation, or none of one word), longest first; mention spans moved to match, and `verbs`: where the replacing
 * verbs lie (a bare "bury" after "X's father" is no noun of X's phrase).
 */
export function spellOutCollocations<T extends Span>(
  question: string,
  mentions: readonly T[],
  single: (words: readonly string[]) => string | undefined,
): { question: string; mentions: T[]; verbs: Span[] } {
  const words = [...question.matchAll(WORD)].map((m) => ({ text: m[0].toLowerCase(), start: m.index ?? 0, end: (m.index ?? 0) + m[0].length }));
  const edits: Edit[] = [];
  for (let i = 0; i < words.length; i++)
    for (let n = Math.min(MAX_WORDS, words.length - i); n >= 2; n--) {
      const span = words.slice(i, i + n);
      // Only words joined by spaces: "away, in" is no collocation.
      if (span.some((w, k) => k > 0 && !/^\s+$/.test(question.slice(span[k - 1].end, w.start)))) continue;
      // Words of a mention are a name's.
      if (mentions.some((m) => span[0].start < m.end && span[n - 1].end > m.start)) continue;
      const one = single(span.map((w) => w.text));
      if (one === undefined) continue;
      edits.push({ start: span[0].start, end: span[n - 1].end, text: one });
      i += n - 1;
      break;
    }
  const out = applyEdits(question, mentions, edits);
  return { question: out.question, mentions: out.mentions, verbs: out.placed };
}
