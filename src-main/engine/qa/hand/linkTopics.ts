// Topic entity recognition T(Q): which entities of the graph does the question name? Works with or without
// `[brackets]`: without them every word n-gram is a candidate mention, matched exactly (folded words) first and
// then through derived forms (singular, demonym → place, acronym; mentionVariants.ts) and fuzzily (IDF-weighted
// word overlap). A span equal to a whole name is always a candidate, written in any case and however common its
// words ("germany", "police"); only function and question words ("what", "the") never are, and a short name made of
// everyday words is weak: it is a topic when nothing better is named, never an extra one. The hard part is what
// NOT to link: question and schema words ("movies", "act", "film") are often also entity names (tags, titles), so
// a weak span that echoes a relation or is the answer noun after the wh-word ("which *country*") gives way.
// Homonyms are separated by case (where the writer uses case), by how well the entity's relations fit the question
// (DRM) and by degree.
import { dot } from '../../drm/cosine.js';
import { tokenizeLabel } from '../../drm/tokenize.js';
import { embedRelations, relationText } from '../stages/relationVectors.js';
import type { MemoryGraph } from '../../graph/memoryGraph.js';
import { EntityNameIndex, stemToken, wordSpans, type WordSpan } from '../stages/entityNameIndex.js';
import { derivedForms } from '../stages/mentionVariants.js';
import { compactMatches } from '../stages/compactKeys.js';
import { withinOneEdit } from './wordSimilarity.js';
import { STOPWORDS, WH_WORDS } from './questionText.js';
import type { Drm, LinkResult, TopicEntity } from '../../core/types.js';
import { sortedHas } from '../../graph/sortedSearch.js';

export interface LinkOptions {
  /** At most this many topics (default 3). */
  maxTopics?: number;
}

/** T(Q) with the runner-up readings: what a later stage could anchor on when the chosen topics verify nothing. */
export interface TopicLinks extends LinkResult {
  /**
   * Other plausible (entity, mention) readings, best first: homonyms of a chosen name and candidates that lost a
   * chosen mention's words. Never one of `topics`' entities; empty when nothing else was plausible.
   */
  alternatives: TopicEntity[];
}

/** Optional capability of a DRM: frequency rank of a word in its vocabulary (0 = most frequent). */
interface WordRanks {
  rankOf(word: string): number | undefined;
}

/** Below this rank a word is a function/question word ("the", "what", "did", "up"): never a mention alone. */
const STOP_RANK = 150;
/** Below this rank a word is everyday vocabulary ("movies", "act", "police"): needs evidence to be a name. */
const COMMON_RANK = 5000;
/** Longest mention considered, in words (titles can be long, questions rarely name longer ones). */
const MAX_SPAN = 12;
/** Fuzzy matching only starts from words that occur in at most this share of names. */
const FUZZY_DF_SHARE = 0.02;
/** Above this many names, a word adds weight to seeded keys but seeds none (fuzzyCandidates). */
const FUZZY_SEED_DF = 1000;
const MIN_FUZZY_F = 0.7;
/** Articles, prepositions, auxiliaries: the few hundred most frequent words' head. */
const FUNCTION_RANK = 40;
/** A weak span this similar to a relation label is the question talking about the relation. */
const RELATION_ECHO = 0.75;
/** Score an extra topic needs: a rare word (rank ≥ COMMON_RANK) or a capitalised name reaches it. */
const SECONDARY_MIN = 0.55;
/** Extra topics must match (almost) exactly: a half-matched name is a guess, not something the question names. */
const SECONDARY_QUALITY = 0.8;
const SECONDARY_ECHO = 0.5;
/** Quality of a derived mention (singular, demonym → place) and of an acronym, below an exact one. */
const DERIVED_QUALITY = 0.9;
const ACRONYM_QUALITY = 0.8;
/** Acronyms considered: 3 to 6 letters (two letters spell too many names: "pi", "ps"). */
const MIN_ACRONYM = 3;
const MAX_ACRONYM = 6;
/** Score factor for a weak name that reads like a relation label: it stays, behind any other reading. */
const ECHO_FACTOR = 0.5;
/** English words of one letter (the vocabulary leaves them out; other lone letters are symbols or names: "the x show"). */
const ONE_LETTER_WORDS = new Set(['a', 'i', 'o']);
/** A partial mention's rare word is in at most this many names (more and it does not say which one is meant). */
const PARTIAL_DF = 3;
/** …and is rarer than this rank: a common word inside a name ("mode" of "Depeche Mode") names nothing alone. */
const PARTIAL_RANK = 10_000;
/** Last resort when nothing else is named: seeds in at most this many names, scored this much below a partial. */
const FALLBACK_DF = 50;
const FALLBACK_FACTOR = 0.4;
const FALLBACK_COVERAGE = 0.25;
/** Wh-words and pronouns written without their apostrophe ("whats the name of"): question words all the same. */
const CONTRACTED = new Set(['whats', 'whos', 'wheres', 'whens', 'hows', 'thats', 'theres', 'heres', 'whose']);
/** At most this many alternative readings are returned. */
const MAX_ALTERNATIVES = 5;
/** Words (other than function words) of a whole name that make it a clear mention without a rare word (see spanScore). */
const LONG_NAME_WORDS = 3;

/**
 * How a candidate's words meet its name: all of it (exact), a derived form, its initials, a rare part of it
 * ("foxwoods" of "Foxwoods Resort Casino"), or fuzzily.
 */
type MatchKind = 'exact' | 'derived' | 'acronym' | 'partial' | 'fuzzy';

interface Candidate {
  /** Word range [a, b] inclusive. */
  a: number;
  b: number;
  key: number;
  quality: number;
  score: number;
  bracketed: boolean;
  kind: MatchKind;
  weak?: boolean;
}

function hasRanks(drm: Drm): drm is Drm & WordRanks {
  return typeof (drm as Partial<WordRanks>).rankOf === 'function';
}

export async function linkTopics(question: string, graph: MemoryGraph, index: EntityNameIndex, drm: Drm, options: LinkOptions = {}): Promise<TopicLinks> {
  const maxTopics = options.maxTopics ?? 3;
  // Brackets mark strong mentions; replacing them by spaces keeps every character offset valid.
  const brackets: [number, number][] = [];
  for (const m of question.matchAll(/\[([^\]]*)\]/g)) brackets.push([(m.index ?? 0) + 1, (m.index ?? 0) + m[0].length - 1]);
  const text = question.replace(/[[\]]/g, ' ');
  const words = wordSpans(text);
  if (words.length === 0) return { topics: [], closest: [], alternatives: [] };
  const ranks = hasRanks(drm) ? drm : undefined;
  const rank = (w: string): number => {
    const r = ranks?.rankOf(w);
    if (r !== undefined) return r;
    // Without a vocabulary (or for unknown words) fall back to how many names use the word.
    // The one-letter English words the vocabulary does not keep ("a", "i") are function words, not rare ones.
    if (ranks) return ONE_LETTER_WORDS.has(w) ? 0 : Infinity;
    return index.documentFrequency(w) > index.keyCount * 0.01 ? 0 : Infinity;
  };
  const wordRank = words.map((w) => rank(w.norm));
  const functionWord = words.map((w, i) => STOPWORDS.has(w.norm) || WH_WORDS.has(w.norm) || CONTRACTED.has(w.norm) || wordRank[i] < FUNCTION_RANK);
  const inBracket = words.map((w) => brackets.findIndex(([s, e]) => w.start >= s && w.end <= e));
  const cased = isCasedText(words);

  const candidates: Candidate[] = [];
  const exactSpans = new Set<string>();
  const maxLen = Math.min(MAX_SPAN, index.maxKeyLength);
  const keyDegree = (k: number): number => index.keyEntities(k).reduce((m, e) => Math.max(m, graph.degreeOf(e)), 0);
  // Derived forms of each word, tried in the last position of a span ("jamaican" → "jamaica", "puerto rican" →
  // "puerto rico", "the dixie chicks" ← "… chick"): a mention whose head word is inflected or adjectival.
  const forms = words.map((w) => derivedForms(w.norm));
  const norms = words.map((w) => w.norm);
  // Listed function words only: a name's lone letters ("o" of O'Brien, "t" of don't) are glued in the question.
  const isFunctionWord = (w: string): boolean => STOPWORDS.has(w) || WH_WORDS.has(w);
  for (let a = 0; a < words.length; a++) {
    let key = '';
    for (let b = a; b < words.length && b - a < maxLen; b++) {
      // A mention never straddles a bracket boundary.
      if (inBracket[b] !== inBracket[a]) break;
      const prefix = key;
      key = b === a ? words[a].norm : `${key} ${words[b].norm}`;
      const k = index.lookup([key]);
      if (k !== undefined) {
        exactSpans.add(`${a}:${b}`);
        candidates.push({ a, b, key: k, quality: 1, score: 0, bracketed: inBracket[a] >= 0, kind: 'exact' });
        continue;
      }
      let derived = false;
      for (const group of forms[b]) {
        let best: number | undefined;
        for (const f of group) {
          const d = index.lookup([b === a ? f : `${prefix} ${f}`]);
          if (d !== undefined && (best === undefined || keyDegree(d) > keyDegree(best))) best = d;
        }
        if (best === undefined) continue;
        candidates.push({ a, b, key: best, quality: DERIVED_QUALITY, score: 0, bracketed: inBracket[a] >= 0, kind: 'derived' });
        derived = true;
        break;
      }
      if (derived) continue;
      // The same letters with other spaces ("mick obrien" / Mick O'Brien, "sky team" / SkyTeam).
      const spelled = compactMatches(index, norms.slice(a, b + 1), isFunctionWord);
      if (spelled.length > 0) {
        const best = spelled.reduce((x, y) => (keyDegree(y) > keyDegree(x) ? y : x));
        candidates.push({ a, b, key: best, quality: DERIVED_QUALITY, score: 0, bracketed: inBracket[a] >= 0, kind: 'derived' });
      }
    }
  }
  // Acronyms: a short word spelling a longer name's initials ("esrb"), written in capitals or not an everyday word.
  words.forEach((w, i) => {
    if (exactSpans.has(`${i}:${i}`) || functionWord[i] || w.norm.length < MIN_ACRONYM || w.norm.length > MAX_ACRONYM || !/^\p{L}+$/u.test(w.norm)) return;
    const capitals = w.raw === w.raw.toUpperCase() && w.raw !== w.raw.toLowerCase();
    if (!capitals && wordRank[i] < COMMON_RANK) return;
    for (const k of index.keysAbbreviatedAs(w.norm).slice(0, MAX_ALTERNATIVES))
      candidates.push({ a: i, b: i, key: k, quality: ACRONYM_QUALITY, score: 0, bracketed: inBracket[i] >= 0, kind: 'acronym' });
  });
  // Initials joined by an ampersand ("d&e" → Dilation and Evacuation, "r&b"): written so, they are an acronym
  // whatever their length, read over both letters, as a derived form of the name rather than a last resort.
  for (let i = 0; i + 1 < words.length; i++) {
    const [x, y] = [words[i], words[i + 1]];
    if (text.slice(x.end, y.start) !== '&' || x.norm.length > 2 || y.norm.length > 2 || !/^\p{L}+$/u.test(x.norm + y.norm)) continue;
    const keys = new Set([...index.keysAbbreviatedAs(x.norm + y.norm), ...index.keysAbbreviatedAs(`${x.norm}a${y.norm}`)]);
    if (keys.size === 0 || keys.size > MAX_ALTERNATIVES) continue;
    const best = [...keys].reduce((p, q) => (keyDegree(q) > keyDegree(p) ? q : p));
    candidates.push({ a: i, b: i + 1, key: best, quality: ACRONYM_QUALITY, score: 0, bracketed: inBracket[i] >= 0, kind: 'derived' });
  }
  const fuzzy = fuzzyCandidates(words, index, inBracket);
  for (const c of fuzzy) if (!exactSpans.has(`${c.a}:${c.b}`) && c.quality >= MIN_FUZZY_F) candidates.push(c);
  for (const c of partialCandidates(words, wordRank, index, inBracket)) if (!exactSpans.has(`${c.a}:${c.b}`)) candidates.push(c);

  // Bracketed mentions, when present, are the question's own statement of its topics.
  const pool = brackets.length > 0 && candidates.some((c) => c.bracketed) ? candidates.filter((c) => c.bracketed) : candidates;
  let kept: Candidate[] = [];
  let relationVectors: Float32Array[] | undefined;
  for (const c of pool) {
    let { score, weak } = spanScore(c, words, wordRank, functionWord, cased);
    if (score <= 0) continue;
    if (weak && c.kind === 'fuzzy') {
      // An unmarked span of everyday words is a name only if it does not read as the question's wording: not
      // ending in a function word ("share the", "directed by"), not a paraphrase of a relation ("starred").
      if (wordRank[c.b] < FUNCTION_RANK) continue;
      relationVectors ??= await embedRelations(graph, drm);
      const [v] = await drm.embed([text.slice(words[c.a].start, words[c.b].end)]);
      if (relationVectors.some((r) => dot(v, r) >= RELATION_ECHO)) continue;
    } else if (weak) {
      // A whole name in everyday words stays a candidate, but the answer noun right after the wh-word ("which
      // *country* …", "what *movies* …") is the question's wording, and a relation's paraphrase gives way.
      if (c.a === c.b && answerNounAt(words, c.a)) continue;
      relationVectors ??= await embedRelations(graph, drm);
      const [v] = await drm.embed([text.slice(words[c.a].start, words[c.b].end)]);
      if (relationVectors.some((r) => dot(v, r) >= RELATION_ECHO)) score *= ECHO_FACTOR;
    }
    c.score = score;
    c.weak = weak || c.kind === 'acronym';
    kept.push(c);
  }
  // A rare word that no reading covers and no relation label uses ("what movies did chris *odonell* act in") is
  // most likely the name the question means, written as the graph does not have it: a lone everyday word beside it
  // ("act") is then the question's wording, and the answer is "not found, closest names …" rather than a guess.
  const labelWords = relationLabelWords(graph);
  const read = new Uint8Array(words.length);
  for (const c of kept) for (let i = c.a; i <= c.b; i++) read[i] = 1;
  const unreadAt = (i: number): boolean => !read[i] && !functionWord[i] && wordRank[i] >= COMMON_RANK && !/^\p{N}/u.test(words[i].norm) && !labelWords.has(stemToken(words[i].norm));
  const unread = words.some((_, i) => unreadAt(i));
  if (unread) kept = kept.filter((c) => !(c.weak && c.a === c.b && isWhole(c)));
  // Initials spell many names: an acronym reading is a last resort, when nothing else is named.
  if (kept.some((c) => c.kind !== 'acronym')) kept = kept.filter((c) => c.kind !== 'acronym');
  // Nothing named at all: a content word inside a few longer names ("obama" of Barack Obama, "america") is the best
  // guess, however common the word; among the names holding the same run of words the best-connected one is meant.
  // A run of two or more such words ("united states" of United States of America) also stands beside weak readings
  // of its own words ("United"), which then give way to it. Relation and question words are the wording, not a name.
  // Only needed when nothing, or only weak readings, stood (never beside the question's own brackets), and not when
  // a rare word no reading covers is there: that is the name meant, misspelt ("chris odonell").
  const wanted = !unread && pool === candidates && (kept.length === 0 || kept.some((d) => d.weak));
  const skipWord = (i: number): boolean => functionWord[i] || labelWords.has(stemToken(words[i].norm)) || answerNounAt(words, i);
  const runs = wanted ? fallbackPartials(words, wordRank, index, inBracket, skipWord, (i) => functionWord[i]) : [];
  const nothing = kept.length === 0;
  for (const { c, content } of runs) {
    // A whole name was weighed above already (and given way, if it is gone).
    if (exactSpans.has(`${c.a}:${c.b}`)) continue;
    if (!nothing && (content < 2 || kept.some((d) => !d.weak && d.a <= c.b && c.a <= d.b))) continue;
    kept.push({ ...c, score: c.quality * FALLBACK_FACTOR, weak: true });
  }
  // The names closest to the question by trigrams, computed at most once (the slip reading and "not found" share them).
  let trigramKeys: number[] | undefined;
  const closestKeys = (): number[] => (trigramKeys ??= closestTrigramKeys(words, wordRank, index, inBracket));
  // With brackets a slip's run keeps to one bracket: a rare word outside them all ("what terms are applicable to
  // [X]") leaves no slip to look for (the closest names cost a trigram search over every name: 0.16 s at 3.4M).
  const bracketed = inBracket.some((b) => b >= 0);
  if (unread && kept.length && (!bracketed || words.some((_, i) => inBracket[i] >= 0 && unreadAt(i)))) {
    // A rare word no reading covers beside a name read without it ("kelthorn univeristy": the town Kelthorn): a run
    // one typing slip from a longer whole name that holds both is that name, and the shorter reading inside it gives way.
    const slip = slipCandidate(words, wordRank, index, inBracket, closestKeys);
    const covers = (a: number, b: number): boolean => words.slice(a, b + 1).some((_, j) => unreadAt(a + j));
    if (slip && covers(slip.a, slip.b) && kept.some((c) => slip.a <= c.a && c.b <= slip.b)) kept = [slip, ...kept.filter((c) => c.b < slip.a || slip.b < c.a)];
  }
  if (kept.length === 0) {
    // Nothing read as a name: a run of the question's words one typing slip from a whole name of the graph
    // ("Kingsbrige County", "vladivostock") is that name, weakly; otherwise "not found", with the closest names.
    const slip = slipCandidate(words, wordRank, index, inBracket, closestKeys);
    if (!slip) return { topics: [], closest: closestNames(wordRank, index, fuzzy, closestKeys), alternatives: [] };
    kept = [slip];
  }

  // Longest, best-scored spans first, then the better-connected name; a word belongs to at most one mention.
  kept.sort((x, y) => y.score - x.score || y.b - y.a - (x.b - x.a) || x.a - y.a || keyDegree(y.key) - keyDegree(x.key) || x.key - y.key);
  const taken = new Uint8Array(words.length);
  const chosen: Candidate[] = [];
  // A weak reading gives way to one covering more of the question around it: to a clear name over its words ("anna"
  // inside "anna holbrook" → Anna Kathryn Holbrook), to a longer match containing it ("new orleans" inside "new
  // orleans convention center"), and, when fuzzy, to a whole name as long ("of units measurement" ~ Chinese units
  // of measurement, inside "international system of units measurement").
  const covered = (c: Candidate): boolean =>
    kept.some((d) => {
      if (d === c || d.a > c.b || c.a > d.b || d.b - d.a < c.b - c.a) return false;
      if (!d.weak) return true;
      if (d.a <= c.a && c.b <= d.b && d.b - d.a > c.b - c.a) return true;
      return isWhole(d) && !isWhole(c);
    });
  for (const c of kept) {
    let free = true;
    for (let i = c.a; i <= c.b; i++) if (taken[i]) free = false;
    if (!free) continue;
    if (c.weak && covered(c)) continue;
    // A guess at a name (fuzzy or partial) gives way to a whole name written over the same words, at least as long
    // ("of units measurement" ~ Chinese units of measurement inside "international system of units measurement").
    if (!isWhole(c) && kept.some((d) => d !== c && isWhole(d) && d.a <= c.b && c.a <= d.b && d.b - d.a >= c.b - c.a)) continue;
    // Secondary topics must be clear names on their own, not leftovers of the question's wording.
    if (chosen.length > 0) {
      if (c.weak || c.score < SECONDARY_MIN || c.quality < SECONDARY_QUALITY) continue;
      // One bracket is one mention.
      if (c.bracketed && chosen.some((x) => inBracket[x.a] === inBracket[c.a])) continue;
      // A one-word extra topic that reads like a relation ("screenplay", "creator") is the question's wording;
      // longer exact names ("major depressive disorder") are specific enough to stand.
      let content = 0;
      for (let i = c.a; i <= c.b; i++) if (wordRank[i] >= STOP_RANK) content++;
      if (!c.bracketed && content <= 1) {
        relationVectors ??= await embedRelations(graph, drm);
        const [v] = await drm.embed([text.slice(words[c.a].start, words[c.b].end)]);
        if (relationVectors.some((r) => dot(v, r) >= SECONDARY_ECHO)) continue;
      }
    }
    for (let i = c.a; i <= c.b; i++) taken[i] = 1;
    chosen.push(c);
    if (chosen.length >= maxTopics) break;
  }

  if (chosen.length === 0) return { topics: [], closest: closestNames(wordRank, index, fuzzy, closestKeys), alternatives: [] };

  const [questionVector] = await drm.embed([text]);
  const topics: TopicEntity[] = [];
  const alternatives: TopicEntity[] = [];
  const reading = (c: Candidate, entity: number, score: number): TopicEntity => ({
    entity,
    mention: text.slice(words[c.a].start, words[c.b].end),
    start: words[c.a].start,
    end: words[c.b].end,
    score: Math.min(1, score),
  });
  for (const c of chosen) {
    const ranked = await disambiguate(c, text, words, graph, index, drm, questionVector);
    topics.push(reading(c, ranked[0], c.score));
    // Homonyms of a chosen name are its first alternatives, a little below it.
    for (const e of ranked.slice(1)) alternatives.push(reading(c, e, c.score * 0.9));
  }
  // Then the other readings that stood (overlapping ones, weak ones, extra topics left out), one per entity.
  for (const c of kept) {
    if (chosen.includes(c) || alternatives.length >= 4 * MAX_ALTERNATIVES) continue;
    alternatives.push(reading(c, (await disambiguate(c, text, words, graph, index, drm, questionVector))[0], c.score));
  }
  const used = new Set(topics.map((t) => t.entity));
  const distinct = alternatives
    .sort((x, y) => y.score - x.score)
    .filter((t) => !used.has(t.entity) && (used.add(t.entity), true))
    .slice(0, MAX_ALTERNATIVES);
  return { topics, closest: [], alternatives: distinct };
}

/** Quality (and score) of a mention one typing slip from a whole name: a weak reading, below a fuzzy match. */
const SLIP_QUALITY = 0.6;
/** Names shorter than this (folded, with spaces) are a slip away from too many words. */
const SLIP_MIN_CHARS = 7;

/**
 * A run of content words one typing slip (a letter left out, added, changed, or two swapped) from the whole name of
 * one of the names closest to the question by trigrams: "kingsbrige county" / Kingsbridge County. The first such
 * name in trigram order wins; the run keeps to one bracket when the question has them.
 */
function slipCandidate(words: WordSpan[], wordRank: number[], index: EntityNameIndex, inBracket: readonly number[], closest: () => number[]): Candidate | undefined {
  const marked = inBracket.some((b) => b >= 0);
  for (const k of closest()) {
    const key = index.key(k);
    if (key.length < SLIP_MIN_CHARS) continue;
    const keyWords = key.split(' ');
    const n = keyWords.length;
    for (let a = 0; a + n <= words.length; a++) {
      const b = a + n - 1;
      if (inBracket[a] !== inBracket[b] || (marked && inBracket[a] < 0)) continue;
      // The slip is in a rare word or one the vectors do not know ("kingsbrige"): an everyday word one letter from a
      // title ("the film" / The Firm, "a movie" / B-Movie, "directors" / director) is the question's wording.
      if (!words.slice(a, b + 1).some((w, j) => w.norm !== keyWords[j] && wordRank[a + j] >= COMMON_RANK)) continue;
      const span = words
        .slice(a, b + 1)
        .map((w) => w.norm)
        .join(' ');
      if (span !== key && withinOneEdit(span, key)) return { a, b, key: k, quality: SLIP_QUALITY, score: SLIP_QUALITY, bracketed: inBracket[a] >= 0, kind: 'fuzzy', weak: true };
    }
  }
  return undefined;
}

/** The word right after the wh-phrase ("which *country*", "how many *films*"): the kind of answer asked for. */
function answerNounAt(words: WordSpan[], i: number): boolean {
  if (i > 0 && WH_WORDS.has(words[i - 1].norm)) return true;
  return i > 1 && words[i - 2].norm === 'how' && (words[i - 1].norm === 'many' || words[i - 1].norm === 'much');
}

/** Exact or derived: the mention is the whole name, as written or inflected. */
function isWhole(c: Candidate): boolean {
  return c.kind === 'exact' || c.kind === 'derived';
}

/** True when the question mixes cases, so a capitalised word inside it is evidence of a name. */
function isCasedText(words: WordSpan[]): boolean {
  let lower = 0;
  for (const w of words) if (/^\p{Ll}/u.test(w.raw)) lower++;
  return lower > 0 && lower < words.length;
}

function isCapitalised(w: WordSpan): boolean {
  return /^[\p{Lu}\p{N}]/u.test(w.raw);
}

/**
 * Plausibility of a candidate mention; zero rejects it. Exact matches start at 1, derived ones a little below,
 * fuzzy ones at their F score; every word adds by its rarity, so "The Lincoln Lawyer" beats "Lincoln" and "Like
 * Crazy" beats "crazy". A whole name needs only one word that is not a function or question word ("germany",
 * "police"); a fuzzy or partial span of one common word needs brackets or capitalisation inside a cased question,
 * and a span of function words ("what is", "the") never links without such evidence. Marks spans without a rare
 * word or evidence as weak (they may be the only topic, never an extra one), unless a whole name spelled out at length.
 */
function spanScore(c: Candidate, words: WordSpan[], wordRank: number[], functionWord: boolean[], cased: boolean): { score: number; weak: boolean } {
  let content = 0;
  let nonFunction = 0;
  let rare = 0;
  let rarity = 0;
  let capitalised = cased;
  for (let i = c.a; i <= c.b; i++) {
    const r = wordRank[i];
    if (!functionWord[i]) nonFunction++;
    if (r >= STOP_RANK) {
      content++;
      if (!isCapitalised(words[i])) capitalised = false;
    }
    if (r >= COMMON_RANK) rare++;
    // 0 for the commonest words, 1 from about rank 20k on (and for words the vocabulary does not know).
    rarity += Math.min(1, Math.log1p(Math.min(r, 1e9)) / Math.log1p(20_000));
  }
  // A cased name starts and ends capitalised ("To Be or Not to Be", "Up!", "Police"); the first word of a
  // question is capitalised anyway, so alone it is weak evidence: enough for a lone topic ("Paris is the
  // capital of…"), never for a function word.
  if (!isCapitalised(words[c.a]) || !isCapitalised(words[c.b])) capitalised = false;
  const initialOnly = capitalised && c.a === 0 && c.b === 0;
  if (initialOnly) capitalised = false;
  const evidence = c.bracketed || capitalised;
  const length = c.b - c.a + 1;
  // A whole (or derived) name needs one word that is not a function or question word; fuzzy spans need more.
  if (c.kind !== 'fuzzy' && c.kind !== 'partial') {
    if (!evidence && nonFunction === 0) return { score: 0, weak: true };
  } else if (!evidence && (content === 0 || (rare === 0 && length === 1 && !initialOnly))) return { score: 0, weak: true };
  let score = c.quality * (0.4 + 0.2 * Math.min(3, rarity) + 0.03 * Math.min(5, length - 1));
  if (capitalised) score += 0.2;
  if (c.bracketed) score += 0.5;
  // A whole name of three or more words, two of them content words ("international system of units"), is a name
  // however everyday each word is: the question's own wording seldom repeats a name that long — except the answer's
  // own phrase right after the wh-word ("which *film production company* produced X").
  const afterWh = c.a > 0 && WH_WORDS.has(words[c.a - 1].norm);
  const spelledOut = isWhole(c) && nonFunction >= LONG_NAME_WORDS && content >= 2 && !afterWh;
  return { score, weak: !evidence && rare === 0 && !spelledOut };
}

/** Fuzzy mentions: names sharing rare words with the question, scored by IDF-weighted F1 over a word window. */
function fuzzyCandidates(words: WordSpan[], index: EntityNameIndex, inBracket: number[]): Candidate[] {
  const stems = words.map((w) => stemToken(w.norm));
  const dfCap = Math.max(20, index.keyCount * FUZZY_DF_SHARE);
  const seed = new Map<number, number>();
  // A word in more than FUZZY_SEED_DF names (a large graph's "county", a copy suffix held by 40k names) only adds to
  // the keys rarer words found: seeding from it cost tens of ms a question at 3.4M names, for keys it alone could
  // not lift to half their weight. (Below ~50k names dfCap is under it, and nothing changes.)
  const common: string[] = [];
  for (const s of new Set(stems)) {
    const keys = index.keysWith(s);
    if (keys.length === 0 || keys.length > dfCap) continue;
    if (keys.length > FUZZY_SEED_DF) {
      common.push(s);
      continue;
    }
    const w = index.idf(s);
    for (const k of keys) seed.set(k, (seed.get(k) ?? 0) + w);
  }
  for (const s of common) {
    const keys = index.keysWith(s);
    const w = index.idf(s);
    for (const [k, v] of seed) if (sortedHas(keys, k)) seed.set(k, v + w);
  }
  // Verify only the keys the rare words point to most.
  const top = [...seed.entries()]
    .map(([k, w]) => [k, w / index.keyWeight[k]] as const)
    .filter(([, r]) => r >= 0.5)
    .sort((x, y) => y[1] - x[1] || x[0] - y[0])
    .slice(0, 40);
  const out: Candidate[] = [];
  const idfOf = stems.map((s) => index.idf(s));
  for (const [k] of top) {
    const keyStems = new Set(index.keyTokens(k).map(stemToken));
    const hits: number[] = [];
    stems.forEach((s, i) => {
      if (keyStems.has(s)) hits.push(i);
    });
    let best: Candidate | undefined;
    for (let x = 0; x < hits.length; x++)
      for (let y = x; y < hits.length; y++) {
        const a = hits[x];
        const b = hits[y];
        if (b - a >= MAX_SPAN || inBracket[a] !== inBracket[b]) continue;
        let inWindow = 0;
        let matched = 0;
        const seen = new Set<string>();
        for (let i = a; i <= b; i++) {
          inWindow += idfOf[i];
          if (keyStems.has(stems[i]) && !seen.has(stems[i])) {
            seen.add(stems[i]);
            matched += idfOf[i];
          }
        }
        const precision = matched / inWindow;
        const recall = Math.min(1, matched / index.keyWeight[k]);
        const f = (2 * precision * recall) / (precision + recall);
        if (!best || f > best.quality) best = { a, b, key: k, quality: f, score: 0, bracketed: inBracket[a] >= 0, kind: 'fuzzy' };
      }
    // Fuzzy matches rank below exact ones of the same span quality.
    if (best) out.push({ ...best, quality: best.quality * 0.9 });
  }
  return out;
}

/**
 * Partial mentions: a run of question words that are all words of one name, led by a rare word few names share
 * ("foxwoods" → Foxwoods Resort Casino, "sigkdd" → ACM SIGKDD). Below fuzzy matches: the more of the name the
 * run covers (IDF-weighted), the better.
 */
function partialCandidates(
  words: WordSpan[],
  wordRank: number[],
  index: EntityNameIndex,
  inBracket: number[],
  seeds: { minRank: number; maxDf: number; skip?: (i: number) => boolean } = { minRank: PARTIAL_RANK, maxDf: PARTIAL_DF },
): Candidate[] {
  const stems = words.map((w) => stemToken(w.norm));
  const out: Candidate[] = [];
  const seen = new Set<string>();
  stems.forEach((s, i) => {
    if (wordRank[i] < seeds.minRank || seeds.skip?.(i)) return;
    const keys = index.keysWith(s);
    if (keys.length === 0 || keys.length > seeds.maxDf) return;
    const number = /^\p{N}+$/u.test(s);
    for (const k of keys) {
      const tokens = index.keyTokens(k);
      // A number names a year or a count, not a name that merely contains it ("1964" of "September 1964 …
      // coup attempt"), unless the name starts with it ("404 (film)").
      if (number && tokens[0] !== words[i].norm) continue;
      const keyStems = new Set(tokens.map(stemToken));
      let a = i;
      let b = i;
      while (a > 0 && keyStems.has(stems[a - 1]) && inBracket[a - 1] === inBracket[i]) a--;
      while (b + 1 < words.length && keyStems.has(stems[b + 1]) && inBracket[b + 1] === inBracket[i]) b++;
      if (seen.has(`${a}:${b}:${k}`)) continue;
      seen.add(`${a}:${b}:${k}`);
      let matched = 0;
      const counted = new Set<string>();
      for (let j = a; j <= b; j++) if (!counted.has(stems[j])) (counted.add(stems[j]), (matched += index.idf(stems[j])));
      const recall = Math.min(1, matched / index.keyWeight[k]);
      out.push({ a, b, key: k, quality: 0.5 + 0.4 * recall, score: 0, bracketed: inBracket[a] >= 0, kind: 'partial' });
    }
  });
  return out;
}

/**
 * Last-resort partial mentions (see linkTopics): seeds of any content word in at most FALLBACK_DF names, one reading
 * per span — the best-connected name holding it, the others its alternatives through `disambiguate`'s homonyms.
 */
function fallbackPartials(
  words: WordSpan[],
  wordRank: number[],
  index: EntityNameIndex,
  inBracket: number[],
  skip: (i: number) => boolean,
  edge: (i: number) => boolean,
): { c: Candidate; content: number }[] {
  const bySpan = new Map<string, { c: Candidate; content: number }>();
  const degree = (k: number): number => index.keyEntities(k).reduce((m, e) => Math.max(m, index.graph.degreeOf(e)), 0);
  for (const c of partialCandidates(words, wordRank, index, inBracket, { minRank: FUNCTION_RANK, maxDf: FALLBACK_DF, skip })) {
    // The run starts and ends on a word that is not a function word: "in los angeles" of "Crocodile Dundee in Los
    // Angeles" is Los Angeles' span. Relation words may stand inside it ("white album" of The White Album).
    while (edge(c.a)) c.a++;
    while (edge(c.b)) c.b--;
    // The more of the question the run covers, the likelier it is the name meant ("united states", not "division").
    let content = 0;
    for (let i = c.a; i <= c.b; i++) if (!skip(i)) content++;
    c.quality *= 1 + FALLBACK_COVERAGE * (content - 1);
    const id = `${c.a}:${c.b}`;
    const had = bySpan.get(id);
    if (!had || degree(c.key) > degree(had.c.key)) bySpan.set(id, { c, content });
  }
  return [...bySpan.values()];
}

/** True when every word of the mention is a word of the graph's relation labels: it reads as the question's wording. */
export function readsAsRelation(mention: string, graph: MemoryGraph): boolean {
  const labels = relationLabelWords(graph);
  const words = wordSpans(mention).filter((w) => !STOPWORDS.has(w.norm));
  return words.length > 0 && words.every((w) => labels.has(stemToken(w.norm)));
}

const labelWordsMemo = new WeakMap<MemoryGraph, Set<string>>();

/** Stemmed words of the graph's relation labels: schema vocabulary, not names ("illuminance", "viscosity"). */
function relationLabelWords(graph: MemoryGraph): Set<string> {
  let words = labelWordsMemo.get(graph);
  if (!words) {
    words = new Set(graph.relationLabels.flatMap((l) => tokenizeLabel(l)).map((w) => stemToken(w.toLowerCase())));
    labelWordsMemo.set(graph, words);
  }
  return words;
}

// ---- homonyms ----

const neighbourhoodMemo = new WeakMap<MemoryGraph, Map<number, Float32Array>>();

/** DRM vector of the words of an entity's relations: what kind of thing it is, seen from the graph. */
async function neighbourhoodVector(graph: MemoryGraph, entity: number, drm: Drm): Promise<Float32Array> {
  let memo = neighbourhoodMemo.get(graph);
  if (!memo) {
    memo = new Map();
    neighbourhoodMemo.set(graph, memo);
  }
  const hit = memo.get(entity);
  if (hit) return hit;
  const labels = new Set<string>();
  graph.forEachGroup(entity, (rel) => labels.add(relationText(graph.relationLabels[rel])));
  const [v] = await drm.embed([[...labels].join(' ')]);
  if (memo.size > 50_000) memo.clear();
  memo.set(entity, v);
  return v;
}

/** Entities carrying the candidate's name, best reading first. */
async function disambiguate(c: Candidate, text: string, words: WordSpan[], graph: MemoryGraph, index: EntityNameIndex, drm: Drm, questionVector: Float32Array): Promise<number[]> {
  const entities = [...index.keyEntities(c.key)];
  if (entities.length === 1) return entities;
  const raw = words
    .slice(c.a, c.b + 1)
    .map((w) => w.raw)
    .join(' ');
  // Case says something only where the writer uses it: a bracketed mention (a name copied as the graph writes it, in
  // whatever case), a mention with a capital other than a sentence's first letter, or a question that writes some
  // other word as a name, capitalised inside a sentence ("which films with Audrey Hepburn are about william wyler":
  // the tag). In a question typed in lower case ("which films did william wyler direct") the lower-case homonym (a
  // tag) is not the one meant by its case; nor do a sentence's first word, "I" or an all-capitals word ("TV") say so.
  const opens = (i: number): boolean => i === 0 || /(?:[.!?:…]["'”’)\]]*|\n)\s*["'“‘(\[]*$/u.test(text.slice(words[i - 1].end, words[i].start));
  const mentionCase = opens(c.a) ? raw.slice(1) : raw;
  const caseTells = c.bracketed || /\p{Lu}/u.test(mentionCase) || words.some((w, i) => (i < c.a || i > c.b) && !opens(i) && w.raw !== 'I' && /^\p{Lu}\p{Ll}/u.test(w.raw));
  const scored: [number, number][] = [];
  for (const e of entities) {
    // Same case as written is the strongest tie-breaker ("Police" the film, not "police" the tag).
    const sameCase = caseTells && wordSpans(graph.names[e]).map((w) => w.raw).join(' ') === raw ? 1 : 0;
    const fit = graph.degreeOf(e) > 0 ? dot(questionVector, await neighbourhoodVector(graph, e, drm)) : 0;
    scored.push([e, sameCase + 0.5 * fit + 0.05 * Math.log1p(graph.degreeOf(e))]);
  }
  // Stable: the first entity wins ties, as before.
  return scored.sort((x, y) => y[1] - x[1]).map(([e]) => e);
}

// ---- not found ----

/** Up to five names nearest to the question's content words, for the "not found" answer. */
function closestNames(wordRank: number[], index: EntityNameIndex, fuzzy: Candidate[], closestKeys: () => number[]): string[] {
  const out: string[] = [];
  const seen = new Set<number>();
  const push = (k: number): void => {
    if (seen.has(k) || out.length >= 5) return;
    seen.add(k);
    out.push(index.graph.names[index.keyEntities(k)[0]]);
  };
  // Fuzzy hits on rare words first; a hit on an everyday word ("movies") says nothing about what was meant.
  const informative = fuzzy.filter((c) => wordRank.slice(c.a, c.b + 1).some((r) => r >= COMMON_RANK));
  for (const c of informative.sort((x, y) => y.quality - x.quality || x.key - y.key)) push(c.key);
  if (out.length >= 5) return out;
  // The best five suffice: at most out.length of them were pushed already, so they hold the next 5 − out.length.
  for (const k of closestKeys()) push(k);
  return out;
}

/**
 * The five keys closest by character trigrams to the question's content words, through the trigram postings (never
 * a scan); to the bracketed words alone when the question marks its entity ("what films did [Qorvath Ellimund] star
 * in": not "films" and "star", whose trigrams are in most titles and would only cost time and pull in other names).
 */
function closestTrigramKeys(words: WordSpan[], wordRank: number[], index: EntityNameIndex, inBracket: readonly number[]): number[] {
  const marked = inBracket.some((b) => b >= 0);
  const content = words.filter((_, i) => wordRank[i] >= STOP_RANK && (!marked || inBracket[i] >= 0)).map((w) => w.norm);
  return content.length ? index.closestByTrigrams(content.join(' '), 5).map(([k]) => k) : [];
}

