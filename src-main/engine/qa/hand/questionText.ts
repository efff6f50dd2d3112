// The question as words placed around its topic mentions. The algorithmic Hand reads a question the way the
// relation chain is written: words next to a mention describe the hop leaving that anchor, words far from it
// (and the wh-phrase) describe the answer end. Only general English function words are listed here — nothing
// about any one graph's relations or question templates.
import { tokenizeText } from '../../drm/tokenize.js';
import { formPairs, IRREGULAR_VERBS } from '../../lexicon/wordnet.js';

/** English function words: they carry no relation meaning (prepositions, articles, auxiliaries, pronouns). */
export const STOPWORDS = new Set(
  (
    'a an the of in on at by for to from with without into onto about as than then and or nor but so ' +
    'is are was were be been being am do does did done doing has have had having will would shall should can could ' +
    'may might must it its this that these those there here their them they he she his her him i me my we our us you your ' +
    'some any all each every no not only just very much many more most such own ' +
    'up down out over under again further once ever ' +
    'please tell show give list name find know let get got'
  ).split(/\s+/),
);

/**
 * Words that are function words in a question's wording but may be part of a name ("Now and Then"): they name no
 * relation ("now" stood for the "previously" of previously_played_for, the vectors putting the two close), and the
 * linker still reads them as words of a title.
 */
const WORDING_ONLY = new Set(['now']);

/** Wh-words that also open relative clauses after a noun ("the man who …", "the town where …"). */
const RELATIVE_WH = new Set(['who', 'whom', 'whose', 'where', 'when']);
/** Pronouns opening a relative clause whose subject is the noun before them. */
const CLAUSE_PRONOUNS = new Set(['that', 'which', 'who']);

/** Interrogatives: they mark the answer end of the question and say little about relations. */
export const WH_WORDS = new Set(['what', 'which', 'who', 'whom', 'whose', 'when', 'where', 'why', 'how']);

/**
 * Words that signal a reciprocal step (r followed by its own inverse: "shares a director with", "co-starred",
 * "the same writer as", "also directed", "together with"). General English, used to license r⁻¹ after r.
 */
export const RECIPROCAL_CUES = new Set([
  'same', 'also', 'together', 'co', 'share', 'shares', 'shared', 'sharing', 'both', 'common', 'other', 'another',
  'others', 'else', 'similar', 'fellow', 'alongside', 'collaborated', 'collaborate', 'collaborators', 'too',
]);

/**
 * Words that open a new phrase (prepositions and articles). Two words naming the same relation in different
 * phrases ("the films *written* by | the *writer* of X") are two mentions, usually two hops; in one phrase ("which
 * actors starred in", "the director who directed") they are one. Relative pronouns and auxiliaries do not split.
 */
export const PHRASE_BREAKS = new Set(['the', 'a', 'an', 'of', 'by', 'in', 'on', 'at', 'for', 'to', 'from', 'with', 'into', 'onto', 'about', 'as', 'than']);

/**
 * General English nouns that ask for a classification ("what types are the films …", "which kind of …"): the answer
 * is the value of the graph's most categorical attribute (few values shared by many entities), whatever its label.
 */
export const CATEGORY_NOUNS = new Set([
  'type', 'types', 'kind', 'kinds', 'sort', 'sorts', 'category', 'categories', 'class', 'classes', 'variety', 'varieties',
]);

/** Wh-words whose answer is a time (matched against literal date/number ends). */
export const TIME_WH = new Set(['when']);

export interface QuestionWord {
  text: string;
  /** Character offset in the question. */
  start: number;
  kind: 'content' | 'wh' | 'cue';
  /** Index of the nearest topic mention, its side and the distance in words (1 = adjacent). */
  anchor: number;
  side: 'left' | 'right';
  distance: number;
  /** Phrase index in reading order: it grows at every preposition or article and at every topic mention. */
  phrase: number;
  /** An answer noun asking for a classification (CATEGORY_NOUNS right after the wh-word); set by the analysis. */
  category?: boolean;
  /**
   * A noun of an "of" or possessive chain that starts at a mention: "the X of the Y of [A]", "[A]'s Y's X" walk
   * A → Y → X, so Y names what the first hop lands on (1), X what the second lands on (2).
   */
  chainNode?: number;
  /**
   * For a cue word: the content word it is about ("share *writers* with", "the same *director* as"). It names the
   * relation walked there and back, so the cue supports r⁻¹ in proportion to how well that word fits r.
   */
  cueObject?: string;
  /** A chain noun that a possessive pronoun ties to the mention before it ("[A] … at his club"), away from the mention. */
  pronounChain?: true;
  /** A word modifying a chain noun in a compound ("*burial* place", "*release* year"): which of the head's kind it is. */
  chainModifier?: true;
  /**
   * A noun a relative clause is about whose verb stands right before the mention ("the *company* that makes [X]"): the
   * verb's subject, what the verb's hop lands on. The offset of that verb.
   */
  clauseVerb?: number;
}

export interface QuestionText {
  /** The question as asked (for the words between two kept words). */
  question?: string;
  /** The question with each topic mention removed (what the relation words are read from). */
  withoutMentions: string;
  words: QuestionWord[];
  /** Per mention: the side the answer end is read on (where the wh-word sits; left when there is none). */
  answerSide: ('left' | 'right')[];
  /**
   * Per mention with an "of" or possessive chain: where the chain's words begin and end in the question ("the birthplace
   * of [A]": from "birthplace" to the mention's end; "[A]'s club": from the mention to "club").
   */
  chainSpans?: ({ start: number; end: number } | undefined)[];
  /**
   * Per mention: whether the question asks for what shares a thing with it ("who plays in the same club as [A]"): the
   * noun after "same" names what the first hop lands on, and the answer lies beyond it.
   */
  sharesWith?: boolean[];
}

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * A past participle that ends a possessive's noun phrase ("X's father buried"): four letters or more before "-ed", not
 * "-eed" ("top speed" stays a noun phrase, so do "children" and "building").
 */
const PAST_PARTICIPLE = /^(?![a-z]*eed$)[a-z]{4,}ed$/;

/**
 * Irregular past forms ("born", "written", "led"): a verb, not the head of a possessive's noun phrase. A few are nouns
 * too (saw, rose, left, found): "X's rose garden" is rare enough in questions to read so.
 */
const IRREGULAR_PAST = new Set(formPairs(IRREGULAR_VERBS).map(([form]) => form));

/** Possessive pronouns: "at his club" after a mention is the mention's club. */
const POSSESSIVE_PRONOUNS = new Set(['his', 'her', 'its', 'their']);

/** Auxiliaries of do-support: the question's main verb then stands bare after its subject. */
const DO_SUPPORT = new Set(['do', 'does', 'did']);

/** Participles name a relation ("directed by the director of"), never the things an agent made. */
const PARTICIPLE_FORM = /^[a-z]{3,}(ed|ing|en)$/;

/** Splits a question into classified words positioned relative to the mentions (character spans). */
/** `verbs`: spans known to be verbs (spelled-out collocations), which end a possessive's noun phrase like a participle. */
export function readQuestion(question: string, mentions: { start: number; end: number }[], verbs: readonly { start: number; end: number }[] = []): QuestionText {
  // Indexes in `anchor` and `answerSide` refer to the caller's order of mentions.
  const spans = mentions;
  const raw: { text: string; start: number; phrase: number }[] = [];
  let phrase = 0;
  let inMention = -1;
  for (const m of question.matchAll(WORD)) {
    const start = m.index ?? 0;
    const end = start + m[0].length;
    const mention = spans.findIndex((s) => start < s.end && end > s.start);
    if (mention >= 0) {
      if (mention !== inMention) phrase++;
      inMention = mention;
      continue;
    }
    if (inMention >= 0) phrase++;
    inMention = -1;
    // Same folding as the DRM's tokenizer (diacritics, case, possessive 's).
    const [text] = tokenizeText(m[0]);
    if (!text) continue;
    if (text === 's' && start > 0 && /['’`]/.test(question[start - 1])) continue;
    if (PHRASE_BREAKS.has(text)) phrase++;
    raw.push({ text, start, phrase });
  }
  // Word index of each mention (how many kept words precede it) for distances.
  const mentionAt = spans.map((s) => raw.filter((w) => w.start < s.start).length);
  const mentionBetween = (i: number): boolean => {
    const from = raw[i].start;
    const to = i + 1 < raw.length ? raw[i + 1].start : Infinity;
    return spans.some((s) => s.start > from && s.start < to);
  };
  const cueAt = (t: string): boolean => RECIPROCAL_CUES.has(t);
  const contentAt = (t: string): boolean => !STOPWORDS.has(t) && !WORDING_ONLY.has(t) && !WH_WORDS.has(t) && !cueAt(t) && !/^\d{1,2}$/.test(t);
  // "films for the writer of X", "movies by the director of X": the things the AGENT of X made, i.e. the agent's
  // relation walked back (r r⁻¹). The noun before "for/by the AGENT of" then marks a reciprocal hop, like a cue.
  const agentNoun = new Set<number>();
  raw.forEach((w, i) => {
    if ((w.text !== 'for' && w.text !== 'by') || i === 0 || mentionBetween(i - 1)) return;
    const noun = raw[i - 1].text;
    if (!contentAt(noun) || PARTICIPLE_FORM.test(noun)) return;
    let j = i + 1;
    if (raw[j]?.text === 'the' && !mentionBetween(i)) j++;
    else if (raw[j]?.text === 'the') return;
    if (!raw[j] || mentionBetween(j - 1) || !contentAt(raw[j].text) || mentionBetween(j)) return;
    if (raw[j + 1]?.text === 'of' && mentionBetween(j + 1)) agentNoun.add(i - 1);
  });
  // The word a cue is about: the next content word, past articles and other cues ("share the same director").
  const cueObjectOf = (i: number): string | undefined => {
    for (let j = i + 1; j < raw.length && j <= i + 3; j++) {
      if (mentionBetween(j - 1)) return undefined;
      const t = raw[j].text;
      if (contentAt(t)) return t;
      if (!cueAt(t) && !PHRASE_BREAKS.has(t)) return undefined;
    }
    return undefined;
  };
  // "the X of the Y of [A]" (leftwards from a mention) and "[A]'s Y's X" (rightwards): the chain's nouns in walking
  // order. Only nouns joined by "of" / "'s" count; anything else ends the chain.
  const chainNodes = new Map<number, number>();
  const isArticle = (t: string | undefined): boolean => t === 'the' || t === 'a' || t === 'an';
  const chainSpans: ({ start: number; end: number } | undefined)[] = spans.map(() => undefined);
  const inVerbSpan = (x: { start: number }): boolean => verbs.some((v) => x.start >= v.start && x.start < v.end);
  // A verb form that ends a possessive's noun phrase ("X's father buried"), and, with any participle, one that is no noun.
  const isVerb = (x: { text: string; start: number }): boolean => PAST_PARTICIPLE.test(x.text) || IRREGULAR_PAST.has(x.text) || inVerbSpan(x);
  const verbLike = (x: { text: string; start: number }): boolean => PARTICIPLE_FORM.test(x.text) || isVerb(x);
  const possessiveAfter = (j: number): boolean => /^\s*['’]s\b/.test(question.slice(raw[j].start + raw[j].text.length, raw[j].start + raw[j].text.length + 4));
  // Words modifying a chain noun in a compound ("the burial place of"): they say which of the head's kind it is. (Not
  // a verb before it: "who directed films of [X]".)
  const modifiers = new Set<number>();
  // Per mention: the number of nouns in its chain.
  const chainDepth = spans.map(() => 0);
  spans.forEach((s, k) => {
    let chainStart = s.start;
    // Possessives: the mention, then "'s", then the noun, then "'s" …
    let end = s.end;
    let from = raw.findIndex((w) => w.start >= s.end);
    let possessives = 0;
    // "who did [A]'s daughter marry": after do-support the clause ends in its bare verb, never the noun's.
    const doSupport = raw.some((w) => w.start < s.start && DO_SUPPORT.has(w.text));
    const endsClause = (i: number): boolean => i + 1 >= raw.length || raw[i + 1].phrase !== raw[i].phrase;
    for (let node = 1; node <= 3 && from >= 0; node++) {
      if (!/^\]?\s*['’]s\b/.test(question.slice(end, end + 5))) break;
      let j = from;
      if (isArticle(raw[j]?.text)) j++;
      const w = raw[j];
      if (!w || !contentAt(w.text)) break;
      // The head of the noun phrase: the last content word before the next "'s" or non-content word.
      // A participle ends the noun phrase ("X's father buried": the father is the noun, buried the verb).
      while (
        j + 1 < raw.length &&
        contentAt(raw[j + 1].text) &&
        !isVerb(raw[j + 1]) &&
        raw[j + 1].phrase === w.phrase &&
        !(doSupport && endsClause(j + 1)) &&
        !possessiveAfter(j)
      )
        j++;
      // Its compound modifiers ("[A]'s former clubs"), unless the head read is a verb after all.
      if (!verbLike(raw[j])) for (let m = isArticle(raw[from]?.text) ? from + 1 : from; m < j; m++) if (!verbLike(raw[m])) modifiers.add(m);
      chainNodes.set(j, node);
      possessives = chainDepth[k] = node;
      end = raw[j].start + raw[j].text.length;
      from = j + 1 < raw.length ? j + 1 : -1;
    }
    // "the father of [A]'s father": the possessive chain is walked first, the "of" chain's nouns after it.
    let at = mentionAt[k] - 1;
    for (let node = possessives + 1; node <= possessives + 3; node++) {
      if (isArticle(raw[at]?.text)) at--;
      if (raw[at]?.text !== 'of' || (at >= 0 && mentionBetween(at) && node > possessives + 1)) break;
      at--;
      if (isArticle(raw[at]?.text)) at--;
      const w = raw[at];
      if (!w || !contentAt(w.text) || mentionBetween(at)) break;
      chainNodes.set(at, node);
      chainDepth[k] = node;
      // A compound's modifiers ("the release year of"): skip them.
      while (at > 0 && contentAt(raw[at - 1].text) && !mentionBetween(at - 1) && raw[at - 1].phrase === w.phrase) if (!verbLike(raw[--at])) modifiers.add(at);
      chainStart = raw[at].start;
      at--;
    }
    if (possessives > 0 || chainStart < s.start) chainSpans[k] = { start: chainStart, end };
  });
  // "who is [A] coached by at his club": a possessive pronoun after a mention refers back to it (A's club).
  const pronounChain = new Set<number>();
  raw.forEach((w, i) => {
    if (!POSSESSIVE_PRONOUNS.has(w.text) || mentionBetween(i) || i + 1 >= raw.length) return;
    const k = spans.reduce((best, s, at) => (s.end <= w.start && (best < 0 || s.end > spans[best].end) ? at : best), -1);
    if (k < 0 || raw.some((x) => x.start >= spans[k].end && x.start < w.start && POSSESSIVE_PRONOUNS.has(x.text))) return;
    // After a chain ("the house of [A] has its seat") the pronoun is the chain's last noun, whose words already say so.
    if (chainDepth[k] > 0) return;
    // Only verbs between ("coached by at"): a noun there could be what the pronoun refers to ("belongs to a house; its founder").
    if (/[;,.:]/.test(question.slice(spans[k].end, w.start))) return;
    // A new clause ("who coached [A] and what is his nationality": the coach's) may be about someone else.
    const between = raw.filter((x) => x.start >= spans[k].end && x.start < w.start);
    if (between.some((x) => WH_WORDS.has(x.text) || x.text === 'and' || x.text === 'or')) return;
    if (between.some((x) => contentAt(x.text) && !isVerb(x))) return;
    // The noun phrase's head, as a possessive's: it ends at a verb ("his wife won"), and "his club's academy" goes on.
    let j = i + 1;
    for (let node = 1; node <= 3 && j < raw.length; node++) {
      if (!contentAt(raw[j].text) || verbLike(raw[j])) break;
      while (j + 1 < raw.length && contentAt(raw[j + 1].text) && !mentionBetween(j) && raw[j + 1].phrase === raw[j].phrase && !verbLike(raw[j + 1]) && !possessiveAfter(j)) j++;
      chainNodes.set(j, node);
      pronounChain.add(j);
      if (!possessiveAfter(j) || mentionBetween(j)) break;
      j++;
    }
  });
  // "the same N as [A]": N is what A's first hop lands on (A's N), and the answer is what shares it.
  const sharesWith = spans.map(() => false);
  raw.forEach((w, i) => {
    if (w.text !== 'same' || mentionBetween(i)) return;
    let j = i + 1;
    while (j < raw.length && contentAt(raw[j].text) && !mentionBetween(j) && raw[j].text !== 'as') j++;
    if (j === i + 1 || raw[j]?.text !== 'as' || !mentionBetween(j)) return;
    const k = spans.findIndex((s) => s.start > raw[j].start && (j + 1 >= raw.length || s.start < raw[j + 1].start));
    // "the same club as [A]'s brother": the club is the brother's, a chain this reading does not walk.
    if (k < 0 || chainNodes.has(j - 1) || chainDepth[k] > 0) return;
    chainNodes.set(j - 1, 1);
    sharesWith[k] = true;
  });
  // A relative pronoun right after a content word ("the town where X was born is in what region", "the man who married
  // … held which title") opens a clause about it; when another wh-word asks the question, it is not the asking one.
  // ("which" and "what" after a content word are determiners that ask: "held which title".)
  const relative = (i: number): boolean =>
    i > 0 &&
    RELATIVE_WH.has(raw[i].text) &&
    contentAt(raw[i - 1].text) &&
    !mentionBetween(i - 1) &&
    /^\s+$/.test(question.slice(raw[i - 1].start + raw[i - 1].text.length, raw[i].start));
  const asking = raw.some((w, i) => WH_WORDS.has(w.text) && !relative(i));
  // "the company that makes [X]", "the band who recorded the [X]": the noun before the pronoun and the verb after it,
  // with nothing but an article between the verb and the mention.
  const clauseVerb = new Map<number, number>();
  raw.forEach((w, i) => {
    if (!CLAUSE_PRONOUNS.has(w.text) || i === 0 || !contentAt(raw[i - 1].text) || mentionBetween(i - 1) || mentionBetween(i)) return;
    const verb = raw[i + 1];
    if (!verb || !contentAt(verb.text)) return;
    let j = i + 1;
    while (!mentionBetween(j) && isArticle(raw[j + 1]?.text)) j++;
    if (!mentionBetween(j)) return;
    clauseVerb.set(i - 1, verb.start);
    // "the father of the man who married [X]": an "of" chain ending at the clause's noun goes on from it, the noun
    // being where the clause's verb lands (node 1) and each noun before "of" one node further.
    if (chainNodes.has(i - 1)) return;
    let node = 1;
    for (let h = i - 1; ; ) {
      let of = h - 1;
      if (of >= 0 && isArticle(raw[of].text)) of--;
      const n = of - 1;
      if (n < 0 || raw[of].text !== 'of' || [n, of].some((x) => mentionBetween(x)) || !contentAt(raw[n].text) || chainNodes.has(n)) break;
      chainNodes.set(n, ++node);
      h = n;
    }
  });
  const words: QuestionWord[] = [];
  raw.forEach((w, i) => {
    if (asking && relative(i)) return;
    let best = 0;
    let bestDist = Infinity;
    let side: 'left' | 'right' = 'right';
    mentionAt.forEach((at, k) => {
      // Words before the mention are at indexes at-1, at-2, …; after it at, at+1, …
      const left = i < at;
      const d = left ? at - i : i - at + 1;
      if (d < bestDist) {
        bestDist = d;
        best = k;
        side = left ? 'left' : 'right';
      }
    });
    const kind: QuestionWord['kind'] = WH_WORDS.has(w.text)
      ? 'wh'
      : RECIPROCAL_CUES.has(w.text) || agentNoun.has(i)
        ? 'cue'
        : 'content';
    if (kind === 'content' && (STOPWORDS.has(w.text) || WORDING_ONLY.has(w.text) || /^\d{1,2}$/.test(w.text))) return;
    const cueObject = kind === 'cue' && !agentNoun.has(i) ? cueObjectOf(i) : undefined;
    words.push({
      text: w.text,
      start: w.start,
      kind,
      anchor: spans.length ? best : 0,
      side,
      distance: Number.isFinite(bestDist) ? bestDist : i + 1,
      phrase: w.phrase,
      ...(cueObject ? { cueObject } : {}),
      ...(chainNodes.has(i) && kind === 'content' ? { chainNode: chainNodes.get(i) } : {}),
      ...(pronounChain.has(i) && kind === 'content' ? { pronounChain: true as const } : {}),
      ...(modifiers.has(i) && !chainNodes.has(i) && kind === 'content' ? { chainModifier: true as const } : {}),
      ...(clauseVerb.has(i) && kind === 'content' && !chainNodes.has(i) ? { clauseVerb: clauseVerb.get(i) } : {}),
    });
  });
  const wh = words.find((w) => w.kind === 'wh');
  const answerSide = spans.map((s): 'left' | 'right' => (wh && wh.start > s.start ? 'right' : 'left'));
  let withoutMentions = question;
  for (const s of [...spans].sort((a, b) => b.start - a.start)) withoutMentions = withoutMentions.slice(0, s.start) + ' ' + withoutMentions.slice(s.end);
  return {
    question,
    withoutMentions: withoutMentions.replace(/[[\]]/g, ' ').replace(/\s+/g, ' ').trim(),
    words,
    answerSide,
    chainSpans,
    ...(sharesWith.some(Boolean) ? { sharesWith } : {}),
  };
}
