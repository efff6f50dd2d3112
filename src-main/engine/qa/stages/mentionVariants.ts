// Derived mentions: the name forms a question word may stand for when it is not written as the name itself —
// its singular ("rivers" → "river"), the place behind a demonym or relational adjective ("jamaican" → "jamaica",
// "japanese" → "japan", "swedish" → "sweden"), the initials of a longer name ("esrb"). Only general English
// morphology lives here; every form is a guess until the caller finds it among the graph's own names.

/**
 * Suffix → replacements of English demonyms and relational adjectives (-ian, -an, -ese, -ish, -i, -ic, -ine).
 * Irregular pairs ("french" → "france", "dutch", "spanish") are beyond suffix rules and are not derived.
 */
const ADJECTIVE_RULES: readonly (readonly [string, readonly string[]])[] = [
  // brazil-ian, canad-ian → canada, ital-ian → italy, ind-ian → india, egypt-ian, paris-ian
  ['ian', ['', 'a', 'y', 'ia', 'e']],
  // mexic-an → mexico, germ-an → germany, cub-an → cuba, americ-an → america, rom-an → rome, europe-an
  ['an', ['', 'a', 'o', 'any', 'e']],
  // japan-ese, chin-ese → china, leban-ese → lebanon, malt-ese → malta
  ['ese', ['', 'a', 'on', 'e']],
  // engl-ish → england, pol-ish → poland, swed-ish → sweden, turk-ish → turkey, brit-ish → britain
  ['ish', ['', 'and', 'land', 'en', 'ey', 'ain', 'y']],
  // israel-i, pakistan-i, somal-i → somalia
  ['i', ['', 'a']],
  // iceland-ic, arab-ic
  ['ic', ['', 'a']],
  // argent-ine → argentina, philipp-ine → philippines
  ['ine', ['ina', 'ines']],
];

/** A stem shorter than this is too little of a word to stand for a name ("hum-an", "or-an"). */
const MIN_STEM = 3;

/** Singular forms of an English plural ("rivers" → "river", "countries" → "country", "churches" → "church"). */
export function singularForms(word: string): string[] {
  const out: string[] = [];
  if (word.length > 4 && word.endsWith('ies')) out.push(`${word.slice(0, -3)}y`);
  if (word.length > 4 && /(ch|sh|x|ss|z)es$/.test(word)) out.push(word.slice(0, -2));
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is')) out.push(word.slice(0, -1));
  return out;
}

/** Place or group names a demonym / relational adjective may derive from ("jamaican" → "jamaica", "jamaicans" too). */
export function adjectiveBases(word: string): string[] {
  const out = new Set<string>();
  for (const w of [word, ...singularForms(word)]) {
    if (w.length < MIN_STEM + 2) continue;
    for (const [suffix, replacements] of ADJECTIVE_RULES) {
      if (!w.endsWith(suffix)) continue;
      const stem = w.slice(0, -suffix.length);
      if (stem.length < MIN_STEM) continue;
      for (const r of replacements) if (stem + r !== word) out.add(stem + r);
    }
  }
  return [...out];
}

/**
 * Derived forms of a folded word in groups, most literal first: its singular forms, then its adjective bases.
 * A caller takes the first group with a name in it, and inside a group the best-connected name ("german" →
 * Germany rather than Germ).
 */
export function derivedForms(word: string): string[][] {
  if (!/^\p{L}+$/u.test(word)) return [];
  const singular = singularForms(word).filter((f) => f !== word);
  const bases = adjectiveBases(word).filter((f) => f !== word && !singular.includes(f));
  return [singular, bases].filter((g) => g.length > 0);
}

/** Words an acronym skips ("International System of Units" → "isu" and "isou"). */
export { acronymsOf } from '../../core/nameWords.js';
