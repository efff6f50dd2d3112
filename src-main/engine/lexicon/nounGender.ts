// The sex a person noun names ("son", "wife", "sons-in-law": male, female, male), read from WordNet: the noun's first
// sense is a kind of "male person" / "female person", or its definition's first clause says so ("husband: a married
// man"; "mother: a woman who has given birth"), or it is defined as another kin's kin ("son-in-law: the husband of
// your daughter"). Nouns of either sex ("child", "spouse", "parent", "heir") name none.
import type { Gender } from '../core/types.js';
import type { WordNet } from './wordnet.js';

const MALE_WORDS = /\b(?:male|man|men|boy|boys)\b/;
const FEMALE_WORDS = /\b(?:female|woman|women|girl|girls)\b/;
/** "the husband of your daughter": a kin noun defined as another's kin. */
const KIN_OF = /^(?:a|an|the) ([a-z]+) of (?:your|a|an|the|someone's|one's)\b/;

const memo = new WeakMap<WordNet, Map<string, Gender | null>>();

export function nounGender(wn: WordNet, word: string): Gender | undefined {
  let m = memo.get(wn);
  if (!m) memo.set(wn, (m = new Map()));
  const key = word.toLowerCase();
  let g = m.get(key);
  if (g === undefined) {
    g = read(wn, key, 1) ?? null;
    if (m.size > 50_000) m.clear();
    m.set(key, g);
  }
  return g ?? undefined;
}

function read(wn: WordNet, word: string, depth: number): Gender | undefined {
  // Plurals WordNet's morphy rules leave alone: compounds ("sons-in-law": son-in-law) and -ves ("wives": wife).
  const s = [word, word.replace(/^([a-z]+?)s-/, '$1-'), word.replace(/ves$/, 'fe')].map((x) => wn.synsets(x, 'n', 1)[0]).find((x) => x !== undefined);
  if (!s || s.lexname !== 'noun.person') return undefined;
  const [male, female] = anchors(wn);
  if (male === undefined || female === undefined) return undefined;
  if (s.offset === male) return 'male';
  if (s.offset === female) return 'female';
  const up = wn.closure(s, ['@', '@i'], 6).map((x) => x.offset);
  const isMale = up.includes(male);
  const isFemale = up.includes(female);
  if (isMale !== isFemale) return isMale ? 'male' : 'female';
  const clause = s.gloss.split(';')[0].replace(/"[^"]*"/g, '').trim().toLowerCase();
  const saysMale = MALE_WORDS.test(clause);
  const saysFemale = FEMALE_WORDS.test(clause);
  if (saysMale !== saysFemale) return saysMale ? 'male' : 'female';
  const kin = KIN_OF.exec(clause);
  return kin && depth > 0 && kin[1] !== word ? read(wn, kin[1], depth - 1) : undefined;
}

const anchorMemo = new WeakMap<WordNet, [number | undefined, number | undefined]>();

/** The synsets "male person" and "female person" (offsets). */
function anchors(wn: WordNet): [number | undefined, number | undefined] {
  let a = anchorMemo.get(wn);
  if (!a) anchorMemo.set(wn, (a = [wn.synsets('male person', 'n', 1)[0]?.offset, wn.synsets('female person', 'n', 1)[0]?.offset]));
  return a;
}

/** The sex an entity's name states, for the values of a sex-or-gender relation ("male", "Female", "woman"). */
export function nameGender(wn: WordNet, name: string): Gender | undefined {
  const n = name.trim().toLowerCase();
  if (!/^[a-z]+(?: [a-z]+)?$/.test(n)) return undefined;
  const [male, female] = anchors(wn);
  // "male" and "female" are first of all animals' sexes in WordNet: any sense of the name that is the person counts.
  const senses = wn.synsets(n, 'n').map((s) => s.offset);
  if (male !== undefined && senses.includes(male)) return 'male';
  if (female !== undefined && senses.includes(female)) return 'female';
  return nounGender(wn, n);
}
