// How closely WordNet relates two words, as a floor under word-vector similarity: vectors put "makes" far from
// "manufacturer" and "coached" far from "manager", WordNet lists them as one concept (a derivation, a synonym). Only
// the most frequent senses count, so rare readings ("run" as a stocking's ladder) stay out.
import type { Pos, WordNet } from './wordnet.js';

/** Relatedness of words that share a concept (a synonym or a derivation: make → maker). */
export const LEXICAL_SYNONYM = 0.75;
/** Relatedness of a word and a direct hypernym of it (dad → father, wife → spouse). */
export const LEXICAL_HYPERNYM = 0.6;
/**
 * Two nouns, one a kind of the other (husband → spouse, mum → mother): the question's word names the label's exactly,
 * as surely as a shared stem — and more surely than the vectors' closeness of all kinship words to each other.
 */
export const LEXICAL_NOUN_KIND = 0.9;
/**
 * Two different kinds of one thing (father / mother, son / daughter: nouns sharing a hypernym within two steps, neither
 * a kind of the other): vectors put them close because they occur in the same contexts, but one never names the
 * other. WordVectors caps their similarity (COHYPONYM_CAP).
 */
export const LEXICAL_COHYPONYM = -1;

const SENSES = 3;
/** A participle ("married", "wedding") is read in every part of speech, whatever WordNet lists it as. */
const PARTICIPLE = /^[a-z]{3,}(ed|ing)$/;
const POS: readonly Pos[] = ['n', 'v', 'a', 'r'];

interface Reading {
  own: Set<string>;
  /** The word's own senses, without derivations. */
  senses: Set<string>;
  /** For an adverb: the senses of the words of the adjectives it pertains to ("previously": previous, old). */
  adverbial: Set<string>;
  up: Set<string>;
  /** Hypernyms of the same lexicographer class as the sense they are reached from (a husband and a spouse are persons). */
  upSame: Set<string>;
}

interface Concepts {
  /** As a noun: noun senses and the nouns derived from them. */
  noun: Reading;
  /** Every part of speech and every derivation. */
  all: Reading;
  /** Listed as a noun and not an inflected verb form or participle ("father", not "makes" or "married"). */
  nounFirst: boolean;
  /** Hypernyms up to two steps above the first noun sense. */
  up2: Set<string>;
  /** The first noun sense names a kind of person (WordNet's noun.person: wife, mother, heir, coach). */
  person1: boolean;
  /**
   * Nouns the word names as "<word> person" (a lemma of theirs): "married" and "marry" name {spouse, married person,
   * mate}, which the vectors put no closer than mother or father.
   */
  person: Set<string>;
  /** For an inflected verb form, the direct hypernyms of its bare form's later noun senses (worked → work → occupation). */
  act: Set<string>;
  /** Every verb sense of the word, however rare, that lists the word first. */
  verbHeads: Set<string>;
  /** The antonyms of the word's most frequent senses, every part of speech (succeed: fail, precede). */
  antonyms: Set<string>;
}

/** Memoised WordNet relatedness of word pairs (see the file comment). */
export class LexicalRelatedness {
  private readonly memo = new Map<string, Concepts>();

  constructor(private readonly wn: WordNet) {}

  /**
   * LEXICAL_SYNONYM, LEXICAL_NOUN_KIND (a a kind of b), LEXICAL_HYPERNYM, LEXICAL_COHYPONYM or 0. Not symmetric: `a`
   * is the question's word, `b` the label's.
   */
  of(a: string, b: string): number {
    if (a === b) return 1;
    const ca = this.concepts(a);
    const cb = this.concepts(b);
    // Two nouns are compared as nouns: "father" and "mother" share a verb sense (to beget) but never name each other;
    // a verb form meets a noun through its derivations ("makes" / manufacturer).
    const both = ca.nounFirst && cb.nounFirst;
    const A = both ? ca.noun : ca.all;
    const B = both ? cb.noun : cb.all;
    if (!A.own.size || !B.own.size) return 0;
    if (overlaps(A.own, B.own) || overlaps(A.adverbial, B.senses) || overlaps(B.adverbial, A.senses)) return LEXICAL_SYNONYM;
    // "married" is what a spouse is, by WordNet's own lemma ("married person"): as exact as a noun's kind.
    if (overlaps(ca.person, cb.noun.own)) return LEXICAL_NOUN_KIND;
    // The question's word a kind of the label's (husband → spouse) names it; a broader word ("which person" / actors)
    // names many labels alike, so it stays at the hypernym value.
    // …of its own class: a grave (an artifact) is a kind of place (a location) only as a use of it, which names no more
    // than a hypernym does ("the grave of X" is no place of birth).
    if (overlaps(A.up, B.own)) return both && overlaps(A.upSame, B.own) ? LEXICAL_NOUN_KIND : LEXICAL_HYPERNYM;
    if (overlaps(B.up, A.own)) return LEXICAL_HYPERNYM;
    // A verb the label's verb is a kind of, in a sense the word heads ("makes" / manufactures: to manufacture is to
    // make from raw material, a sense listed under "make" first): the question says it more broadly. Only against a
    // verb label, and only senses the word heads: a verb of many senses is listed in passing under many more.
    if (!both && !cb.nounFirst && overlaps(cb.all.up, ca.verbHeads)) return LEXICAL_HYPERNYM;
    // A person noun for the other end of what the label's verb names ("predecessor": one who precedes; "succeeded":
    // the antonym of precede): the same relation, read from the other end. Only a person against a verb: between two
    // nouns (father / mother) an antonym is another kind of one thing, below; an event's (death: die / be born) is another act.
    if (ca.person1 && !cb.nounFirst && (overlaps(A.own, cb.antonyms) || overlaps(ca.antonyms, B.own))) return LEXICAL_SYNONYM;
    // "worked as what": the work done is a kind of the label's noun, as "work" itself would be.
    if (cb.nounFirst && overlaps(ca.act, cb.noun.own)) return LEXICAL_NOUN_KIND;
    if (both && overlaps(ca.up2, cb.up2)) return LEXICAL_COHYPONYM;
    // Two kinds of person WordNet does not relate (wife / mother, daughter / father): the vectors put every kinship
    // and role word close together, but one never names the other.
    if (both && ca.person1 && cb.person1) return LEXICAL_COHYPONYM;
    return 0;
  }

  private concepts(word: string): Concepts {
    let c = this.memo.get(word);
    if (c) return c;
    const verbLemmas = this.wn.lemmas(word, 'v');
    c = {
      noun: this.reading(word, ['n'], true),
      all: this.reading(word, POS, false),
      nounFirst: this.wn.has(word, 'n') && !PARTICIPLE.test(word) && !verbLemmas.some((l) => l !== word),
      up2: new Set<string>(),
      person: this.personNouns(word),
      person1: false,
      act: new Set<string>(),
      verbHeads: new Set(
        this.wn
          .synsets(word, 'v')
          .filter((s) => verbLemmas.includes(s.words[0]))
          .map((s) => `${s.pos}${s.offset}`),
      ),
      antonyms: new Set(POS.flatMap((pos) => this.wn.synsets(word, pos, SENSES)).flatMap((s) => s.pointers.filter((p) => p.symbol === '!').map((p) => `${p.pos}${p.offset}`))),
    };
    // An inflected verb form is also what its bare form names as a noun ("worked": work, employment, a kind of
    // occupation): the noun's later senses derived from the verb itself (a spelling shared by chance, "led" / lead
    // the metal, is none) and their direct kinds, never the top concepts. The first sense is the act of the verb
    // ("use": the act of using), whose kind is a generic act (activity) that would name every label saying so.
    for (const lemma of verbLemmas) {
      if (lemma === word) continue;
      const verbSenses = new Set(this.wn.synsets(lemma, 'v').map((v) => v.offset));
      for (const s of this.wn.synsets(lemma, 'n', SENSES).slice(1))
        if (s.pointers.some((p) => p.symbol === '+' && p.pos === 'v' && verbSenses.has(p.offset)))
          for (const h of this.wn.closure(s, ['@', '@i'], 1)) if (h.lexname !== 'noun.Tops') c.act.add(`${h.pos}${h.offset}`);
    }
    const first = this.wn.synsets(word, 'n', 1)[0];
    c.person1 = first?.lexname === 'noun.person';
    if (first) for (const h of this.wn.closure(first, ['@', '@i'], 2)) c.up2.add(`${h.pos}${h.offset}`);
    if (this.memo.size > 100_000) this.memo.clear();
    this.memo.set(word, c);
    return c;
  }

  /** Noun senses of "<w> person" for the word and the one-word nouns derived from its senses (marry → married). */
  private personNouns(word: string): Set<string> {
    const forms = new Set<string>([word]);
    for (const pos of POS)
      for (const s of this.wn.synsets(word, pos, SENSES))
        for (const p of s.pointers) {
          if (p.symbol !== '+' || p.pos !== 'n') continue;
          for (const w of this.wn.synset(p.offset, 'n')?.words ?? []) if (!w.includes(' ')) forms.add(w);
        }
    const out = new Set<string>();
    for (const f of forms) for (const s of this.wn.synsets(`${f} person`, 'n', SENSES)) out.add(`${s.pos}${s.offset}`);
    return out;
  }

  private reading(word: string, parts: readonly Pos[], nounsOnly: boolean): Reading {
    const own = new Set<string>();
    const senses = new Set<string>();
    const adverbial = new Set<string>();
    const up = new Set<string>();
    const upSame = new Set<string>();
    for (const pos of parts)
      for (const s of this.wn.synsets(word, pos, SENSES)) {
        own.add(`${s.pos}${s.offset}`);
        senses.add(`${s.pos}${s.offset}`);
        for (const p of s.pointers) {
          if (p.symbol === '+' && (!nounsOnly || p.pos === 'n')) own.add(`${p.pos}${p.offset}`);
          // An adverb means what its adjective does, in the adjective's own senses ("previously": previous, which
          // WordNet lists with "former"); kept apart, matched against senses only (never derivations, which would
          // tie "later" to a seat through "posterior").
          else if (p.symbol === '\\' && p.pos === 'a' && s.pos === 'r')
            for (const w of this.wn.synset(p.offset, 'a')?.words ?? []) for (const t of this.wn.synsets(w, 'a', SENSES)) adverbial.add(`${t.pos}${t.offset}`);
          else if ((p.symbol === '@' || p.symbol === '@i') && s.pos !== 'a') up.add(`${p.pos}${p.offset}`);
        }
        // A noun is a kind of what lies two steps up, too (a son is a male offspring, a child).
        if (nounsOnly)
          for (const h of this.wn.closure(s, ['@', '@i'], 2)) {
            up.add(`${h.pos}${h.offset}`);
            if (h.lexname === s.lexname) upSame.add(`${h.pos}${h.offset}`);
          }
      }
    return { own, senses, adverbial, up, upSame };
  }
}

function overlaps(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  for (const x of a) if (b.has(x)) return true;
  return false;
}
