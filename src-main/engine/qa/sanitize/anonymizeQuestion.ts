// The question is part of what a Brain sees, so it is anonymised like the view: each recognised topic mention
// becomes its token, and then, as a safety net for mentions the linker missed, any whole-word occurrence of a
// name from the question's subgraph is replaced too. Names are compared normalised (case, diacritics,
// punctuation), and only names of at least three characters that are not everyday words, so "it" or "love"
// in ordinary prose is left alone.
import { normalizeName } from '../../../common/normalizeName.js';
import { nameKey, scrubbable } from '../../core/nameKey.js';

export interface TokenSpan {
  start: number;
  end: number;
  token: string;
}

const WORD = /[\p{L}\p{N}]+/gu;

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

