// Question analysis of the algorithmic Hand: the skyline indicator I_Q and D_predict. Candidate chains are the
// schema-level relation paths reachable from the anchors (schemaPaths); each is scored against the question's
// words by a monotone alignment — words nearest an anchor explain the hop leaving it, words on the answer side
// explain the last hop — rewarding coverage (every word explained by some hop) and support (every hop explained by
// some word). Nothing here knows any graph's relation names: relations are read through their label words.
import type { Direction, LiteralKind } from '../../../common/graphTypes.js';
import type { QuestionText, QuestionWord } from './questionText.js';
import { CATEGORY_NOUNS, TIME_WH } from './questionText.js';
import { chainKey } from '../stages/schemaPaths.js';
import { readHowMany } from '../stages/countAnswer.js';
import { type SchemaPath, type SchemaStep } from '../../core/types.js';
import type { Indicator, IndicatorStep } from '../../core/types.js';
import type { RelationMatcher } from './relationMatcher.js';
import { STEM_MATCH } from './wordSimilarity.js';
import { tokenizeText } from '../../drm/tokenize.js';
import type { Gender, ScoredChain } from '../../core/types.js';

export interface AnalysisWeights {
  /** A word at least this similar to a hop's label supports the hop. */
  supportMin: number;
  /** Penalty for a hop no word supports. */
  missingHop: number;
  /** Smaller penalty for an unsupported r⁻¹ right after r ("shares a director with" names the relation once). */
  missingReciprocal: number;
  /** Score of a reciprocal cue word ("same", "co-", "together") aligned to a reciprocal hop. */
  reciprocalCue: number;
  /** Factor on a second supporting word of an already supported hop, from the same phrase. */
  repeatedMention: number;
  /** Factor on a second supporting word of an already supported hop from another phrase: two mentions, two hops. */
  separateRepeat: number;
  /** Per hop: prefer the shorter chain when the words explain two chains equally. */
  lengthPenalty: number;
  /** Bonus when a time question ("when") ends on date/number literals, penalty scale when it does not. */
  timeAnswer: number;
  /** Weight of the anchor's own mix of relations (a tie-breaker between equally worded first hops). */
  anchorPrior: number;
  /**
   * Penalty for a recognised anchor the chain leaves unused: more than one missing hop, since a reading that ignores
   * an entity the question names drops a whole constraint ("who practises X in [Port-Aubrac]").
   */
  unusedAnchor: number;
  /** Penalty for reading the answer side first (the less usual word order). */
  reversedOrder: number;
  /** Weight of the answer-type match: answer noun vs the relations the chain's ends are the value of. */
  answerType: number;
  /** Only matches above this contrast count as answer-type evidence (generic nouns like "films" stay below). */
  answerTypeMin: number;
  /**
   * Weight of the candidate-type evidence: how well the answer noun fits what the chain's ends are (their roles in
   * the graph, their names), relative to the other chains of the same question.
   */
  candidateType: number;
  /** Support a classification noun ("types", "kind") gives a last hop in proportion to how categorical it is. */
  categoryNoun: number;
  /** Penalty for a person or place question ("who", "where") whose chain ends on dates and numbers. */
  literalMismatch: number;
  /**
   * Missing-hop penalty in the constraint half of a two-anchor chain (the half read with the weaker words): a second
   * anchor the linker found in the question is itself evidence that some relation of it is meant, and a constraint
   * is mostly said with a bare preposition ("in [Port-Aubrac]": works at a hospital located in it), naming no hop.
   */
  missingConstraintHop: number;
  /** Bonus for a two-anchor chain whose halves meet on a strict part of each half's answers (each one constrains). */
  pairRestricts: number;
  /**
   * Weight of the answer noun naming what the last hop lands on (the label's role noun: "which genre" and has_genre's
   * tail, "which company" and manufactured_by's manufacturer): it supports the last hop, never another one.
   */
  landingSupport: number;
  /** Penalty for a first hop that walks its verb's relation against the anchor's role beside that verb. */
  voiceMismatch: number;
  /** Penalty for a chain whose answers are of another semantic class than the answer noun or wh-word asks for. */
  typeMismatch: number;
  /** Bonus for a chain whose answers are of the class the answer noun or wh-word asks for. */
  typeMatch: number;
  /** Support of "where" / "when" for a last hop whose label says it lands on places / times. */
  whLanding: number;
  /** Penalty for a chain that ends on mediator nodes (no name of their own: never an answer). */
  mediatorEnd: number;
  /**
   * Penalty for a chain whose answers are all entities the question spells out by name (other than its anchor):
   * "the international system of units uses what unit …" does not ask for the International System of Units.
   */
  namedAnswer: number;
  /**
   * Penalty for a chain whose last step walks straight back to its anchor (out and back, over one relation or over
   * a mirrored pair stored under two names: SchemaPath.returns) when no reciprocal cue ("same", "co-", "also") asks so.
   */
  returnToAnchor: number;
  /**
   * Penalty per label word of the chain (a label's own words) that no word of the question names: of two labels the
   * question names alike ("X's club": plays for, previously played for), the one that says less beyond it wins.
   */
  labelUncovered: number;
  /** Per word a label adds to a plainer label of the graph that the question leaves unnamed (see RelationMatcher.marked). */
  markedUnnamed: number;
  /**
   * Penalty, times the word's best contrast, for a content word that clearly names some relation of the graph (best
   * contrast ≥ unexplainedMin, or a stem shared with a label word) but no hop of this chain: "X is buried at which place" read as a birthplace leaves
   * "buried" unexplained.
   */
  unexplainedWord: number;
  /** See unexplainedWord. */
  unexplainedMin: number;
}

export const DEFAULT_ANALYSIS_WEIGHTS: AnalysisWeights = {
  supportMin: 0.25,
  missingHop: 0.6,
  missingReciprocal: 0.25,
  reciprocalCue: 0.7,
  repeatedMention: 1,
  separateRepeat: 0,
  lengthPenalty: 0.15,
  timeAnswer: 0.5,
  anchorPrior: 0.1,
  unusedAnchor: 0.7,
  reversedOrder: 0.3,
  answerType: 1,
  answerTypeMin: 0.28,
  candidateType: 1,
  literalMismatch: 0.5,
  categoryNoun: 0.7,
  missingConstraintHop: 0.15,
  pairRestricts: 0.15,
  landingSupport: 1,
  voiceMismatch: 0.3,
  typeMismatch: 0.5,
  typeMatch: 0.3,
  whLanding: 0.5,
  mediatorEnd: 1,
  namedAnswer: 1,
  returnToAnchor: 0.3,
  labelUncovered: 0.05,
  markedUnnamed: 0.15,
  unexplainedWord: 1,
  unexplainedMin: 0.5,
};

export interface AnalysisContext {
  matcher: RelationMatcher;
  visibleRelation(relation: number): string;
  literalOf(entity: number): LiteralKind | undefined;
  /**
   * Relations the entities of `ends` are the value (tail) of, with the share of ends that are: the answer's role
   * type ("cities" are what located_in points to). Entities only ever heads have no role words.
   */
  valueRoles(ends: ReadonlySet<number>): ReadonlyMap<number, number>;
  /** Share of the anchor's edges (in the subgraph) that use this relation and direction, in [0, 1]. */
  anchorShare(anchor: number, step: SchemaStep): number;
  /**
   * How well the answer nouns name what the entities of `ends` are, in [0, 1]: the nouns against the labels of the
   * relations those entities take part in and against the words of their names. Below 0 when their names say they
   * are another kind of thing (a shared head word no noun names). Absent: no candidate-type evidence.
   */
  candidateTypeSimilarity?(nouns: readonly string[], ends: ReadonlySet<number>): number;
  /**
   * How categorical the values a step lands on are, in [0, 1]: high when few non-literal values are shared by many
   * entities (a classification such as a genre or a drug class), 0 for one-to-one and literal values.
   */
  categorical?(relation: number, direction: Direction): number;
  /**
   * How well a noun names what a step lands on — the role its label gives that end ("director" for the tail of
   * directed_by, "album" for the head of music.album.release_type) — in [0, 1]; 0 when the label names no role there
   * or the two are of different semantic classes. Absent: answer nouns support no hop. With `ends` (what the step
   * lands on in this chain), a role the noun does not name is read through the roles those entities play in the
   * graph's other relations (the tails of targets_condition are conditions, the tails of nationality countries), and
   * a label naming no role noun there through what the relation's entities there are called ("… League").
   */
  landingSupport?(noun: string, step: SchemaStep, ends?: ReadonlySet<number>): number;
  /**
   * Whether the entities of `ends` are of the semantic class the answer asks for (the answer's type noun, else the
   * wh-word): 1 yes, -1 clearly another class, 0 unknown. Absent: no such evidence.
   */
  typeFit?(answer: AnswerType, ends: ReadonlySet<number>, landing?: SchemaStep): number;
  /**
   * Whether a noun written right before the anchor's mention ("the film [X]", "baseball player [X]") may name the
   * anchor's own type (the anchor mention then accounts for it). Absent: never.
   */
  namesAnchorType?(word: string, anchor: number): boolean;
  /**
   * Whether the entities of `ends` are mediator nodes (Freebase CVT-style, with no name of their own): a hop into a
   * mediator and the hop out of it read as one relation. Absent: none are.
   */
  mediator?(ends: ReadonlySet<number>): boolean;
  /** Whether the question spells out the entity's whole name (a span equal to it). Absent: none are. */
  namedInQuestion?(entity: number): boolean;
  /**
   * Whether the ends one relation reaches from the anchor in its two directions are the same kind of thing (their
   * other relations agree, or one side has none) and another kind than the anchor: the relation is stored both ways
   * around this anchor, so the two directions are one reading. Absent: never.
   */
  sameKind?(out: ReadonlySet<number>, back: ReadonlySet<number>, anchor: number, relation: number): boolean;
  /** Whether a noun's class contradicts what the step lands on (see landingSupport). Absent: never. */
  landingClash?(noun: string, step: SchemaStep): boolean;
  /**
   * Whether the step lands on things of the noun's own class (a venue is a location, so is what "published in"
   * lands on), though its label names no such noun. Absent: never.
   */
  landsOnClass?(noun: string, step: SchemaStep): boolean;
  /**
   * Whether the noun names a place that lies within others rather than holding them (WordNet: a town, a city, a
   * place; not a region or a country) and the step lands on such places (its class, and names that call few of what
   * the relation reaches there something else: an abbey, a cemetery). Absent: never.
   */
  landsOnLeafPlace?(noun: string, step: SchemaStep): boolean;
  /**
   * Whether the names of `ends` are mostly places of a kind that lies within what the noun asks for (the noun a place
   * whose instances hold parts: a country, a region; the names WordNet's instances of a city or a town). Absent: never.
   */
  liesBelow?(noun: string, ends: ReadonlySet<number>): boolean;
  /** Whether the noun shares a stem with the role noun the step's label gives the end it lands on ("genres" / genre). Absent: never. */
  namesRoleNoun?(noun: string, step: SchemaStep): boolean;
  /**
   * For a relation whose label is a verb written beside the mention of anchor `anchor` (the topics' order): the direction of
   * a first hop from it that reads the verb as the question does ("who supervised [A]": to A's supervisor; "who did [A]
   * supervise": to A's students). Absent or undefined: the grammar says nothing.
   */
  voiceDirection?(relation: number, anchor: number): Direction | undefined;
  /**
   * Whether a noun names the role the anchor plays in most of its edges ("system" for a measurement system that is
   * the head of most measurement_system.* facts): the anchor's own kind, not a hop from it. Absent: never.
   */
  namesAnchorRole?(noun: string, anchor: number): boolean;
  /**
   * Whether a noun names the one end a label names (its role noun) and the step starts from it: a chain noun that
   * does names a hop walked backwards. Absent: never.
   */
  namesStart?(noun: string, step: SchemaStep): boolean;
  /**
   * Steps of other relations that hold a good share of this step's facts stored the other way round, walked from the
   * same end (mother< and has_child>: a child stored as either, or both). Absent: none.
   */
  aliases?(step: SchemaStep): readonly SchemaStep[];
  /** The sex a person noun names ("sons": male), if any (ScoredChain.genders). Absent: none read. */
  nounGender?(noun: string): Gender | undefined;
  /** Whether a noun's first sense names a kind of person (wife, daughter, coach). Absent: never. */
  namesPerson?(noun: string): boolean;
  /** Whether a word can be a noun (the lexicon's parts of speech). Absent: every non-participle may be. */
  isNoun?(word: string): boolean;
  /** Whether the noun `specific` is a kind of the noun `general` (a grave is a place). Absent: never. */
  kindOf?(specific: string, general: string): boolean;
  /** Whether a noun names an event or an act before any thing (death, birth, burial, founding). Absent: never. */
  eventNoun?(noun: string): boolean;
  /** Whether a noun's first sense is a place or a time in general (place, year, date, city), or a top concept such as location. Absent: never. */
  setting?(noun: string): boolean;
  weights?: Partial<AnalysisWeights>;
}

/** What the question says about the answer's type: the head noun of the wh-phrase and the wh-word. */
export interface AnswerType {
  /** The head noun of the wh-phrase ("which side effects" → effects); absent for a classification ("what kind of"). */
  noun?: string;
  wh?: string;
  /** "what did X do (for a living)": the main verb is "do", so an activity is asked for (an occupation, a sport). */
  activity?: boolean;
}

/**
 * Words of one anchor in reading order, each side by distance from the mention. The usual order reads the far
 * side first and the answer side (where the wh-word is) last; the other order covers questions whose last verb
 * trails the mention ("where was the writer of X born"). Both are scored, the better alignment counts.
 */
export function orderedWords(text: QuestionText, anchor: number, isNoun?: (w: string) => boolean): QuestionWord[][] {
  const mine = text.words.filter((w) => w.anchor === anchor && w.kind !== 'wh');
  const answerSide = text.answerSide[anchor] ?? 'left';
  const byDistance = (a: QuestionWord, b: QuestionWord): number => a.distance - b.distance;
  const far = mine.filter((w) => w.side !== answerSide).sort(byDistance);
  const near = mine.filter((w) => w.side === answerSide).sort(byDistance);
  // A chain noun after other words on its side ("who is [A] coached by at his club"): A's club is still the first hop.
  const late = (side: QuestionWord[]): boolean => side.some((w, i) => w.pronounChain && side.slice(0, i).some((x) => x.chainNode === undefined));
  if ((!far.length || !near.length) && (late(far) || late(near))) {
    const chain = mine.filter((w) => w.chainNode !== undefined).sort((a, b) => a.chainNode! - b.chainNode!);
    return [[...far, ...near], [...chain, ...far.filter((w) => w.chainNode === undefined), ...near.filter((w) => w.chainNode === undefined)]];
  }
  if (!far.length || !near.length) return [[...far, ...near]];
  // An "of" / possessive chain on the answer side names the hops next to the anchor; a verb alone on the far side is
  // said of the chain's last noun ("whom did the siblings of X marry": the siblings, then whom they married). Nouns
  // there modify the mention ("the release dates of [X] starred movies": X's movies first).
  if (isNoun && near.some((w) => w.chainNode !== undefined) && far.every((w) => w.chainNode === undefined && !isNoun(w.text))) return [[...near, ...far], [...far, ...near]];
  const orders = [[...far, ...near], [...near, ...far]];
  // Chain nouns on both sides ("the father of X's father", "the burial ground of X's father"): the chain is walked
  // noun by noun, inside out, then the rest ("… buried", "… located") is said of its last noun. That is the usual
  // reading of such a question, and pays nothing.
  const chain = mine.filter((w) => w.chainNode !== undefined);
  if (far.some((w) => w.chainNode !== undefined) && near.some((w) => w.chainNode !== undefined)) {
    // A chain noun's modifiers go with it ("X's former clubs": former names the clubs' hop), each with the nearest
    // chain noun after it ("X's eldest son's wife": eldest is the son's).
    const owner = (m: QuestionWord): QuestionWord | undefined =>
      chain.filter((n) => n.side === m.side && n.phrase === m.phrase && n.start > m.start).sort((a, b) => a.start - b.start)[0];
    const modifiers = mine.filter((m) => m.chainNode === undefined && !!m.chainModifier);
    const walked = chain.sort((a, b) => a.chainNode! - b.chainNode!).flatMap((n) => [...modifiers.filter((m) => owner(m) === n), n]);
    const rest = (side: QuestionWord[]): QuestionWord[] => side.filter((w) => !walked.includes(w));
    orders.unshift([...walked, ...rest(far), ...rest(near)]);
  }
  return orders;
}

/** The best alignment over the candidate word orders. */
function alignBest(
  orders: QuestionWord[][],
  steps: readonly SchemaStep[],
  ctx: AnalysisContext,
  w: AnalysisWeights,
  last = 0,
  first = 0,
  through?: readonly boolean[],
): Alignment {
  let best: Alignment | undefined;
  orders.forEach((o, i) => {
    const a = alignWords(o, steps, ctx, w, last, first, through);
    // The unusual order must earn its place.
    if (i > 0) a.score -= w.reversedOrder;
    if (!best || a.score > best.score) best = a;
  });
  return best!;
}

/** Whether the chain's second half walks its first half back ("plays for, then plays for⁻¹"; through mediators too). */
function walksBackHalfway(steps: readonly SchemaStep[]): boolean {
  const n = steps.length;
  if (n === 0 || n % 2 !== 0) return false;
  for (let i = 0; i < n / 2; i++) {
    const a = steps[i];
    const b = steps[n - 1 - i];
    if (a.relation !== b.relation || a.direction === b.direction) return false;
  }
  return true;
}

function isReciprocal(steps: readonly SchemaStep[], j: number): boolean {
  return j > 0 && steps[j].relation === steps[j - 1].relation && steps[j].direction !== steps[j - 1].direction;
}

interface Alignment {
  score: number;
  /** Best word score per hop (the hop's support). */
  support: number[];
}

/** How far below a word's best relation an alias of the hop may be and still be named by it (see alignWords). */
const ALIAS_BEST_GAP = 0.05;
/** What a word naming a hop's alias gives the hop: nearly all, but the relation it names itself comes first (father> before heir<, which holds the same fathers). */
const ALIAS_SHARE = 0.95;

/** Owner of a hop supported only by a cue word or an answer noun (see alignWords). */
const NEUTRAL = -2;

/**
 * The words every hop is read from: the question's words less those accounted for otherwise — the wh-phrase's
 * nouns name the answer's TYPE (checked against what the last hop lands on, never support for another hop: in
 * "which film did X write", films are the heads of written_by), and a noun right before a mention may name the
 * anchor's own type ("the film [X] starred which actors").
 */
function hopWords(text: QuestionText, anchors: readonly number[], ctx: AnalysisContext, phrase: WhPhrase): { text: QuestionText; anchorNouns: string[][] } {
  const anchorNouns: string[][] = anchors.map(() => []);
  // "which N": the head noun names the type (its modifiers may name the relation: "the release dates"); after a
  // copula ("what are the movies that …") the nouns stay, neutral (they never count as a mention of their own).
  // Without parts of speech (no lexicon) the words after the wh-word stay, neutral, as answer-type words.
  const typed = !!ctx.isNoun;
  const drop = new Set<QuestionWord>(typed && phrase.determiner ? (phrase.category ? phrase.words : phrase.words.slice(-1)) : []);
  const neutral = new Set<QuestionWord>(
    typed ? [...(phrase.determiner ? phrase.words.slice(0, -1) : phrase.words), ...phrase.complement] : answerNounWords(text),
  );
  if (ctx.namesAnchorType)
    for (const x of text.words)
      if (x.kind === 'content' && x.side === 'left' && x.distance === 1 && !neutral.has(x) && ctx.namesAnchorType(x.text, anchors[x.anchor])) {
        drop.add(x);
        anchorNouns[x.anchor]?.push(x.text);
        // A compound before it ("baseball player [X]"): the words right before, while they are nouns of one phrase.
        let d = 2;
        for (;;) {
          const y = text.words.find((z) => z.anchor === x.anchor && z.side === 'left' && z.distance === d && z.phrase === x.phrase);
          if (!y || y.kind !== 'content' || neutral.has(y) || !ctx.namesAnchorType(y.text, anchors[x.anchor])) break;
          drop.add(y);
          anchorNouns[x.anchor]?.push(y.text);
          d++;
        }
      }
  if (drop.size === 0 && neutral.size === 0) return { text, anchorNouns };
  return { text: { ...text, words: text.words.filter((x) => !drop.has(x)).map((x) => (neutral.has(x) ? { ...x, phrase: -1 } : x)) }, anchorNouns };
}

/** The wh-phrase: its nouns, whether the wh-word modifies them directly ("which N"), whether it asks for a class. */
interface WhPhrase {
  words: QuestionWord[];
  determiner: boolean;
  category: boolean;
  /** Content words of a prepositional phrase right after the nouns ("which position in football"): neutral. */
  complement: QuestionWord[];
  /** "had whom as her heir": the noun is someone's (a possessive), so the answer lies a hop beyond the subject. */
  possessed?: boolean;
}

function readWhPhrase(text: QuestionText, isNoun?: (w: string) => boolean): WhPhrase {
  const wh = text.words.find((x) => x.kind === 'wh');
  // "how many papers has X written": the papers are what is asked for (and counted), as in "which papers".
  const howMany = wh?.text === 'how' && text.question !== undefined && /^\s+many\b/i.test(text.question.slice(wh.start + wh.text.length));
  // "where is the company that …", "when was the hospital …": the noun is the subject; the wh-word is the type.
  const nouns = wh && !howMany && (wh.text === 'where' || wh.text === 'when' || wh.text === 'why' || wh.text === 'how') ? [] : whPhraseNouns(text, isNoun);
  // "what do the spouses of X do", "what did the director of X win": after do-support the nouns are the subject.
  let words = wh && nouns.length && doSupportBefore(text, wh, nouns[0]) ? [] : nouns;
  // "X had whom as her heir": the noun of an "as" right after the wh-word says what the answer is, as "which heir" would.
  const as = wh && (!words.length || (words.length === 1 && words[0] === text.words[text.words.indexOf(wh) + 1])) ? asPredicate(text, wh, isNoun) : undefined;
  if (as) words = [as];
  const first = words[0];
  const determiner =
    !!wh &&
    !!first &&
    (!!as ||
      text.question === undefined ||
      text.question.slice(wh.start + wh.text.length, first.start).trim().toLowerCase() === (howMany ? 'many' : '') ||
      modifierMention(wh, first));
  const complement: QuestionWord[] = [];
  const last = words[words.length - 1];
  if (last && text.question !== undefined) {
    const at = text.words.indexOf(last);
    for (let i = at + 1; i < text.words.length && complement.length < 2; i++) {
      const x = text.words[i];
      const prev = text.words[i - 1];
      if (x.kind !== 'content' || x.anchor !== last.anchor || x.side !== last.side) break;
      const between = text.question.slice(prev.start + prev.text.length, x.start).trim().toLowerCase().split(/\s+/).filter(Boolean);
      // One preposition (and an article) right after the noun, then the phrase's words.
      const opens = complement.length === 0 && between.length >= 1 && between.length <= 2 && PP_OPENERS.has(between[0]) && between.slice(1).every((b) => b === 'the' || b === 'a');
      if (!(opens || (complement.length > 0 && between.length === 0 && x.phrase === prev.phrase))) break;
      if (PARTICIPLE.test(x.text) || (isNoun && !isNoun(x.text))) break;
      complement.push(x);
    }
  }
  return { words, determiner, category: !!first && CATEGORY_NOUNS.has(first.text), complement, ...(as ? { possessed: true } : {}) };
}

/** The answer type of the question (see AnswerType). */
export function answerType(text: QuestionText, isNoun?: (w: string) => boolean): AnswerType {
  const wh = text.words.find((x) => x.kind === 'wh')?.text;
  const phrase = readWhPhrase(text, isNoun);
  let noun = phrase.words.length && !phrase.category ? phrase.words[phrase.words.length - 1].text : undefined;
  // "what is A's director's birthplace": the chain's last noun is what is asked for.
  if (!noun && !phrase.category && (wh === 'what' || wh === 'which')) {
    const last = lastChainNode(text);
    // …unless a clause of its own follows it ("X's father worked as what": the father is the subject).
    if (last && !text.words.some((x) => x.start > last.start && x.kind === 'content' && x.chainNode === undefined)) noun = last.text;
  }
  const activity = !noun && wh === 'what' && text.question !== undefined && DO_MAIN_VERB.test(text.question);
  return { ...(noun ? { noun } : {}), ...(wh ? { wh } : {}), ...(activity ? { activity } : {}) };
}

/** The raw similarity of a word tied to a label word by WordNet or a stem: STEM_MATCH as the matcher stores it (float32). */
const LEXICAL_TIE = Math.fround(STEM_MATCH);

/** The noun of "as her N" right after a wh-word that has no noun of its own ("had whom as her heir"). */
function asPredicate(text: QuestionText, wh: QuestionWord, isNoun?: (w: string) => boolean): QuestionWord | undefined {
  if (text.question === undefined || !isNoun || !['who', 'whom', 'what', 'which'].includes(wh.text)) return undefined;
  const at = text.words.indexOf(wh);
  const next = text.words[at + 1];
  if (!next || next.kind !== 'content' || !isNoun(next.text)) return undefined;
  // Only a possessive: "served under whom as a minister" says what the subject was, "had whom as her heir" what the
  // answer is to her.
  if (!/^\s+as\s+(?:his|her|its|their)\s+$/i.test(text.question.slice(wh.start + wh.text.length, next.start))) return undefined;
  // One noun, ending the question or its clause.
  const after = text.words[at + 2];
  return !after || after.phrase !== next.phrase ? next : undefined;
}

/**
 * Which argument, if any, the wh-phrase's noun is of the verb beside a mention, so that the verb's hop is the last. Its
 * subject: the verb right before the mention, nothing but auxiliaries between ("which companies have sued [X]").
 * Its object: "which N did [X] V", "what N has [X] V-ed", the noun right before an auxiliary and a mention whose
 * next word is the main verb (no possessive: "did [X]'s films" makes the films the subject), a verb with no object
 * of its own ("which subjects has [X] directed music videos in": the videos are what was directed; "what system has
 * a …": "has" is the verb). Not after a preposition ("from which city does [X] depart").
 */
function verbArgument(text: QuestionText, phrase: WhPhrase): 'subject' | 'object' | undefined {
  const last = phrase.words[phrase.words.length - 1];
  if (!phrase.determiner || !last || text.question === undefined || last.side !== 'left') return undefined;
  // "from which city does [X] depart": a preposition's object, which may lie beyond what the verb's hop reaches.
  const wh = text.words.find((x) => x.kind === 'wh');
  if (wh && GOVERNING.test(text.question.slice(0, wh.start))) return undefined;
  const at = text.words.indexOf(last);
  const verb = text.words[at + 1];
  // The subject, of a verb whose object is the mention itself (not "employs [A]'s supervisor": the supervisor).
  if (verb && verb.kind === 'content' && verb.side === 'left' && verb.distance === 1 && verb.anchor === last.anchor && AUX_ONLY.test(text.question.slice(last.start + last.text.length, verb.start)))
    return text.words.some((x) => x.anchor === verb.anchor && x.chainNode !== undefined) ? undefined : 'subject';
  if (!verb || verb.kind !== 'content' || verb.side !== 'right' || verb.distance !== 1 || verb.anchor !== last.anchor) return undefined;
  const between = text.question.slice(last.start + last.text.length, verb.start);
  if (!AUX_THEN_MENTION.test(between) || /['’]s?\s*$/.test(between)) return undefined;
  const object = text.words[at + 2];
  // "which city does [F] depart from": the noun is the object of the preposition the question ends with.
  if (!object && STRANDED.test(text.question.slice(verb.start + verb.text.length))) return undefined;
  return !object || text.question.slice(verb.start + verb.text.length, object.start).trim() !== '' ? 'object' : undefined;
}

/** A preposition ending the question right after its verb. */
const STRANDED = /^\s+(?:in|at|from|to|on|for|with|into|by|of|about|under|through)\s*[?.!]*\s*$/i;

/** Nothing but auxiliaries between a noun and its verb (not do-support: "which city does [flight] F …" asks of F). */
const AUX_ONLY = /^\s+(?:(?:have|has|had|is|are|was|were|will|would|can|could)\s+)*$/i;
/** An auxiliary, then something that is no determiner (the mention). */
const AUX_THEN_MENTION = /^\s+(?:do|does|did|has|have|had)\s+(?!(?:a|an|the|any|some|no|its|their|his|her)\s)\S/i;

/** Whether do / does / did stands between the wh-word and `first`. */
function doSupportBefore(text: QuestionText, wh: QuestionWord, first: QuestionWord): boolean {
  if (text.question === undefined || first.start < wh.start) return false;
  return /\b(?:do|does|did)\b/i.test(text.question.slice(wh.start + wh.text.length, first.start));
}

/** The noun of an "of" / possessive chain farthest from its mention (the first of equals). */
function lastChainNode(text: QuestionText): QuestionWord | undefined {
  let last: QuestionWord | undefined;
  for (const x of text.words) if (x.chainNode && (!last || x.chainNode > last.chainNode!)) last = x;
  return last;
}

/** The wh-word an answer type is read by, the activity key for "what did X do" (see whClasses). */
export function whKey(type: AnswerType): string | undefined {
  return type.activity ? ACTIVITY_KEY : type.wh;
}

/** Do-support, then "do" itself as the main verb: "what did X do for a living", "what does X do". */
const DO_MAIN_VERB = /\b(?:do|does|did)\b.*\bdo\b/i;
/** The key landingSupport reads an asked-for activity by (see whClasses). */
export const ACTIVITY_KEY = 'do';

/**
 * Support the answer phrase gives the last hop: its head noun naming what the hop lands on, or a classification
 * noun when the hop lands on categories.
 */
function lastHopSupport(
  answer: AnswerShared,
  steps: readonly SchemaStep[],
  ctx: AnalysisContext,
  w: AnalysisWeights,
  ends?: ReadonlySet<number>,
  prevEnds?: ReadonlySet<number>,
): number {
  // A hop straight back over the relation just walked (r⁻¹ after r) lands on things of the kind the walk started
  // from: the answer noun names both, so it says nothing for the hop back; only a reciprocal cue asks for it.
  if (isReciprocal(steps, steps.length - 1) && !answer.cued) return 0;
  const step = steps[steps.length - 1];
  const { phrase } = answer;
  // "where", "when" with no noun: the hop that lands on places or times ("where … based" / headquartered_in).
  // "what did X do": the hop that lands on activities (an occupation).
  const key = whKey(answer.type);
  const typed = key === ACTIVITY_KEY || key === 'where' || key === 'when' ? key : undefined;
  if (phrase.words.length === 0 && typed && ctx.landingSupport) {
    // The hop before already lands on places / times: "where is X's father buried" is answered there (the burial
    // place), not by walking on to where that place lies.
    if (steps.length >= 2 && ctx.landingSupport(typed, steps[steps.length - 2], prevEnds) >= 1) return 0;
    return w.whLanding * ctx.landingSupport(typed, step, ends);
  }
  // After a copula the nouns are aligned like other words (neutral).
  if (phrase.words.length > 0 && phrase.category && !ctx.isNoun && ctx.categorical) return w.categoryNoun * ctx.categorical(step.relation, step.direction);
  if (!phrase.determiner || phrase.words.length === 0 || !ctx.isNoun) return 0;
  let s = 0;
  if (phrase.category && ctx.categorical) s = Math.max(s, w.categoryNoun * ctx.categorical(step.relation, step.direction));
  // The head noun, or the classification noun itself ("what class of drug": class, never drug).
  const noun = phrase.category ? phrase.words[0].text : phrase.words[phrase.words.length - 1].text;
  // "how many pages does X have": a number the graph holds under a label naming the noun (page_count) is the count.
  if (answer.counting && ends && literalShare(ends, ctx, ['number']) >= 0.5) return countNamed(answer, step, ctx) ? Math.max(s, w.landingSupport * STEM_MATCH) : s;
  // "which companies did [X] acquire": what the verb's hop lands on is the answer, not what those things relate to
  // ("companies" is near "industry" for the vectors, "records" shares a stem with recorded_at).
  // Unless a subject is the very role the last hop's label lands on ("which genres influenced X": the genre of what
  // influenced X); an object is what the verb reaches ("which conference series does X sponsor").
  if (answer.verbArgument && steps.length >= 2 && !(answer.verbArgument === 'subject' && (ctx.namesRoleNoun?.(noun, step) ?? false))) return s;
  if (ctx.landingSupport && !answer.typesChainNoun) {
    // "in which country was X born": a birthplace named as a city lies within what is asked for, further on…
    if (ends && ctx.liesBelow?.(noun, ends)) return s;
    // …and the hop out of such places to another is where the noun lands, however little the label says so.
    const beyond = steps.length >= 2 && prevEnds !== undefined && (ctx.liesBelow?.(noun, prevEnds) ?? false);
    const found = ctx.landingSupport(noun, step, ends);
    const here = beyond && found > 0 ? Math.max(found, LANDING_RELATED) : found;
    // As for "where": a noun that names what the hop before lands on as well ("in which place did X die": the place
    // of death) is answered there, not by walking on to where that lies.
    // So is a noun only faintly like the last hop's label ("which venue published X": held_in, below a kind of the
    // label's verb noun) when the hop before lands on its class already (published_in: a place).
    if (here > 0 && steps.length >= 2 && prevEnds && !isReciprocal(steps, steps.length - 2) && !beyond) {
      const prev = steps[steps.length - 2];
      if (ctx.landingSupport(noun, prev, prevEnds) >= here || (here < LANDING_RELATED && (ctx.landsOnClass?.(noun, prev) ?? false))) return s;
      // And a place that lies within others ("born in which town"), however well it names the last hop as a kind of
      // its verb noun (town / located_in: a location): it is where the hop before lands, not what holds that.
      if (here <= LANDING_RELATED && (ctx.landsOnLeafPlace?.(noun, prev) ?? false)) return s;
    }
    s = Math.max(s, w.landingSupport * here);
  }
  return s;
}

/**
 * Monotone alignment of words to hops by dynamic programming: words keep their reading order, hops their chain
 * order; every word is explained by exactly one hop; unsupported hops pay a penalty. A hop remembers the phrase
 * that first supported it: a supporting word from another phrase on the same hop ("the films written by the
 * writer of X" read as one written_by hop) counts only `separateRepeat` of its score, since two separate mentions of
 * a relation usually mean walking it twice (there and back).
 */
export function alignWords(
  words: readonly QuestionWord[],
  steps: readonly SchemaStep[],
  ctx: AnalysisContext,
  w: AnalysisWeights,
  last = 0,
  first = 0,
  through?: readonly boolean[],
): Alignment {
  const L = steps.length;
  const recip = steps.map((_, j) => isReciprocal(steps, j));
  // Steps of other relations that hold the same facts (a child stored as "mother" of it and as "has_child" of hers):
  // a word naming either names both.
  const aliases = steps.map((s) => ctx.aliases?.(s) ?? []);
  const hopScore = (word: QuestionWord, j: number): number => {
    let v = hopScoreOn(word, j, steps[j]);
    // Through an alias only a word that names the alias above all else ("daughter" / has_child for mother<), not one
    // the vectors put near it by chance ("married" / mother, under spouse_of).
    if (word.kind !== 'cue')
      for (const a of aliases[j]) if (ctx.matcher.contrast(word.text, a.relation) >= ctx.matcher.bestContrast(word.text) - ALIAS_BEST_GAP) v = Math.max(v, ALIAS_SHARE * hopScoreOn(word, j, a));
    return v;
  };
  const hopScoreOn = (word: QuestionWord, j: number, step: SchemaStep): number => {
    if (word.kind === 'cue') {
      if (!recip[j]) return 0;
      // "share writers with": the cue licenses walking back the relation its object names, when it names one, in
      // proportion to how well the object fits this relation against the relation it fits best.
      const obj = word.cueObject;
      const best = obj ? ctx.matcher.bestContrast(obj) : 0;
      if (!obj || best < w.supportMin) return w.reciprocalCue;
      return w.reciprocalCue * Math.max(0, Math.min(1, ctx.matcher.contrast(obj, step.relation) / best));
    }
    // The n-th noun of an "of" / possessive chain lands n hops (or more) from the anchor: it cannot name an earlier
    // hop ("the father of the father of X" is two hops, each noun naming one).
    // "the place of birth of X" over a label reading "place of birth": the two chain nouns are that one label's words.
    if (word.chainNode !== undefined && j < word.chainNode - 1 && !sameLabelNodes(word, words, step.relation, ctx)) return 0;
    const c = ctx.matcher.contrast(word.text, step.relation);
    // A noun of an "of" / possessive chain names what its hop lands on: it supports that hop unless its class
    // contradicts the hop's landing ("the birthplace of the director of X": director, then birthplace).
    if (word.chainNode === j + 1) {
      // …walked the way the label names it: a noun naming the end the hop starts from counts half (the hop is likely
      // walked backwards, unless the relation holds both ways).
      if (ctx.namesStart?.(word.text, step)) return c * 0.5;
      // A person noun that names another relation ("X's daughter" / has_child) is not this hop's landing by default.
      const elsewhere = c < w.supportMin && ctx.matcher.bestContrast(word.text) >= w.supportMin && (ctx.namesPerson?.(word.text) ?? false);
      if (!elsewhere && !(ctx.landingClash?.(word.text, step) ?? false)) return Math.max(c, w.supportMin);
    }
    return c;
  };
  // Walking a relation there and back is cheap only when the question says so ("same", "co-", "also"); otherwise the
  // hop back needs words of its own like any other.
  const cued = words.some((x) => x.kind === 'cue');
  // A hop into a mediator node is half of one relation: the hop out of it pays for both when unsupported.
  const miss = (j: number): number => (through?.[j] ? 0 : recip[j] && cued ? w.missingReciprocal : w.missingHop);
  // State: current hop j and who supports it: -1 nobody yet, NEUTRAL a cue or answer noun (no phrase of its own),
  // else the slot of its first supporting word (its phrase, role-noun bit, side and label word: see `marks`). Value: best score; support kept alongside for reporting.
  type Cell = { v: number; sup: number[] };
  let dp: Map<number, Cell>[] = Array.from({ length: L }, () => new Map());
  // The anchor's type noun naming its role in the first hop ("the director [X]" / directed_by⁻¹) supports that hop.
  const firstHeld = first >= w.supportMin;
  const sup0 = new Array<number>(L).fill(0);
  if (firstHeld) sup0[0] = first;
  dp[0].set(firstHeld ? NEUTRAL : -1, { v: firstHeld ? first : 0, sup: sup0 });
  let prev: QuestionWord | undefined;
  for (const word of words) {
    // The noun a relative clause is about, read right after the clause's verb: it is what that verb's hop lands on,
    // never a hop of its own ("the company that makes X": no parent company in between).
    const bound = word.clauseVerb !== undefined && prev?.start === word.clauseVerb && (ctx.isNoun?.(word.text) ?? true);
    prev = word;
    const next: Map<number, Cell>[] = Array.from({ length: L }, () => new Map());
    const scores = steps.map((_, k) => hopScore(word, k));
    // Per hop, what this word would record as the hop's first supporting word (see the slot below).
    const marks = steps.map((step, k) => {
      if (word.kind !== 'content' || scores[k] < w.supportMin) return 0;
      const role = (ctx.isNoun?.(word.text) ?? false) && (ctx.landingSupport?.(word.text, step) ?? 0) >= w.supportMin ? 512 : 0;
      return role + (word.side === 'left' ? 0 : 256) + ctx.matcher.labelWord(word.text, step.relation);
    });
    const neutral = word.kind === 'cue' || word.phrase < 0;
    // A word clearly names a relation when it shares a stem with a label word or singles one label out.
    const content = !neutral && word.kind === 'content' && w.unexplainedWord > 0;
    const clear = content ? ctx.matcher.bestContrast(word.text) : 0;
    // A noun of an "of" / possessive chain naming a person ("the wife of X", "X's daughter") is a hop of its own: a
    // chain that leaves it unexplained skipped that person.
    // A compound's modifier naming a relation ("the burial place of X") says which hop the noun is: a reading that leaves
    // it unexplained walked another one (place of birth).
    const min = (word.chainNode !== undefined && (ctx.namesPerson?.(word.text) ?? false)) || word.chainModifier ? w.supportMin : w.unexplainedMin;
    // A verb WordNet ties to a label word ("marry": married person, spouse) names it as clearly, however close the
    // vectors put it to other labels too (married: mother, father). The matcher keeps float32s, so a tie reads just
    // under STEM_MATCH and the check after it fires only for the label word itself (measured that way; kept).
    const raw = content ? ctx.matcher.bestRaw(word.text) : 0;
    const tied = content && ctx.isNoun !== undefined && !ctx.isNoun(word.text) && raw >= LEXICAL_TIE;
    const unexplained = content && (clear >= min || tied || raw >= STEM_MATCH) ? w.unexplainedWord * Math.max(0, clear) : 0;
    for (let j = 0; j < L; j++)
      for (const [owner, cell] of dp[j]) {
        // Move to hop k ≥ j (paying for hops left unsupported), then explain the word with hop k.
        let carried = cell.v;
        for (let k = j; k < (bound ? j + 1 : L); k++) {
          if (k > j) carried -= k - 1 === j ? (owner !== -1 ? 0 : miss(j)) : miss(k - 1);
          // A bound noun names what its verb's hop lands on, as a chain noun does, unless its class says otherwise.
          const s = bound && !(ctx.landingClash?.(word.text, steps[k]) ?? false) ? Math.max(scores[k], w.supportMin) : scores[k];
          // Two different words of one label ("what caused the death of X" / cause of death) name one hop: they do
          // not walk that relation twice (the same word twice may: "the father of the father of X").
          if (k === j + 1 && owner >= 0 && sameStep(steps[j], steps[k]) && (owner & 255) !== (marks[k] & 255) && s >= w.supportMin) continue;
          const held = k === j ? owner : -1;
          const strong = s >= w.supportMin;
          let v = carried + s - (strong ? 0 : unexplained);
          let slot = held;
          if (strong && !neutral) {
            // Slot: phrase·1024 + 512 if the word is a noun naming what the hop lands on + 256 if right of the mention
            // + the label word it matches (< 256) — of the hop's first supporting word.
            const mark = marks[k];
            const role = mark & 512;
            // A phrase on the other side of the mention naming ANOTHER word of the same label ("what caused X to die"
            // / cause of death: a verb phrase around its subject) names the hop once; another phrase naming the same
            // word, or on the same side ("the films written by the writer of X", "starred by the actors in X"), or a
            // noun naming the hop's landing ("the films starred by X actors": the actors are a hop of their own), is a
            // second hop.
            const once = !(held & 512) && !role && ((held & 511) >> 8 !== (mark & 511) >> 8 && (held & 255) !== (mark & 255));
            if (held >= 0) v = carried + s * (word.phrase === held >> 10 || once ? w.repeatedMention : w.separateRepeat);
            else slot = word.phrase * 1024 + mark;
          } else if (strong && held === -1) slot = NEUTRAL;
          const cur = next[k].get(slot);
          if (!cur || v > cur.v) {
            const sup = cell.sup.slice();
            sup[k] = Math.max(sup[k], s);
            next[k].set(slot, { v, sup });
          }
        }
      }
    dp = next;
  }
  // The answer phrase's support of the last hop (`last`): counted once, and it stands in for the last hop's words.
  const lastHeld = last >= w.supportMin;
  const missAt = (k: number): number => (k === L - 1 && lastHeld ? 0 : miss(k));
  let best: Alignment = { score: -Infinity, support: [] };
  for (let j = 0; j < L; j++)
    for (const [owner, cell] of dp[j]) {
      let v = cell.v - (owner !== -1 ? 0 : missAt(j)) + (lastHeld ? last : 0);
      for (let k = j + 1; k < L; k++) v -= missAt(k);
      if (v > best.score) {
        const sup = lastHeld ? cell.sup.slice() : cell.sup;
        if (lastHeld) sup[L - 1] = Math.max(sup[L - 1], last);
        best = { score: v, support: sup };
      }
    }
  return best;
}

const sameStep = (a: SchemaStep, b: SchemaStep): boolean => a.relation === b.relation && a.direction === b.direction;

/**
 * Whether a chain noun and the chain noun before it (one hop nearer the anchor) are two different words of one label
 * ("place" and "birth" of "place of birth"; not "father" twice).
 */
function sameLabelNodes(word: QuestionWord, words: readonly QuestionWord[], relation: number, ctx: AnalysisContext): boolean {
  const inner = words.find((x) => x.anchor === word.anchor && x.chainNode === word.chainNode! - 1);
  const m = ctx.matcher;
  return (
    !!inner &&
    m.raw(word.text, relation) >= STEM_MATCH &&
    m.raw(inner.text, relation) >= STEM_MATCH &&
    m.labelWord(word.text, relation) !== m.labelWord(inner.text, relation)
  );
}

/**
 * Words naming the answer's type: the wh-word itself when it carries a type ("who", "where", "when") and the
 * content words right after the wh-word ("which city", "what conditions").
 */
export function answerNouns(text: QuestionText): string[] {
  const whAt = text.words.findIndex((w) => w.kind === 'wh');
  if (whAt < 0) return [];
  const wh = text.words[whAt];
  const typed = wh.text === 'who' || wh.text === 'whom' || wh.text === 'where' || wh.text === 'when';
  // "where are the hospitals … located": the noun is the subject; the answer is a place.
  if (wh.text === 'where' || wh.text === 'when') return [wh.text];
  return [...(typed ? [wh.text] : []), ...answerNounWords(text).map((x) => x.text)];
}

/** The content words of answerNouns (after the wh-word). */
function answerNounWords(text: QuestionText): QuestionWord[] {
  const out: QuestionWord[] = [];
  const whAt = text.words.findIndex((w) => w.kind === 'wh');
  if (whAt < 0) return out;
  const wh = text.words[whAt];
  // "in which city is the hospital where X works": a wh-phrase a preposition governs is where (or when) the rest of
  // the question is; the noun after its copula is the subject, not another name of the answer.
  const governed = text.question !== undefined && GOVERNING.test(text.question.slice(0, wh.start));
  // Content words right after the wh-word ("which side effects", "who is listed as screenwriter"), never past a
  // topic mention: in "what movies did X act in", "act" is the relation, not the answer's type.
  let prev = wh;
  for (let i = whAt + 1; i < text.words.length && i <= whAt + 2; i++) {
    const w = text.words[i];
    if (governed && out.length && COPULA.test(text.question!.slice(prev.start, w.start))) break;
    const crossesMention = w.side === 'right' && (prev.side === 'left' || prev.anchor !== w.anchor) && !(out.length === 0 && modifierMention(prev, w));
    if (w.kind !== 'content' || (w.start - wh.start > 40 && !modifierMention(prev, w)) || crossesMention) break;
    // Participles name the relation, not the type ("the films that are directed by", "who is listed as").
    if (PARTICIPLE.test(w.text)) continue;
    // "which hospital employs the PI of X": the verb names a relation, never the answer's type; "who supplies X": a
    // wh-word that modifies no noun is the subject of the verb right after it.
    if ((out.length || TYPED_WH.has(wh.text)) && verbBeforeObject(text, i)) break;
    out.push(w);
    prev = w;
  }
  return out;
}

const PARTICIPLE = /^[a-z]{3,}(ed|ing)$/;
/** A preposition right before the wh-word ("in which city", "from what country"). */
const GOVERNING = /(?:^|[^\p{L}\p{N}])(?:in|at|from|on|into|within|near|under|during|through)\s+$/iu;
const COPULA = /\b(?:is|are|was|were)\b/i;

/**
 * "which [aminosalicylate] drugs", "what [Marvel] films": a mention right between the wh-word and the next word
 * modifies that word, which stays the wh-phrase's noun (the mention is a constraint, the noun the answer's type).
 */
function modifierMention(wh: QuestionWord, w: QuestionWord): boolean {
  return wh.kind === 'wh' && wh.side === 'left' && wh.distance === 1 && w.side === 'right' && w.distance === 1 && w.anchor === wh.anchor;
}
/** Prepositions that open a complement of the wh-phrase's noun ("which position in football"). */
const PP_OPENERS = new Set(['in', 'of', 'for', 'on', 'at']);
/** Wh-words that name the answer's type themselves and never modify a noun. */
const TYPED_WH = new Set(['who', 'whom', 'where', 'when', 'why']);

/**
 * The wh-phrase's nouns ("which side effects", "what are the movies", "what kind of film"): the content words of
 * one phrase right after the wh-word, all nouns (a verb or participle there means the wh-word is the subject and
 * what follows the relation: "who directed the movies"); with a classification noun, its "of" complement too.
 */
export function whPhraseNouns(text: QuestionText, isNoun?: (w: string) => boolean): QuestionWord[] {
  const out: QuestionWord[] = [];
  const whAt = text.words.findIndex((w) => w.kind === 'wh');
  if (whAt < 0) return out;
  let prev = text.words[whAt];
  const typed = TYPED_WH.has(prev.text);
  for (let i = whAt + 1; i < text.words.length && out.length < 3; i++) {
    const w = text.words[i];
    // "who manufactures", "where was X born": a typed wh-word right before a word makes it a verb.
    if (typed && out.length === 0 && text.question !== undefined && text.question.slice(prev.start + prev.text.length, w.start).trim() === '') break;
    // "film co-writers": a cue word inside the phrase is part of the compound.
    if (w.kind === 'cue' && out.length && w.phrase === out[0].phrase && text.question?.[w.start + w.text.length] === '-') {
      prev = w;
      continue;
    }
    const crossesMention = w.side === 'right' && (prev.side === 'left' || prev.anchor !== w.anchor) && !(out.length === 0 && modifierMention(prev, w));
    if (w.kind !== 'content' || (w.start - prev.start > 24 && !modifierMention(prev, w)) || crossesMention) break;
    // Nouns of one phrase stand side by side ("side effects"); an auxiliary between ends it ("which position does").
    const gap = text.question?.slice(prev.start + prev.text.length, w.start).trim() ?? '';
    if (out.length && w.phrase === out[0].phrase && gap !== '' && gap !== '-') break;
    if (out.length && w.phrase !== out[0].phrase) {
      // "what kind of film": the category's complement names what is classified.
      const between = text.question?.slice(prev.start + prev.text.length, w.start).trim().toLowerCase();
      if (!(CATEGORY_NOUNS.has(out[0].text) && between === 'of')) break;
    }
    if (PARTICIPLE.test(w.text) || (isNoun && !isNoun(w.text))) break;
    // "which company makes the drug", "the company that manufactures [X]": an -s form followed by an object (an
    // article, a pronoun, a mention) is the verb, not part of the noun phrase.
    if (out.length && verbBeforeObject(text, i)) break;
    out.push(w);
    prev = w;
  }
  return out;
}

/**
 * Whether the i-th word is an -s form followed by an object (an article, a pronoun, a mention): then it is the verb
 * ("which company makes the drug", "the company that manufactures [X]"), not part of the noun phrase before it. After
 * a plural noun, right before a mention, the verb has no -s ("which bands cite [X]").
 */
function verbBeforeObject(text: QuestionText, i: number): boolean {
  const w = text.words[i];
  if (text.question === undefined) return false;
  const before = text.words[i - 1];
  const plural = !!before && before.kind === 'content' && /[^su]s$/.test(before.text) && text.question.slice(before.start + before.text.length, w.start).trim() === '';
  // Only right before a mention: "which companies sponsor the trials that …" keeps its old reading, whose sponsor
  // names the last hop from the far end of the question.
  if (!/s$/.test(w.text)) return plural && w.side === 'left' && w.distance === 1;
  const next = text.words[i + 1];
  const after = text.question.slice(w.start + w.text.length).trim().toLowerCase().split(/[\s,?.!]+/)[0] ?? '';
  const mentionNext = w.side === 'left' && w.distance === 1;
  return (
    OBJECT_OPENERS.has(after) ||
    mentionNext ||
    (!!next && next.side === 'right' && w.side === 'left' && next.anchor === w.anchor && text.question.slice(w.start + w.text.length, next.start).trim().split(/\s+/).length <= 1)
  );
}

/** Words that open a verb's object (after an -s form they mark it as a verb). */
const OBJECT_OPENERS = new Set(['the', 'a', 'an', 'this', 'that', 'these', 'those', 'his', 'her', 'its', 'their', 'our', 'my', 'your']);

function answerTypeScore(nouns: readonly string[], ends: ReadonlySet<number>, ctx: AnalysisContext, w: AnalysisWeights): number {
  if (nouns.length === 0) return 0;
  const roles = ctx.valueRoles(ends);
  let best = 0;
  for (const [rel, share] of roles) {
    if (share < 0.3) continue;
    for (const n of nouns) best = Math.max(best, ctx.matcher.contrast(n, rel));
  }
  return Math.max(0, best - w.answerTypeMin);
}

/**
 * Answer-type evidence read from the candidates themselves: each chain's ends are compared with the answer nouns
 * (ctx.candidateTypeSimilarity), and a chain gains or loses by how much better or worse its ends fit than the
 * question's typical chain (the median), so nouns that fit everything ("films" on a film graph) change nothing.
 */
function applyCandidateType(ranked: ScoredChain[], text: QuestionText, ctx: AnalysisContext, w: AnalysisWeights): void {
  const nouns = answerNouns(text);
  const literalWrong = personOrPlaceQuestion(text);
  if (literalWrong) for (const c of ranked) c.score -= w.literalMismatch * literalShare(c.ends, ctx);
  if (!ctx.candidateTypeSimilarity || nouns.length === 0 || w.candidateType === 0) return;
  const own = ranked.map((c) => ctx.candidateTypeSimilarity!(nouns, c.ends));
  // "where": readings whose hop to the answer is the same relation land on things of one kind, whichever roles these few ends
  // happen to play besides (a player's country is where he is from, whether or not a club of the graph lies in it).
  // Each takes the best evidence of its kind. Nouns are read from names, which do differ within a kind.
  const lastKey = (c: ScoredChain): string => `${c.steps[c.answerPosition - 1].relation}${c.steps[c.answerPosition - 1].direction}`;
  let sims = own;
  if (nouns.includes('where')) {
    const byKind = new Map<string, number>();
    ranked.forEach((c, i) => byKind.set(lastKey(c), Math.max(byKind.get(lastKey(c)) ?? -Infinity, own[i])));
    sims = ranked.map((c) => byKind.get(lastKey(c))!);
  }
  const sorted = [...sims].sort((a, b) => a - b);
  const median = sorted[sorted.length >> 1];
  ranked.forEach((c, i) => (c.score += w.candidateType * (sims[i] - median)));
}

/**
 * One relation stored both ways around an anchor ("Moscow place of birth X" beside "Y place of birth Moscow"), with
 * ends of one kind: which way a label points is how the graph was written, not what the question asks, so the two
 * one-hop chains are one reading. Both take the better score; the facts stated with the anchor as their subject
 * come first (the graph's own statements about the anchor), the other direction right after.
 */
function mergeTwinDirections(ranked: ScoredChain[], ctx: AnalysisContext): void {
  if (!ctx.sameKind) return;
  const byKey = new Map<string, ScoredChain>();
  for (const c of ranked) if (c.anchors.length === 1 && c.steps.length === 1) byKey.set(`${c.anchors[0]}:${c.steps[0].relation}${c.steps[0].direction}`, c);
  for (const out of byKey.values()) {
    if (out.steps[0].direction !== 'out') continue;
    const back = byKey.get(`${out.anchors[0]}:${out.steps[0].relation}in`);
    if (!back || !ctx.sameKind(out.ends, back.ends, out.anchors[0], out.steps[0].relation)) continue;
    const best = Math.max(out.score, back.score);
    out.score = best;
    back.score = best - TWIN_GAP;
    back.twin = true;
  }
}

/** How far the other direction of a twin reading ranks below the stated one (a tie-break, not evidence). */
const TWIN_GAP = 1e-3;

/** "who"/"whom"/"where" questions: the answer is a person or a place, never a date or a number. */
function personOrPlaceQuestion(text: QuestionText): boolean {
  const wh = text.words.find((x) => x.kind === 'wh');
  return !!wh && (wh.text === 'who' || wh.text === 'whom' || wh.text === 'where');
}

function timeQuestion(text: QuestionText): boolean {
  return text.words.some((w) => w.kind === 'wh' && TIME_WH.has(w.text));
}

function literalShare(ends: ReadonlySet<number>, ctx: AnalysisContext, kinds: readonly LiteralKind[] = ['date', 'number']): number {
  let lit = 0;
  let n = 0;
  for (const e of ends) {
    const k = ctx.literalOf(e);
    if (k && kinds.includes(k)) lit++;
    if (++n >= 200) break;
  }
  return n ? lit / n : 0;
}

/**
 * "How many …" counts things, or reads a number the graph holds under a label naming what is counted (page_count for
 * "pages"): never a date (the papers, not their years), nor another number (a trial's enrollment for "trials").
 */
function countedLiterals(answer: AnswerShared, last: SchemaStep, ends: ReadonlySet<number>, ctx: AnalysisContext, w: AnalysisWeights): number {
  if (!answer.counting) return 0;
  return w.timeAnswer * (literalShare(ends, ctx, ['date']) + (countNamed(answer, last, ctx) ? 0 : literalShare(ends, ctx, ['number'])));
}

/** The label of `step` names what a "how many" question counts, by a shared stem or WordNet ("pages" / page_count). */
function countNamed(answer: AnswerShared, step: SchemaStep, ctx: AnalysisContext): boolean {
  const noun = answer.phrase.words.at(-1)?.text;
  return !!noun && ctx.matcher.raw(noun, step.relation) >= LEXICAL_TIE;
}

function toSteps(steps: readonly SchemaStep[], support: number[], ctx: AnalysisContext): IndicatorStep[] {
  return steps.map((s, j) => ({
    relation: s.relation,
    direction: s.direction,
    visible: ctx.visibleRelation(s.relation),
    confidence: Math.max(0, Math.min(1, support[j] ?? 0)),
  }));
}

const flip = (d: Direction): Direction => (d === 'out' ? 'in' : 'out');

/** Scores one anchor's reachable chains. */
function scoreSingle(
  text: QuestionText,
  anchorIndex: number,
  anchor: number,
  paths: SchemaPath[],
  ctx: AnalysisContext,
  w: AnalysisWeights,
  otherAnchors: number,
  answer: AnswerShared,
): ScoredChain[] {
  // Words of other (unused) anchors still have to be explained: append them on the answer side.
  const extra = text.words.filter((x) => x.anchor !== anchorIndex && x.kind !== 'wh');
  const orders = orderedWords(text, anchorIndex, ctx.isNoun).map((o) => [...o, ...extra]);
  const time = timeQuestion(text);
  const nouns = answer.nouns;
  const out: ScoredChain[] = [];
  const prefixes = prefixEnds(paths);
  const { cued } = answer;
  const returning = new Set(paths.filter((p) => p.returns).map((p) => chainKey(p.steps)));
  const beyond = answerBeyondChain(text, anchorIndex, anchor, answer, ctx);
  // "who plays in the same club as [A]": the club is A's, the answer what shares it, a hop or more beyond.
  const shares = text.sharesWith?.[anchorIndex] ?? false;
  for (const p of paths) {
    if (p.ends.size === 0) continue;
    const through = mediatorSteps(p, prefixes, ctx);
    const hops = hopCount(p.steps.length, through);
    // The answer noun names a hop beyond the chain's last noun: a chain that ends there leaves it unexplained, unless
    // the noun names what that very hop lands on too (its landing support).
    let last = lastHopSupport(answer, p.steps, ctx, w, p.ends, prefixes.get(chainKey(p.steps.slice(0, -1))));
    const short = (beyond !== undefined && hops <= beyond.nodes && (last < w.supportMin || !!answer.phrase.possessed)) || (shares && hops <= 1);
    if (short) last = 0;
    const a = alignBest(orders, p.steps, ctx, w, last, firstHopSupport(answer, anchorIndex, p.steps[0], ctx, w), through);
    // What shares A's N is reached by walking back the hop that reached N, and is the answer.
    const notShared = shares && !short && (hops !== 2 || !walksBackHalfway(p.steps));
    let score = a.score - (short || notShared ? w.missingHop : 0) - w.lengthPenalty * hops - w.unusedAnchor * otherAnchors;
    if (ctx.mediator?.(p.ends)) score -= w.mediatorEnd;
    if (ctx.namedInQuestion && allNamed(p.ends, anchor, ctx.namedInQuestion)) score -= w.namedAnswer;
    // Asking for the anchor's siblings ("the other films of its director") needs words that say so.
    if (!cued) score -= w.returnToAnchor * walksBack(p, returning, a.support, w);
    // A last hop back over the relation just walked lands on things like the ones the walk came from; when the answer
    // noun names what the hop before landed on ("which gameplay mode is the game that …": the mode), it is unasked-for.
    if (!cued && backToSiblings(p.steps, answer, ctx, w, prefixes, p.ends)) score -= w.missingHop;
    // There and back through a number or a date ("the people whose vote share is X's") is asked for only with a cue
    // ("released in the same year as").
    if (!cued && throughLiteral(p.steps, prefixes, ctx)) score -= w.missingHop;
    // The anchor's role for the verb beside its mention: a first hop over that verb's relation the other way reads it backwards.
    const voiced = ctx.voiceDirection?.(p.steps[0].relation, anchorIndex);
    if (voiced && voiced !== p.steps[0].direction) score -= w.voiceMismatch;
    score -= w.labelUncovered * uncovered(p.steps, answer, ctx, w);
    score -= w.markedUnnamed * unnamedMarked(p.steps, answer, ctx);
    score += typeFitScore(answer.type, p.ends, ctx, w, p.steps[p.steps.length - 1]);
    // The answer noun against the relations the ends are values of: what landing support reads more strictly.
    if (!landed(answer, ctx)) score += w.answerType * answerTypeScore(nouns, p.ends, ctx, w);
    score += w.anchorPrior * ctx.anchorShare(anchor, p.steps[0]);
    if (time) score += w.timeAnswer * (2 * literalShare(p.ends, ctx) - 1);
    score -= countedLiterals(answer, p.steps[p.steps.length - 1], p.ends, ctx, w);
    out.push({ anchors: [anchor], steps: toSteps(p.steps, a.support, ctx), answerPosition: p.steps.length, ends: p.ends, score });
  }
  return out;
}

/**
 * Whether the chain's last hop walks back over the one before it while an answer noun names what that one landed on
 * better than what the walk back lands on.
 */
function backToSiblings(steps: readonly SchemaStep[], answer: AnswerShared, ctx: AnalysisContext, w: AnalysisWeights, prefixes: ReadonlyMap<string, ReadonlySet<number>>, ends: ReadonlySet<number>): boolean {
  const L = steps.length;
  if (L < 2 || !isReciprocal(steps, L - 1) || !ctx.landingSupport) return false;
  const before = prefixes.get(chainKey(steps.slice(0, L - 1)));
  return answer.nouns.some((n) => {
    const there = ctx.landingSupport!(n, steps[L - 2], before);
    return there >= w.supportMin && there > ctx.landingSupport!(n, steps[L - 1], ends);
  });
}

/** Whether the chain walks a relation to literal values and straight back from them. */
function throughLiteral(steps: readonly SchemaStep[], prefixes: ReadonlyMap<string, ReadonlySet<number>>, ctx: AnalysisContext): boolean {
  for (let j = 1; j < steps.length; j++) {
    if (!isReciprocal(steps, j)) continue;
    const middle = prefixes.get(chainKey(steps.slice(0, j)));
    if (middle && literalShare(middle, ctx) >= 0.5) return true;
  }
  return false;
}

/** Whether every end is an entity the question names, other than the anchor (stops at the first that is not). */
function allNamed(ends: ReadonlySet<number>, anchor: number, named: (entity: number) => boolean): boolean {
  for (const e of ends) if (e === anchor || !named(e)) return false;
  return ends.size > 0;
}

/** Landing support of a noun WordNet relates to a role word or derives from the label's verb (a kind of it). */
export const LANDING_RELATED = 0.7;

/** Words that may join an answer noun to the chain it names ("which city is the birthplace of A"). */
const IDENTITY_GLUE = new Set(['is', 'are', 'was', 'were', 'the', 'a', 'an']);

/**
 * Whether the answer noun ("which league") names something one hop or more beyond the anchor's "of" / possessive chain
 * ("what league is [A]'s club in": A → club → league, "which province contains the birthplace of A"), with the
 * chain's noun count. The two are one thing when a bare copula joins them and nothing follows ("which city is the
 * birthplace of A").
 */
function answerBeyondChain(text: QuestionText, anchorIndex: number, anchor: number, answer: AnswerShared, ctx: AnalysisContext): { nodes: number } | undefined {
  const span = text.chainSpans?.[anchorIndex];
  const { phrase } = answer;
  if (!span || text.question === undefined || text.answerSide.length !== 1 || !phrase.determiner || phrase.category || !phrase.words.length) return undefined;
  const head = phrase.words[phrase.words.length - 1];
  if (head.chainNode !== undefined) return undefined;
  let last: QuestionWord | undefined;
  for (const x of text.words) if (x.anchor === anchorIndex && x.chainNode && (!last || x.chainNode > last.chainNode!)) last = x;
  // "the measurement system of [SI]": a lone chain noun naming what the anchor itself is names no hop.
  if (!last || (last.chainNode === 1 && (ctx.namesAnchorRole?.(last.text, anchor) ?? false))) return undefined;
  const q = text.question;
  // Folded as the question's words are (case, diacritics), so the complement's words compare equal.
  const wordsIn = (from: number, to: number): string[] => (q.slice(from, to).match(/[\p{L}\p{N}]+/gu) ?? []).map((x) => tokenizeText(x)[0] ?? x.toLowerCase());
  const first = phrase.words[0];
  const headEnd = head.start + head.text.length;
  // The wh-phrase before the chain ("what league is A's club in") or after it ("A's club is in which league").
  const before = headEnd <= span.start;
  const between = before ? wordsIn(headEnd, span.start) : wordsIn(span.end, first.start);
  const after = before ? wordsIn(span.end, q.length) : wordsIn(headEnd, q.length).filter((x) => !phrase.complement.some((c) => c.text === x));
  const identity = between.every((x) => IDENTITY_GLUE.has(x)) && after.length === 0;
  return identity ? undefined : { nodes: last.chainNode! };
}

/**
 * Steps of a chain that walk straight back to its anchor and count as unasked-for: the last one always (the
 * answers would be the anchor's siblings), an inner one when no word supports it ("the films written by the writer
 * of X" names its walk back).
 */
function walksBack(p: SchemaPath, returning: ReadonlySet<string>, support: readonly number[], w: AnalysisWeights): number {
  let n = 0;
  for (let j = 1; j < p.steps.length; j++)
    if (returning.has(chainKey(p.steps.slice(0, j + 1))) && (j === p.steps.length - 1 || (support[j] ?? 0) < w.supportMin)) n++;
  return n;
}

/** How many of the chain's label words (each relation's own and type-segment words, once per relation) the question leaves unnamed. */
function uncovered(steps: readonly SchemaStep[], answer: AnswerShared, ctx: AnalysisContext, w: AnalysisWeights): number {
  if (w.labelUncovered === 0) return 0;
  let u = 0;
  for (const r of new Set(steps.map((s) => s.relation))) {
    let n = answer.unnamed.get(r);
    if (n === undefined) answer.unnamed.set(r, (n = ctx.matcher.unnamed(r, answer.allWords)));
    u += n;
  }
  return u;
}

/**
 * How many words that set a relation of the chain apart from a plainer one of the graph the question leaves unnamed
 * ("the players of X" names no "previously": the plain plays for, not previously played for).
 */
function unnamedMarked(steps: readonly SchemaStep[], answer: AnswerShared, ctx: AnalysisContext): number {
  let u = 0;
  for (const r of new Set(steps.map((s) => s.relation))) u += ctx.matcher.unnamedMarked(r, answer.allWords);
  return u;
}

/** The ends of every path by its chain key (schemaPaths lists each prefix of a path as a path of its own). */
function prefixEnds(paths: readonly SchemaPath[]): Map<string, ReadonlySet<number>> {
  const out = new Map<string, ReadonlySet<number>>();
  for (const p of paths) out.set(chainKey(p.steps), p.ends);
  return out;
}

/** Per hop but the last: whether it lands on mediator nodes (read with the hop after it as one relation). */
function mediatorSteps(p: SchemaPath, prefixes: ReadonlyMap<string, ReadonlySet<number>>, ctx: AnalysisContext): boolean[] | undefined {
  if (!ctx.mediator || p.steps.length < 2) return undefined;
  let any = false;
  const out = p.steps.map((_, j) => {
    if (j === p.steps.length - 1) return false;
    const ends = prefixes.get(chainKey(p.steps.slice(0, j + 1)));
    const m = !!ends && ctx.mediator!(ends);
    any ||= m;
    return m;
  });
  return any ? out : undefined;
}

/** Hops that count for the length penalty: a hop into a mediator and the hop out of it count once. */
function hopCount(length: number, through: readonly boolean[] | undefined): number {
  return through ? length - through.filter(Boolean).length : length;
}

/** The answer phrase, read once per question. */
interface AnswerShared {
  type: AnswerType;
  phrase: WhPhrase;
  /** answerNouns of the full question. */
  nouns: string[];
  /** Per anchor (mention order): the nouns before its mention that name its type. */
  anchorNouns?: string[][];
  /** Whether the question has a reciprocal cue ("same", "co-", "other"). */
  cued: boolean;
  /** The question's content words (what a label's words may be named by). */
  allWords: string[];
  /** Per relation: its label words the question leaves unnamed (filled as chains are scored). */
  unnamed: Map<number, number>;
  /** The answer noun only types the chain's last noun, a kind of it ("X's father's grave is at which place"). */
  typesChainNoun?: boolean;
  /** The answer noun is the subject or object of the verb beside a mention ("which companies did [X] acquire"). */
  verbArgument?: 'subject' | 'object';
  /** "How many N …": the answer is N counted, or a number the graph holds under a label naming N. */
  counting?: boolean;
}

/**
 * The answer's head noun is typed by landing support and the ends' classes ("which N", "who are the Ns that …"), not
 * by the relations its ends are values of (answerTypeScore, the reading without a lexicon).
 */
function landed(answer: AnswerShared, ctx: AnalysisContext): boolean {
  return !!ctx.landingSupport && !!ctx.isNoun && answer.phrase.words.length > 0;
}

/** Support the anchor's type nouns give the first hop: they name the role the anchor plays in it. */
function firstHopSupport(answer: AnswerShared, anchorIndex: number, step: SchemaStep, ctx: AnalysisContext, w: AnalysisWeights): number {
  const nouns = answer.anchorNouns?.[anchorIndex];
  if (!nouns?.length || !ctx.landingSupport) return 0;
  const back: SchemaStep = { relation: step.relation, direction: flip(step.direction) };
  let s = 0;
  for (const n of nouns) s = Math.max(s, w.landingSupport * ctx.landingSupport(n, back));
  return s;
}

function typeFitScore(type: AnswerType, ends: ReadonlySet<number>, ctx: AnalysisContext, w: AnalysisWeights, landing?: SchemaStep): number {
  if (!ctx.typeFit || w.typeMismatch === 0) return 0;
  const fit = ctx.typeFit(type, ends, landing);
  return fit < 0 ? -w.typeMismatch : fit > 0 ? w.typeMatch : 0;
}

export interface AnalyzeOptions {
  dMax: number;
  /** How many alternatives to keep in the indicator. */
  alternatives?: number;
}

/**
 * Builds the indicator from the topic anchors (in mention order, aligned with `text`'s mentions) and the schema
 * paths reachable from each. Returns undefined when no anchor reaches anything.
 */
export function analyzeQuestion(
  text: QuestionText,
  anchors: readonly number[],
  pathsByAnchor: readonly SchemaPath[][],
  ctx: AnalysisContext,
  options: AnalyzeOptions,
): (Indicator & { ranked: ScoredChain[] }) | undefined {
  const w = { ...DEFAULT_ANALYSIS_WEIGHTS, ...ctx.weights };
  const full = text;
  const answer: AnswerShared = {
    type: answerType(text, ctx.isNoun),
    phrase: readWhPhrase(text, ctx.isNoun),
    nouns: answerNouns(text),
    cued: text.words.some((x) => x.kind === 'cue'),
    allWords: text.words.filter((x) => x.kind === 'content').map((x) => x.text),
    unnamed: new Map(),
    counting: !!readHowMany(text.withoutMentions),
  };
  // "X's father's grave is at which place": the grave is the answer, and "place" only says what kind of thing it is;
  // a label that happens to say "place" is not named by it.
  const head = answer.phrase.determiner && !answer.phrase.category ? answer.phrase.words[answer.phrase.words.length - 1]?.text : undefined;
  const lastNode = lastChainNode(text);
  answer.verbArgument = verbArgument(text, answer.phrase);
  if (head && lastNode && lastNode.text !== head && ctx.kindOf?.(lastNode.text, head)) answer.typesChainNoun = true;
  const read = hopWords(text, anchors, ctx, answer.phrase);
  text = foldEventNodes(read.text, ctx);
  answer.anchorNouns = read.anchorNouns;
  let ranked: ScoredChain[] = [];
  anchors.forEach((a, i) => ranked.push(...scoreSingle(text, i, a, pathsByAnchor[i] ?? [], ctx, w, anchors.length - 1, answer)));
  if (anchors.length >= 2) ranked.push(...scorePairs(text, anchors, pathsByAnchor, ctx, w, answer, full));
  if (ranked.length === 0) return undefined;
  applyCandidateType(ranked, full, ctx, w);
  mergeTwinDirections(ranked, ctx);
  ranked.sort((x, y) => y.score - x.score || x.steps.length - y.steps.length || chainKey(x.steps).localeCompare(chainKey(y.steps)));
  ranked = ranked.slice(0, 200);
  if (anchors.length === 1 && ctx.nounGender) {
    const sexed = genderedNouns(full, answer, ctx);
    if (sexed.length) for (const c of ranked.slice(0, GENDERED_CHAINS)) c.genders = chainGenders(c, sexed, ctx, w);
  }
  const best = ranked[0];
  const m = best.anchors.length;
  return {
    anchorOrder: best.anchors,
    chain: best.steps,
    answerPosition: best.answerPosition,
    dPredict: Math.min(options.dMax, Math.max(1, Math.ceil(best.steps.length / m))),
    alternatives: ranked.slice(1, 1 + (options.alternatives ?? 8)).map((c) => ({ chain: c.steps, score: c.score })),
    ranked,
  };
}

/**
 * "the place of death of X's husband", "the year of birth of …": a place or a time of an event a label names is where
 * that one hop lands, not a node of its own (the husband's death place is two hops, not three). The outer noun takes
 * the event noun's place in the chain, and the nouns beyond move one node nearer.
 */
function foldEventNodes(text: QuestionText, ctx: AnalysisContext): QuestionText {
  if (!ctx.eventNoun || !ctx.setting) return text;
  let words = text.words;
  for (let i = 0; i < words.length; i++) {
    const inner = words[i];
    if (inner.chainNode === undefined || inner.kind !== 'content' || !ctx.eventNoun(inner.text) || ctx.matcher.bestRaw(inner.text) < STEM_MATCH) continue;
    const outer = words.find((x) => x.anchor === inner.anchor && x.chainNode === inner.chainNode! + 1 && x.kind === 'content');
    if (!outer || !ctx.setting(outer.text)) continue;
    const at = inner.chainNode;
    words = words.map((x) => (x.anchor === inner.anchor && x.chainNode !== undefined && x.chainNode > at ? { ...x, chainNode: x.chainNode - 1 } : x));
  }
  return words === text.words ? text : { ...text, words };
}

/** Chains of the ranking given the sexes the question's nouns name (verification reads them for the accepted ones). */
const GENDERED_CHAINS = 60;

interface SexedNoun {
  word: QuestionWord;
  gender: Gender;
  /** The wh-phrase's head noun: it names the answer itself. */
  answer: boolean;
}

/** The question's nouns that name a sex ("the sons of X", "X's daughter", "which wives"). */
function genderedNouns(text: QuestionText, answer: AnswerShared, ctx: AnalysisContext): SexedNoun[] {
  const { phrase } = answer;
  const head = phrase.determiner && !phrase.category ? phrase.words[phrase.words.length - 1] : undefined;
  // "whose mother is X": the noun is the answer's mother, not the answer.
  const whose = text.words.some((x) => x.kind === 'wh' && x.text === 'whose');
  const out: SexedNoun[] = [];
  for (const x of text.words) {
    if (x.kind !== 'content' || !(ctx.isNoun?.(x.text) ?? false)) continue;
    // Only a noun that names the entity it stands for: the answer's, or one of an "of" / possessive chain ("the sons
    // of X" are the sons). "whose mother is X" names X's role, "X is the son of whom" the anchor's.
    const answerNoun = !!head && x.start === head.start && !whose;
    if (!answerNoun && x.chainNode === undefined) continue;
    // A part before a hyphen is not the compound's head: a step-son is a son, a son-in-law no son.
    if (text.question !== undefined && /^[\p{L}\p{N}’']*-/u.test(text.question.slice(x.start))) continue;
    const gender = ctx.nounGender!(x.text);
    if (gender) out.push({ word: x, gender, answer: answerNoun });
  }
  return out;
}

/**
 * Per node of the chain, the sex a noun gives it: the answer noun names the last node; another noun the node its
 * best-named hop lands on ("X's daughter" / has_child: the child), no earlier than its place in an "of" / possessive
 * chain. A noun that names no hop of the chain, or two nouns giving one node both sexes, give none.
 */
function chainGenders(c: ScoredChain, nouns: readonly SexedNoun[], ctx: AnalysisContext, w: AnalysisWeights): (Gender | undefined)[] | undefined {
  const L = c.steps.length;
  const out: (Gender | undefined)[] = new Array(L + 1).fill(undefined);
  const clash = new Set<number>();
  for (const { word, gender, answer } of nouns) {
    let node = answer ? L : undefined;
    if (!answer) {
      let best = w.supportMin;
      for (let j = Math.max(0, (word.chainNode ?? 1) - 1); j < L; j++) {
        const step = c.steps[j];
        let v = ctx.matcher.contrast(word.text, step.relation);
        for (const a of ctx.aliases?.(step) ?? []) v = Math.max(v, ctx.matcher.contrast(word.text, a.relation));
        if (v >= best && (node === undefined || v > best)) [best, node] = [v, j + 1];
      }
    }
    if (node === undefined) continue;
    if (out[node] !== undefined && out[node] !== gender) clash.add(node);
    out[node] = gender;
  }
  for (const n of clash) out[n] = undefined;
  return out.some((g) => g !== undefined) ? out : undefined;
}

/**
 * Readings of the words between two mentions: nearest-mention assignment puts "treat patients diagnosed with" of
 * "clinicians at [A] treat patients diagnosed with [B]" by distance, but the phrase boundary can fall anywhere. Each
 * split point gives the first k in-between words to the first mention (its right side) and the rest to the second
 * (its left side); the words elsewhere keep their anchor.
 */
export function pairReadings(text: QuestionText): QuestionText[] {
  const between = text.words.filter((x) => x.kind !== 'wh' && ((x.anchor === 0 && x.side === 'right') || (x.anchor === 1 && x.side === 'left'))).sort((a, b) => a.start - b.start);
  if (between.length === 0) return [text];
  const out: QuestionText[] = [];
  for (let k = 0; k <= between.length; k++) {
    const moved = new Map<QuestionWord, QuestionWord>();
    between.forEach((x, i) => moved.set(x, i < k ? { ...x, anchor: 0, side: 'right', distance: i + 1 } : { ...x, anchor: 1, side: 'left', distance: between.length - i }));
    out.push({ ...text, words: text.words.map((x) => moved.get(x) ?? x) });
  }
  return out;
}

/** Two anchors: anchor A → answer ← anchor B, the answer in the middle; each half read from its own words. */
function scorePairs(
  text: QuestionText,
  anchors: readonly number[],
  pathsByAnchor: readonly SchemaPath[][],
  ctx: AnalysisContext,
  w: AnalysisWeights,
  answer: AnswerShared,
  full: QuestionText,
): ScoredChain[] {
  const best = new Map<string, ScoredChain>();
  // The meeting set of two halves and its type evidence depend on the paths only, not on the reading.
  const meetings = new Map<SchemaPath, Map<SchemaPath, Meeting>>();
  // Answer nouns and the time wh-word belong to the question, whatever the split.
  const nouns = answer.nouns;
  const time = timeQuestion(full);
  for (const reading of pairReadings(text)) scorePairReading(reading, anchors, pathsByAnchor, ctx, w, { best, meetings, nouns, time, answer });
  return [...best.values()];
}

interface Meeting {
  ends: Set<number>;
  /** Answer-type and time evidence of the meeting set. */
  bonus: number;
}

function scorePairReading(
  text: QuestionText,
  anchors: readonly number[],
  pathsByAnchor: readonly SchemaPath[][],
  ctx: AnalysisContext,
  w: AnalysisWeights,
  shared: { best: Map<string, ScoredChain>; meetings: Map<SchemaPath, Map<SchemaPath, Meeting>>; nouns: string[]; time: boolean; answer: AnswerShared },
): void {
  const { best, meetings, nouns, time, answer } = shared;
  const TOP = 25;
  // Each half is scored twice: as the main half, and as the constraint half, whose unsupported hops (other than a
  // reciprocal one) are paid `missingConstraintHop` instead of `missingHop` (the same alignment, re-priced).
  const refund = Math.max(0, w.missingHop - w.missingConstraintHop);
  const halves = anchors.slice(0, 2).map((a, i) => {
    const orders = orderedWords(text, i, ctx.isNoun);
    const prefixes = prefixEnds(pathsByAnchor[i] ?? []);
    const all = (pathsByAnchor[i] ?? [])
      .filter((p) => p.ends.size > 0)
      .map((p) => {
        // The answer sits at the end of each half (the meeting point).
        const through = mediatorSteps(p, prefixes, ctx);
        const al = alignBest(orders, p.steps, ctx, w, i === 0 ? lastHopSupport(answer, p.steps, ctx, w, p.ends) : 0, firstHopSupport(answer, i, p.steps[0], ctx, w), through);
        const rest =
          -w.lengthPenalty * hopCount(p.steps.length, through) +
          w.anchorPrior * ctx.anchorShare(a, p.steps[0]) -
          (ctx.mediator?.(p.ends) ? w.mediatorEnd : 0) -
          w.labelUncovered * uncovered(p.steps, answer, ctx, w) -
          w.markedUnnamed * unnamedMarked(p.steps, answer, ctx);
        const missed = p.steps.filter((_, j) => !isReciprocal(p.steps, j) && (al.support[j] ?? 0) < w.supportMin).length;
        return { p, al, score: al.score + rest, asConstraint: al.score + rest + refund * missed };
      });
    const byMain = [...all].sort((x, y) => y.score - x.score).slice(0, TOP);
    const byConstraint = [...all].sort((x, y) => y.asConstraint - x.asConstraint).slice(0, TOP);
    return [...new Set([...byMain, ...byConstraint])];
  });
  for (const h1 of halves[0])
    for (const h2 of halves[1] ?? []) {
      let byH2 = meetings.get(h1.p);
      if (!byH2) meetings.set(h1.p, (byH2 = new Map()));
      let meeting = byH2.get(h2.p);
      if (!meeting) {
        const [small, large] = h1.p.ends.size <= h2.p.ends.size ? [h1.p.ends, h2.p.ends] : [h2.p.ends, h1.p.ends];
        const ends = new Set<number>();
        for (const e of small) if (large.has(e) && e !== anchors[0] && e !== anchors[1]) ends.add(e);
        let bonus = 0;
        if (ends.size) {
          bonus = (landed(answer, ctx) ? 0 : w.answerType * answerTypeScore(nouns, ends, ctx, w)) + typeFitScore(answer.type, ends, ctx, w);
          // Each anchor narrows the other's answers: the pairing is not one half with a redundant second anchor.
          if (ends.size < h1.p.ends.size && ends.size < h2.p.ends.size) bonus += w.pairRestricts;
          if (time) bonus += w.timeAnswer * (2 * literalShare(ends, ctx) - 1);
          bonus -= countedLiterals(answer, h1.p.steps[h1.p.steps.length - 1], ends, ctx, w);
        }
        byH2.set(h2.p, (meeting = { ends, bonus }));
      }
      const { ends } = meeting;
      if (ends.size === 0) continue;
      const score = Math.max(h1.score + h2.asConstraint, h1.asConstraint + h2.score) + meeting.bonus;
      const back = [...h2.p.steps].reverse().map((s) => ({ relation: s.relation, direction: flip(s.direction) }));
      const steps = [...toSteps(h1.p.steps, h1.al.support, ctx), ...toSteps(back, [...h2.al.support].reverse(), ctx)];
      const key = `${chainKey(steps)}@${h1.p.steps.length}`;
      const cur = best.get(key);
      if (cur && cur.score >= score) continue;
      best.set(key, { anchors: [anchors[0], anchors[1]], steps, answerPosition: h1.p.steps.length, ends, score });
    }
}
