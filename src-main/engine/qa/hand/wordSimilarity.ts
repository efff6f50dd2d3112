// Word-to-word similarity for the algorithmic Hand: DRM cosine, lifted to near-certainty when the two words share
// a stem ("act" / "actors", "directed" / "director"). Word vectors alone rank "act" closer to "directed" than to
// "actors"; the shared stem is the stronger evidence, and it is language-general (no lexicon of any one graph).
import { formPairs, IRREGULAR_VERBS } from '../../lexicon/wordnet.js';
import { cosine } from '../../drm/cosine.js';
import { LEXICAL_COHYPONYM } from '../../lexicon/lexicalRelatedness.js';
import type { Drm } from '../../core/types.js';

/** Similarity of two different kinds of one thing (LEXICAL_COHYPONYM: father / mother) at most. */
const COHYPONYM_CAP = 0.5;

/** Similarity given to two different words with a shared stem. */
export const STEM_MATCH = 0.9;
/** Similarity of a question word the vectors do not know to a label word one typing slip away ("manufatures"). */
export const TYPO_MATCH = 0.8;

const SUFFIXES = ['ations', 'ation', 'ings', 'ing', 'ers', 'ors', 'ies', 'ied', 'ed', 'er', 'or', 'es', 'en', 's', 'ly', 'ment'];

/** Common English irregular verb forms → base form ("wrote", "written" → "write"): general English, no graph words. */
const IRREGULAR: Record<string, string> = Object.fromEntries(
  formPairs(
    IRREGULAR_VERBS +
      // Derived nouns whose spelling hides the verb ("born" / "birth", "died" / "death"): general English morphology.
      ' bear:birth die:death,dead,died marry:marriage,married speak:speech sell:sale,sales lose:loss ' +
      'choose:choice grow:growth weigh:weight succeed:success',
  ),
);

/** A crude English stem: the longest listed suffix removed (keeping ≥ 3 letters), a doubled final consonant undone. */
export function crudeStem(word: string): string {
  let w = IRREGULAR[word] ?? word;
  for (const suf of SUFFIXES)
    if (w.length - suf.length >= 3 && w.endsWith(suf)) {
      w = w.slice(0, -suf.length);
      break;
    }
  if (w.length >= 4 && w[w.length - 1] === w[w.length - 2] && !/[aeiou]/.test(w[w.length - 1])) w = w.slice(0, -1);
  // A silent final e: "write" / "writer", "rate" / "rating" meet at "writ", "rat".
  if (w.length >= 4 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/**
 * Endings a word may add to a shorter one and still be a form or derivation of it ("act" / "actors", "nation" /
 * "nationality", "star" / "starring"); a few other letters make another word ("count" / "country", "star" / "start").
 */
const DERIVING_ENDINGS = new Set(
  ('s es d ed er ers or ors ing ings ion ions ation ations ition tion tions ment ments ance ence ant ants ent ents al ' +
    'als ship ist ists ian ians ive ives ity ities ly ure ures ee ees age ery ary ory ic ical ality ness hood ism y ies ied ren ual ally ial an n ator ators itor itors').split(' '),
);

/**
 * Whether `long` is `short` with a deriving ending, or a compound of it and a word of four letters or more
 * ("birth" / "birthplace", "team" / "teammates"): stems of three letters join too many unrelated words ("man" /
 * "manufacturer", "per" / "person") to count as compounds.
 */
function extendsStem(short: string, long: string): boolean {
  if (!long.startsWith(short)) return false;
  const rest = long.slice(short.length);
  // A short stem takes only endings of three letters or more: "man" / "many", "let" / "letter" are other words.
  if (short.length < 4) return rest.length >= 3 && DERIVING_ENDINGS.has(rest);
  if (DERIVING_ENDINGS.has(rest)) return true;
  // A doubled final consonant before the ending: "star" / "starred".
  if (rest.length >= 2 && rest[0] === short[short.length - 1] && DERIVING_ENDINGS.has(rest.slice(1))) return true;
  return rest.length >= 4;
}

/**
 * True when two words share a stem: equal crude stems ("acted" / "actors", "directed" / "director"), one the other
 * with a deriving ending or a compound of it (≥ 3 letters: "act" / "actor"), or a compound ending in the other
 * ("screenwriter" / "writer"; "mother" / "other" is no compound).
 */
export function sharesStem(a: string, b: string): boolean {
  if (a === b) return true;
  const [s, l] = a.length <= b.length ? [a, b] : [b, a];
  if (s.length >= 3 && extendsStem(s, l)) return true;
  if (s.length >= 5 && l.endsWith(s) && l.length - s.length >= 4) return true;
  const sa = crudeStem(a);
  const sb = crudeStem(b);
  if (sa === sb) return true;
  const [ss, ls] = sa.length <= sb.length ? [sa, sb] : [sb, sa];
  // A compound ending in the stem needs a word of its own before it ("screen|writ"), not a few letters ("capa|city").
  return ss.length >= 4 && (extendsStem(ss, ls) || (ls.endsWith(ss) && ls.length - ss.length >= 5));
}

/**
 * True when `a`, a word the vectors do not know, is one typing slip (a letter left out, added, changed or two
 * swapped) from `b` once both lose their inflection: "manufatures" / manufactured, "luminace" / luminance. Stems of
 * five letters or more only: short words are a slip away from too many others.
 */
export function typoOf(a: string, b: string): boolean {
  const x = crudeStem(a);
  const y = crudeStem(b);
  if (x.length < 5 || y.length < 5 || Math.abs(x.length - y.length) > 1 || x === y) return false;
  return withinOneEdit(x, y);
}

/** Damerau–Levenshtein distance at most one (one insertion, deletion, substitution or adjacent swap). */
export function withinOneEdit(x: string, y: string): boolean {
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  if (x.length === y.length) {
    if (x.slice(i + 1) === y.slice(i + 1)) return true;
    return x[i] === y[i + 1] && x[i + 1] === y[i] && x.slice(i + 2) === y.slice(i + 2);
  }
  const [s, l] = x.length < y.length ? [x, y] : [y, x];
  return s.slice(i) === l.slice(i + 1);
}

/** Caches one vector per word across questions (the vocabulary of questions and labels is small). */
export class WordVectors {
  private readonly vectors = new Map<string, Float32Array>();
  private readonly pairs = new Map<string, number>();

  constructor(
    private readonly drm: Drm,
    /** A floor from a lexicon (WordNet: synonyms, derivations, hypernyms), when one is installed. */
    private readonly lexical?: (a: string, b: string) => number,
    /** Whether the vectors know a word (absent: every word is known, and no typing slip is read). */
    private readonly known?: (word: string) => boolean,
  ) {}

  /** Embeds the words not seen yet, in one DRM call. */
  async prepare(words: Iterable<string>): Promise<void> {
    const missing = [...new Set(words)].filter((w) => !this.vectors.has(w));
    if (missing.length === 0) return;
    const vecs = await this.drm.embed(missing);
    missing.forEach((w, i) => this.vectors.set(w, vecs[i]));
    if (this.pairs.size > 500_000) this.pairs.clear();
  }

  vector(word: string): Float32Array | undefined {
    return this.vectors.get(word);
  }

  /**
   * Similarity in [-1, 1] of a question word `a` to a label word `b`; words never prepared count as unrelated unless
   * they share a stem.
   */
  similarity(a: string, b: string): number {
    if (a === b) return 1;
    // Ordered: the lexicon's relatedness is not symmetric (a question word a kind of a label word).
    const key = `${a}\u0000${b}`;
    let s = this.pairs.get(key);
    if (s === undefined) {
      const va = this.vectors.get(a);
      const vb = this.vectors.get(b);
      s = va && vb ? cosine(va, vb) : 0;
      if (sharesStem(a, b)) s = Math.max(s, STEM_MATCH);
      else if (this.known && !this.known(a) && typoOf(a, b)) s = Math.max(s, TYPO_MATCH);
      else if (this.lexical) {
        const l = this.lexical(a, b);
        s = l === LEXICAL_COHYPONYM ? Math.min(s, COHYPONYM_CAP) : Math.max(s, l);
      }
      this.pairs.set(key, s);
    }
    return s;
  }
}
