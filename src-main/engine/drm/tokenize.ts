// Words of free text and of relation labels, lowercase, in the shape the GloVe vocabulary uses. Relation labels
// come from arbitrary schemas (Freebase `film.directed_by`, `__people__person__nationality`, camelCase RDF
// predicates, CSV headers), so splitting must not depend on any one naming style.

const COMBINING_MARKS = /[\u0300-\u036f]/g;
const WORD = /[\p{L}\p{N}]+/gu;

/** Lowercase words of a question or name: diacritics folded, `_`/punctuation as separators, possessive `'s` dropped. */
export function tokenizeText(text: string): string[] {
  const folded = text.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase();
  const out: string[] = [];
  for (const m of folded.matchAll(WORD)) {
    const w = m[0];
    const at = m.index ?? 0;
    // "o'donnell's", "frederica 's": an "s" right after an apostrophe is the possessive, not a word.
    if (w === 's' && at > 0 && /['’`]/.test(folded[at - 1])) continue;
    out.push(w);
  }
  return out;
}

/**
 * Words of a relation label: splits on `.`, `_`, `__`, `/`, `#`, `:`, `-`, whitespace and camelCase boundaries
 * (`hasImdbRating` → has imdb rating, `IMDbURL` → i mdb url is avoided by treating runs of capitals as one word).
 */
export function tokenizeLabel(label: string): string[] {
  // Keep only the local part of IRIs: the namespace is noise (http, www, org …).
  const local = /^[a-z]+:\/\//i.test(label) ? label.replace(/^.*[/#]/, '') : label;
  const spaced = local
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    // camelCase: "hasImdb" → "has Imdb"; acronym runs: "IMDBRating" → "IMDB Rating"; letters/digits apart.
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/(\p{L})(\p{N})/gu, '$1 $2')
    .replace(/(\p{N})(\p{L})/gu, '$1 $2');
  return (spaced.toLowerCase().match(WORD) ?? []).filter((w) => w.length > 0);
}
