// Names as written without their spaces: people drop an apostrophe or a space ("mick obrien" for Mick O'Brien,
// "dont" for "don't") or add one ("sky team" for SkyTeam, "battle forge" for BattleForge). A span of question words
// and a name meet when their letters agree once the word boundaries are taken out; the boundaries they disagree on
// must not merge an article or a preposition into a word ("a lone" is not "alone", "the rapist" not "therapist").
import type { EntityNameIndex } from './entityNameIndex.js';

/** Character offsets, in the joined string, where one word ends and the next begins. */
function boundaries(words: readonly string[]): Set<number> {
  const out = new Set<number>();
  let at = 0;
  for (let i = 0; i < words.length - 1; i++) out.add((at += words[i].length));
  return out;
}

/** True when two of `words` that `other` writes as one (no boundary there) include a function word. */
function gluesFunctionWord(words: readonly string[], other: ReadonlySet<number>, functionWord: (word: string) => boolean): boolean {
  let at = 0;
  for (let i = 0; i < words.length - 1; i++) {
    at += words[i].length;
    if (!other.has(at) && (functionWord(words[i]) || functionWord(words[i + 1]))) return true;
  }
  return false;
}

/**
 * Keys whose words, joined, spell the span's words joined, with other word boundaries: never an exact match (the
 * caller looks those up first). `functionWord` says whether a word is an article, preposition or the like: two
 * words one side writes apart may be glued on the other side only if neither is one.
 */
export function compactMatches(index: EntityNameIndex, words: readonly string[], functionWord: (word: string) => boolean): number[] {
  const joined = words.join('');
  // Keys by their words joined without spaces: built at import (graph/nameIndexData.ts), in the graph snapshot.
  const keys = index.compactKeys(joined);
  if (!keys) return [];
  const mine = boundaries(words);
  const out: number[] = [];
  for (const k of keys) {
    const tokens = index.keyTokens(k);
    const theirs = boundaries(tokens);
    // Only the letters agree when some boundary differs; otherwise it is the exact key.
    const differs = theirs.size !== mine.size || [...theirs].some((b) => !mine.has(b));
    if (differs && !gluesFunctionWord(words, theirs, functionWord) && !gluesFunctionWord(tokens, mine, functionWord)) out.push(k);
  }
  return out;
}
