// The question is part of what a Brain sees, so it is anonymised like the view: each recognised topic mention
// becomes its token, and then, as a safety net for mentions the linker missed, any whole-word occurrence of a
// name from the question's subgraph is replaced too. Names are compared normalised (case, diacritics,
// punctuation), and only names of at least three characters that are not everyday words, so "it" or "love"
// in ordinary prose is left alone.
import { normalizeName } from '../../common/normalizeName.js';

export interface TokenSpan {
  start: number;
  end: number;
  token: string;
}

/** Everyday words that are also entity names in real graphs; replacing them would garble the question. */
const COMMON_WORDS = new Set(
  (
    'the and for are but not you all any can had her was one our out day get has him his how man new now old see ' +
    'two way who boy did its let put say she too use what which when where whom whose why with from that this these ' +
    'those there their they them then than have been were will would could should about after again also film films ' +
    'movie movies show shows book books song songs play plays actor actors star stars year years time times life ' +
    'love home world people person name names first last best good great little big long more most other some such ' +
    'only own same into over under same very just like made make many much well back even give most write written ' +
    'direct directed director directors writer writers genre genres language languages release released type types ' +
    'tag tags rating ratings vote votes also together both each few here something anything nothing everything ' +
    'men women girl girls boys child children family friend friends house city war music'
  ).split(/\s+/),
);

const WORD = /[\p{L}\p{N}]+/gu;

/** Key a name or a run of words is compared by: normalised, punctuation read as spaces. */
export function nameKey(text: string): string {
  return normalizeName(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Whether a name is specific enough to scrub from free text. */
export function scrubbable(key: string): boolean {
  if (key.length < 3) return false;
  return key.includes(' ') || !COMMON_WORDS.has(key);
}

export interface QuestionDictionary {
  /** nameKey → token to put in its place (called lazily, only for names that occur). */
  lookup(key: string): string | undefined;
  /** Longest name in words, bounding the n-grams tried. */
  maxWords: number;
}

/** Replaces topic spans, then any remaining dictionary name, with tokens. */
export function anonymizeQuestion(question: string, topics: TokenSpan[], dictionary: QuestionDictionary): string {
  // 1. Topic spans in text order; of overlapping spans the leftmost (then longest) wins.
  const spans = [...topics]
    .filter((t) => t.start >= 0 && t.end <= question.length && t.end > t.start)
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const chosen: TokenSpan[] = [];
  for (const s of spans) if (!chosen.length || s.start >= chosen[chosen.length - 1].end) chosen.push(s);
  // 2. Safety net on the text between the topic spans (never inside a token already placed).
  let out = '';
  let at = 0;
  for (const s of chosen) {
    out += scrubNames(question.slice(at, s.start), dictionary) + s.token;
    at = s.end;
  }
  return out + scrubNames(question.slice(at), dictionary);
}

/** Longest dictionary match starting at each word, left to right, whole words only. */
function scrubNames(text: string, dictionary: QuestionDictionary): string {
  const words: { start: number; end: number; key: string }[] = [];
  for (const m of text.matchAll(WORD)) words.push({ start: m.index, end: m.index + m[0].length, key: nameKey(m[0]) });
  const replace: TokenSpan[] = [];
  const maxWords = Math.max(1, Math.min(dictionary.maxWords, 16));
  for (let i = 0; i < words.length; ) {
    let hit: TokenSpan | undefined;
    const candidates: string[] = [];
    let key = '';
    for (let j = i; j < words.length && j - i < maxWords; j++) {
      key = j === i ? words[j].key : `${key} ${words[j].key}`;
      candidates.push(key);
    }
    let used = 1;
    for (let len = candidates.length; len >= 1 && !hit; len--) {
      const cand = candidates[len - 1];
      if (!scrubbable(cand)) continue;
      const token = dictionary.lookup(cand);
      if (token) {
        hit = { start: words[i].start, end: words[i + len - 1].end, token };
        used = len;
      }
    }
    if (hit) replace.push(hit);
    i += used;
  }
  let out = text;
  for (let i = replace.length - 1; i >= 0; i--) out = out.slice(0, replace[i].start) + replace[i].token + out.slice(replace[i].end);
  return out;
}

const nameIndexes = new WeakMap<object, Map<string, number[]>>();

/**
 * nameKey → entity indexes over a whole name list, memoised per owner (the graph), so anonymising a question
 * costs a lookup per word run instead of normalising every name in the subgraph.
 */
export function nameKeyIndex(owner: object, names: readonly string[]): Map<string, number[]> {
  let index = nameIndexes.get(owner);
  if (!index) {
    index = new Map();
    for (let i = 0; i < names.length; i++) {
      const key = nameKey(names[i]);
      if (!scrubbable(key)) continue;
      const list = index.get(key);
      if (list) list.push(i);
      else index.set(key, [i]);
    }
    nameIndexes.set(owner, index);
  }
  return index;
}

/** Words in the longest name of an index (bounds the word runs worth trying). */
export function maxNameWords(index: Map<string, number[]>): number {
  let max = 1;
  for (const key of index.keys()) {
    let words = 1;
    for (let i = 0; i < key.length; i++) if (key.charCodeAt(i) === 32) words++;
    if (words > max) max = words;
  }
  return max;
}
