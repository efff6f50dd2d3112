// Words a person mistyped in a question ("univeristy", "borm", "lable"): read as the word meant before the question
// is analysed, so the lexicon, the vectors and the reading of phrases all see it. A word is suspect when WordNet does
// not list it (nor a base form of it) and the embedding's vocabulary has it at most as a rare form (the web's slips
// are there, far down the list). It is replaced by a common word one edit away (a letter left out, added, changed, or
// two neighbours swapped): a word of the graph's relation labels (what the question must be aligned to) by any edit;
// another word only by a swap (the commonest slip), or, for a word the vocabulary lacks altogether and of six letters
// or more, by an edit that keeps its first letter (slips seldom hit the first: "kdrama" is no "drama"). Mention
// spans, words joined to an apostrophe, and contractions written without one ("didnt") are left as written.
import { morphologicalVariants } from '../../drm/gloveDrm.js';
import { applyEdits, type Span } from './inLawCompounds.js';

export interface TypoLexicon {
  /** Whether WordNet lists the word (any part of speech, inflections included). */
  listed(word: string): boolean;
  /** Frequency rank in the embedding's vocabulary (0: most frequent); undefined when absent. */
  rank(word: string): number | undefined;
  /** Whether the word is a token of one of the graph's relation labels. */
  labelWord(word: string): boolean;
}

/** A word of the vocabulary at or below this rank is no slip (names and rare words live below it too). */
export const RARE_RANK = 50_000;
/** A correction must be a word this common. */
export const COMMON_RANK = 20_000;
const MIN_LETTERS = 4;
/** Contractions people write without the apostrophe: words, not slips ("havent" is not "haven"). */
const BARE_CONTRACTIONS = new Set(
  'dont doesnt didnt isnt wasnt werent arent hasnt havent hadnt cant couldnt wouldnt shouldnt wont mustnt neednt theyre youre theyve youve weve theyll youll itll shell hell theyd youd whos whats thats theres heres wheres hows'.split(' '),
);
const ANY_EDIT_LETTERS = 6;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

interface Candidate {
  word: string;
  swap: boolean;
}

/** Every string one edit from `w` (lower-case ASCII letters), swaps marked. */
function oneEdit(w: string): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i + 1 < w.length; i++) if (w[i] !== w[i + 1]) out.push({ word: w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2), swap: true });
  for (let i = 0; i < w.length; i++) {
    out.push({ word: w.slice(0, i) + w.slice(i + 1), swap: false });
    for (const c of LETTERS) if (c !== w[i]) out.push({ word: w.slice(0, i) + c + w.slice(i + 1), swap: false });
  }
  for (let i = 0; i <= w.length; i++) for (const c of LETTERS) out.push({ word: w.slice(0, i) + c + w.slice(i), swap: false });
  return out;
}

/** The word `word` (lower case) was probably meant as, or undefined when it reads as written. */
export function intendedWord(word: string, lex: TypoLexicon): string | undefined {
  if (word.length < MIN_LETTERS || !/^[a-z]+$/.test(word) || BARE_CONTRACTIONS.has(word)) return undefined;
  // A word, or an inflection of one ("hubbed": hub, a label's noun used as a verb), is read as written.
  for (const form of [word, ...morphologicalVariants(word)]) {
    const rank = lex.rank(form);
    if (lex.listed(form) || lex.labelWord(form) || (rank !== undefined && rank <= RARE_RANK)) return undefined;
  }
  // A form the vocabulary holds (if rarely) is corrected only by a swap or to a label word.
  const inVocabulary = lex.rank(word) !== undefined;
  let best: { word: string; score: number; rank: number } | undefined;
  const seen = new Set<string>();
  for (const c of oneEdit(word)) {
    if (seen.has(c.word)) continue;
    seen.add(c.word);
    const rank = lex.rank(c.word);
    if (rank === undefined || rank > COMMON_RANK || !lex.listed(c.word)) continue;
    const label = lex.labelWord(c.word);
    if (!label && !c.swap && (word.length < ANY_EDIT_LETTERS || inVocabulary || c.word[0] !== word[0])) continue;
    const score = (label ? 2 : 0) + (c.swap ? 1 : 0);
    if (!best || score > best.score || (score === best.score && rank < best.rank)) best = { word: c.word, score, rank };
  }
  return best?.word;
}

/** The question with its mistyped words (outside the mentions) corrected, and the mention spans moved to match. */
export function correctTypos<T extends Span>(question: string, mentions: readonly T[], lex: TypoLexicon): { question: string; mentions: T[] } {
  const edits = [];
  for (const m of question.matchAll(/[A-Za-z]+/g)) {
    const start = m.index ?? 0;
    const end = start + m[0].length;
    // Letters run on into a digit or a non-ASCII letter: part of a code or a name ("Sørlie"), not an English word;
    // joined to an apostrophe, part of a contraction or a name ("hasn't", "O'Brien").
    if (/[\p{L}\p{N}'’`]/u.test(question[start - 1] ?? '') || /[\p{L}\p{N}'’`]/u.test(question[end] ?? '')) continue;
    if (mentions.some((s) => start < s.end && end > s.start)) continue;
    const meant = intendedWord(m[0].toLowerCase(), lex);
    if (!meant) continue;
    const text = m[0] === m[0].toUpperCase() ? meant.toUpperCase() : m[0][0] === m[0][0].toUpperCase() ? meant[0].toUpperCase() + meant.slice(1) : meant;
    edits.push({ start, end, text });
  }
  if (edits.length === 0) return { question, mentions: [...mentions] };
  const out = applyEdits(question, mentions, edits);
  return { question: out.question, mentions: out.mentions };
}
