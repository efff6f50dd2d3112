// A scanner for entity names and ids in free text: the memory's write-back check and its audit use the same one.
import { nameKey, scrubbable } from './nameKey.js';

const WORD = /[\p{L}\p{N}]+/gu;
/** Finds entity names or ids (normalised, whole words) in free text. */
export interface NameScanner {
  readonly size: number;
  contains(text: string): boolean;
}
export interface NameScannerOptions {
  /**
   * A one-word name that is also an everyday word ("Fall", the film, in "what genre does ANCHOR_1 fall under") is
   * read as the word in free text, so it is not looked for. Supplied by the caller (core knows no English).
   */
  isEverydayWord?: (key: string) => boolean;
}

/** Builds a scanner over names and ids; everyday words and very short names are skipped (see scrubbable). */
export function nameScanner(names: Iterable<string>, options: NameScannerOptions = {}): NameScanner {
  const keys = new Set<string>();
  let maxWords = 1;
  for (const n of names) {
    const key = nameKey(n);
    if (!scrubbable(key)) continue;
    if (options.isEverydayWord && !key.includes(' ') && options.isEverydayWord(key)) continue;
    keys.add(key);
    maxWords = Math.max(maxWords, Math.min(12, key.split(' ').length));
  }
  return {
    size: keys.size,
    contains(text) {
      const words = [...text.matchAll(WORD)].map((m) => nameKey(m[0])).filter((w) => w !== '');
      for (let i = 0; i < words.length; i++) {
        let key = '';
        for (let j = i; j < words.length && j - i < maxWords; j++) {
          key = j === i ? words[j] : `${key} ${words[j]}`;
          if (keys.has(key)) return true;
        }
      }
      return false;
    },
  };
}

/** One scanner that finds what any of the given ones finds. */
export function anyScanner(...scanners: (NameScanner | undefined)[]): NameScanner | undefined {
  const list = scanners.filter((s): s is NameScanner => s !== undefined && s.size > 0);
  if (list.length <= 1) return list[0];
  return { size: list.reduce((n, s) => n + s.size, 0), contains: (text) => list.some((s) => s.contains(text)) };
}
