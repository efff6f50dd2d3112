// What a relation label says about its two ends: the nouns naming the head and the tail, and their coarse semantic
// classes (WordNet lexicographer classes: person, location, artifact, time, …). Read by general English grammar of
// labels, never by any graph's names:
//   "X directed_by Y"          — a participle with "by": Y is the agent (the verb's agent noun: director);
//   "X headquartered_in Y"     — a participle with a place preposition: Y is a place;
//   "X has_genre Y", "X release_year Y", "X record label Y" — a noun phrase: Y is what its last noun names;
//   "X place of birth Y"       — "N of M": Y is the N; "X part of the series Y" — "N of the M": Y is the M, X the N;
//   "X member_of Y"            — a final "of": X is the member;
//   Freebase "domain.type.property" — the type segment names the head ("music.album.release_type": X is an album),
//                                the property names the tail ("games_on_this_platform": Y is a game).
import { tokenizeLabel } from '../../drm/tokenize.js';
import { LEXNAMES, type WordNet } from '../../lexicon/wordnet.js';
import { sharesStem } from './wordSimilarity.js';

const CLASS_NAMES = new Set<string>(LEXNAMES);

/** One end of a relation: nouns naming it (head noun last) and the semantic classes of those nouns. */
export interface EndRole {
  words: string[];
  /** The nouns that name the end itself: the phrase's head noun, a verb's agent nouns ("drug class": class). */
  heads: string[];
  classes: Set<string>;
  /** The subject of an active verb label, named by the verb's agent nouns (see withAgentHead). */
  agent?: boolean;
}

export interface LabelRoles {
  head: EndRole;
  tail: EndRole;
}

const PREPOSITIONS = new Set(['by', 'in', 'at', 'on', 'to', 'from', 'of', 'for', 'with', 'into', 'onto', 'as', 'about']);
const PLACE_PREPOSITIONS = new Set(['in', 'at', 'to', 'from', 'into']);
/** Function words a label may carry that name neither end. */
const LABEL_FILLER = new Set(['has', 'have', 'had', 'is', 'are', 'was', 'be', 'the', 'a', 'an', 'this', 'that', 'its', 'their', 'or', 'and']);
/** Classes a place preposition's object belongs to: places, buildings, institutions. */
const PLACE_CLASSES = ['noun.location', 'noun.artifact', 'noun.group'];
/** Classes of an agent ("by"): people and organisations. */
const AGENT_CLASSES = ['noun.person', 'noun.group'];

/** Senses of a noun whose classes count (WordNet orders senses by frequency). */
const NOUN_SENSES = 3;

/** The coarse classes of a noun: the lexicographer classes of its first senses (empty when WordNet lacks it). */
export function nounClasses(wn: WordNet | undefined, word: string, senses = NOUN_SENSES): Set<string> {
  const out = new Set<string>();
  if (!wn) return out;
  for (const s of wn.synsets(word, 'n', senses)) {
    if (s.lexname !== 'noun.Tops') {
      out.add(s.lexname);
      continue;
    }
    // The unique beginners ("person", "location", "group", "time"): the class they head; the others ("entity",
    // "thing", "abstraction") say nothing.
    for (const w of s.words) if (CLASS_NAMES.has(`noun.${w}`)) out.add(`noun.${w}`);
  }
  return out;
}

const PARTICIPLE = /^[a-z]{3,}(ed|en|ing)$/;

/** An inflected verb form ("heads", "prescribed"): a verb lemma other than the word itself. */
function isVerbForm(wn: WordNet, w: string): boolean {
  return wn.lemmas(w, 'v').some((l) => l !== w);
}

/** A noun (and no participle form): WordNet lists it as a noun; every non-participle counts without WordNet. */
export function isNoun(wn: WordNet | undefined, w: string): boolean {
  if (PARTICIPLE.test(w) && !(wn?.has(w, 'n') && !wn.has(w, 'v'))) return false;
  return wn ? wn.has(w, 'n') : true;
}

/**
 * A word that can stand in a question's noun phrase: a WordNet noun, and no inflected verb form other than an -s
 * form ("came", "founded" end the phrase; "effects", "dates" may be plural nouns).
 */
export function isPhraseNoun(wn: WordNet, word: string): boolean {
  if (!isNoun(wn, word) || !wn.has(word, 'n')) return false;
  return word.endsWith('s') || !wn.lemmas(word, 'v').some((l) => l !== word);
}

/**
 * A verb whose first sense gives (WordNet's possession verbs: award, grant, give, sell): its "to" names a recipient.
 * (Social verbs, "elected to", "promoted to", "relegated to", mostly name a body or a rank.)
 */
function toSomeone(wn: WordNet | undefined, w: string): boolean {
  return wn?.synsets(w, 'v', 1)[0]?.lexname === 'verb.possession';
}

/** Agent nouns of a verb: WordNet derivations that name a person or an organisation ("direct" → director). */
export function agentNouns(wn: WordNet | undefined, verb: string): string[] {
  if (!wn || !wn.has(verb, 'v')) return [];
  return wn
    .related(verb, 'v', '+', 'n')
    .filter((r) => r.synset.lexname === 'noun.person' || r.synset.lexname === 'noun.group')
    .map((r) => r.word)
    .filter((w) => !w.includes(' '));
}

function role(wn: WordNet | undefined, words: string[], extra: readonly string[] = [], agents: readonly string[] = []): EndRole {
  const classes = new Set<string>(extra);
  const head = agents.length ? undefined : words[words.length - 1];
  if (head) for (const c of nounClasses(wn, head)) classes.add(c);
  return { words: [...new Set([...words, ...agents])], heads: [...new Set([...(head ? [head] : []), ...agents])], classes };
}

const EMPTY: EndRole = { words: [], heads: [], classes: new Set() };

/** Reads a phrase-like label (or a Freebase property) into its head and tail roles. */
function readPhrase(wn: WordNet | undefined, raw: string[], freebaseProperty: boolean): LabelRoles {
  const words = raw.filter((w) => !LABEL_FILLER.has(w) && !/^\d+$/.test(w));
  const at = words.findIndex((w) => PREPOSITIONS.has(w));
  const nouns = (ws: string[]): string[] => ws.filter((w) => !PREPOSITIONS.has(w) && isNoun(wn, w));
  if (at < 0) {
    // A lone verb form ("heads", "distributes", "prescribed"): its object is not named.
    if (!freebaseProperty && raw.length === 1 && wn && isVerbForm(wn, words[0])) return { head: EMPTY, tail: EMPTY };
    const n = nouns(words);
    const tail = role(wn, n.length ? n : words);
    // "sex or gender", "country or region": each conjunct's noun names the tail alike.
    const conjuncts = raw.join(' ').split(/ (?:or|and) /).map((c) => nouns(c.split(' ').filter((w) => !LABEL_FILLER.has(w))).pop());
    if (conjuncts.length > 1 && conjuncts.every((c) => c !== undefined)) tail.heads = [...new Set([...(conjuncts as string[]), ...tail.heads])];
    return { head: EMPTY, tail };
  }
  const before = words.slice(0, at);
  const after = words.slice(at + 1).filter((w) => !PREPOSITIONS.has(w));
  const prep = words[at];
  // An -s verb form right before the preposition is the label's verb ("plays for", "competes in"), not a noun.
  // (A Freebase property reads its leading noun phrase as the tail: "games on this platform".)
  // ("heads of state", "means of transport": before "of" it is the plural noun).
  const verbS = (w: string, i: number): boolean => !freebaseProperty && prep !== 'of' && before.length === 1 && i === 0 && w.endsWith('s') && !!wn && isVerbForm(wn, w);
  const beforeNouns = nouns(before.filter((w, i) => !verbS(w, i)));
  const afterNouns = nouns(after);
  // Freebase properties name the tail with their leading noun phrase ("games on this platform", "versions
  // released in this region"): the words after the preposition describe the head ("this").
  // "member_of", "is_part_of": the noun names the head; the tail is what it belongs to.
  if (prep === 'of' && after.length === 0) return { head: role(wn, beforeNouns), tail: EMPTY };
  // "part of network": a relational noun (WordNet's noun.relation: part, portion) names the head; the tail is the whole.
  if (prep === 'of' && afterNouns.length && beforeNouns.length && nounClasses(wn, beforeNouns[beforeNouns.length - 1], 1).has('noun.relation'))
    return { head: role(wn, beforeNouns), tail: role(wn, afterNouns) };
  if (freebaseProperty && beforeNouns.length) return { head: EMPTY, tail: role(wn, beforeNouns) };
  if (prep === 'by') {
    const agents = before.flatMap((w) => agentNouns(wn, w));
    return { head: EMPTY, tail: role(wn, [...afterNouns, ...(agents.length ? [] : beforeNouns)], AGENT_CLASSES, agents) };
  }
  if (prep === 'of') {
    // "member_of", "part_of": the noun names the head; the tail is what it belongs to.
    if (after.length === 0) return { head: role(wn, beforeNouns), tail: EMPTY };
    // "part of the series": the head is the part, the tail the series.
    if (raw[raw.indexOf('of') + 1] === 'the') return { head: role(wn, beforeNouns), tail: role(wn, afterNouns) };
    // "place of birth", "original language of film": the tail is the place, the language.
    return { head: EMPTY, tail: role(wn, beforeNouns.length ? beforeNouns : afterNouns) };
  }
  // "position played on team": the noun before the participle names the tail.
  if (beforeNouns.length && before.indexOf(beforeNouns[0]) < before.findIndex((w) => PARTICIPLE.test(w))) return { head: EMPTY, tail: role(wn, beforeNouns) };
  if (PLACE_PREPOSITIONS.has(prep) && before.length) {
    // A verb with a place preposition ("located in", "works at"): the tail is a place (named by the words after, if any).
    const verbal = before.length === 0 || before.some((w) => PARTICIPLE.test(w) || (wn?.has(w, 'v') ?? false));
    // "awarded to", "given to": what is given goes to someone; the tail may be a person too.
    if (verbal) return { head: EMPTY, tail: role(wn, afterNouns, prep === 'to' && before.some((w) => toSomeone(wn, w)) ? [...PLACE_CLASSES, 'noun.person'] : PLACE_CLASSES) };
    return { head: EMPTY, tail: role(wn, beforeNouns.length ? beforeNouns : afterNouns) };
  }
  // "diagnosed with", "indicated for", "known as": the object of the verb, named by the words after if any.
  return { head: EMPTY, tail: role(wn, afterNouns.length ? afterNouns : beforeNouns) };
}

/**
 * An active verb label ("plays_for", "manages", "competes_in"): its subject, the head, is the verb's agent, named by
 * the agent nouns that share its stem (player, manager, competitor).
 */
function withAgentHead(roles: LabelRoles, raw: string[], wn: WordNet | undefined): LabelRoles {
  const verb = raw[0];
  if (!wn || roles.head.heads.length || raw.length > 2 || !verb?.endsWith('s') || !isVerbForm(wn, verb)) return roles;
  if (raw.length === 2 && !PREPOSITIONS.has(raw[1])) return roles;
  // A plural noun that is also a verb form ("parents", "coaches") names its own end, and "-ee" nouns the patient
  // ("employee").
  const own = new Set(wn.lemmas(verb, 'n'));
  const agents = agentNouns(wn, verb).filter((a) => sharesStem(a, verb) && !a.endsWith('ee'));
  if (agents.some((a) => own.has(a))) return roles;
  // No classes: an agent noun's sense is a person's ("competitor"), the graph's subjects may be clubs.
  return agents.length ? { ...roles, head: { ...role(wn, [], [], agents), agent: true } } : roles;
}

/** The roles of a relation label's two ends (see the file comment). */
export function readLabelRoles(label: string, wn: WordNet | undefined): LabelRoles {
  const dotted = /^[\w-]+(\.[\w-]+){2,}$/.test(label);
  if (dotted) {
    const segs = label.split('.');
    const typeWords = tokenizeLabel(segs[segs.length - 2]);
    const prop = readPhrase(wn, tokenizeLabel(segs[segs.length - 1]), true);
    const typeNouns = typeWords.filter((w) => !LABEL_FILLER.has(w));
    return { head: role(wn, typeNouns), tail: prop.tail };
  }
  const raw = tokenizeLabel(label);
  return withAgentHead(readPhrase(wn, raw, false), raw, wn);
}
