// Whether a single word is everyday English: WordNet lists it as a verb, adjective or adverb ("fall", "up"), or
// its most frequent noun sense is not a named instance ("mercy" — but not "paris" or "lincoln", whose first senses
// are a city and a president). A one-word entity name that is an everyday word cannot be told from the word in
// free text, so the memory's leak rule reads it as the word.
import { sharedWordNet, type Pos } from './wordnet.js';

const NOT_NOUN: Pos[] = ['v', 'a', 'r'];
const memo = new Map<string, boolean>();

export function isEverydayWord(word: string): boolean {
  const w = word.toLowerCase();
  const known = memo.get(w);
  if (known !== undefined) return known;
  const wordnet = sharedWordNet();
  // Without WordNet no name is exempt: the check errs on the side of refusing.
  let everyday = false;
  if (wordnet && /^\p{L}+$/u.test(w))
    everyday =
      NOT_NOUN.some((pos) => wordnet.has(w, pos)) ||
      wordnet.synsets(w, 'n', 1).some((s) => !s.pointers.some((p) => p.symbol === '@i'));
  if (memo.size > 200_000) memo.clear();
  memo.set(w, everyday);
  return everyday;
}
