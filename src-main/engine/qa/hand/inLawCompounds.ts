// English kinship compounds with "-in-law" name two relations, one of them marriage: a father-in-law is a spouse's
// father, a son-in-law a daughter's husband, a sister-in-law a spouse's sister. The analysis reads hops from words, so the
// compound is spelled out before the question is read ("X's father-in-law" → "X's spouse's father", "the son-in-law
// of X" → "the husband of the daughter of X"). General English, not any graph's labels: "spouse" is then matched to
// whatever the graph calls marriage. Likewise a "-mate" of a person is a fellow of that thing ("the teammates of X"
// → "the fellow team of X": X's team, then back to its other members). Mention spans after a rewrite move with it.

export interface Span {
  start: number;
  end: number;
}

const COMPOUND = /\b(father|mother|parent|son|daughter|child|brother|sister|sibling)(s)?[-\s]in[-\s]law(s)?\b/gi;
/** Kin reached through the spouse (a spouse's father) vs kin whose spouse is meant (a son's spouse). */
const BY_SPOUSE = new Set(['father', 'mother', 'parent', 'brother', 'sister', 'sibling']);
/** Whose spouse a child-in-law is, and what the spouse is called: a son-in-law is a daughter's husband. */
const CHILD_SPOUSE: Readonly<Record<string, [string, string]>> = { son: ['daughter', 'husband'], daughter: ['son', 'wife'], child: ['child', 'spouse'] };
/** "teammates", "classmate": a word of three letters or more, then "mate(s)". */
const MATE = /\b([a-z]{3,})mates?\b/gi;

/**
 * Rewrites every match outside the mentions (`text` returns the replacement, or undefined to keep the match) and moves
 * the mention spans to match.
 */
function rewrite<T extends Span>(
  question: string,
  mentions: readonly T[],
  pattern: RegExp,
  text: (m: RegExpMatchArray, possessive: boolean) => string | undefined,
): { question: string; mentions: T[] } {
  const edits: Edit[] = [];
  for (const m of question.matchAll(pattern)) {
    const at = m.index ?? 0;
    const possessive = /['’]s\s+$/.test(question.slice(Math.max(0, at - 4), at));
    const replaced = text(m, possessive);
    if (replaced !== undefined) edits.push({ start: at, end: at + m[0].length, text: replaced });
  }
  const { question: q, mentions: m } = applyEdits(question, mentions, edits);
  return { question: q, mentions: m };
}

/** One replacement of the question's characters [start, end). */
export interface Edit extends Span {
  text: string;
}

/**
 * Applies non-overlapping edits in order of position, skipping those that touch a mention (words inside a name are
 * part of the name), and moves the mention spans to match.
 */
export function applyEdits<T extends Span>(
  question: string,
  mentions: readonly T[],
  edits: readonly Edit[],
): { question: string; mentions: T[]; placed: Span[] } {
  let out = '';
  let last = 0;
  const shifts: { at: number; by: number }[] = [];
  // Where each applied replacement lies in the output.
  const placed: Span[] = [];
  for (const e of [...edits].sort((a, b) => a.start - b.start)) {
    if (e.start < last || mentions.some((s) => e.start < s.end && e.end > s.start)) continue;
    out += question.slice(last, e.start);
    placed.push({ start: out.length, end: out.length + e.text.length });
    out += e.text;
    shifts.push({ at: e.end, by: e.text.length - (e.end - e.start) });
    last = e.end;
  }
  if (shifts.length === 0) return { question, mentions: [...mentions], placed };
  out += question.slice(last);
  const move = (x: number): number => x + shifts.filter((s) => s.at <= x).reduce((n, s) => n + s.by, 0);
  return { question: out, mentions: mentions.map((s) => ({ ...s, start: move(s.start), end: move(s.end) })), placed };
}

/** The question with every "-in-law" compound spelled out, and the mention spans moved to match. */
export function spellOutInLaws<T extends Span>(question: string, mentions: readonly T[]): { question: string; mentions: T[] } {
  return rewrite(question, mentions, COMPOUND, (m, possessive) => {
    const kin = m[1].toLowerCase();
    if (BY_SPOUSE.has(kin)) return possessive ? `spouse's ${kin}` : `${kin} of the spouse`;
    const [child, spouse] = CHILD_SPOUSE[kin] ?? [kin, 'spouse'];
    return possessive ? `${child}'s ${spouse}` : `${spouse} of the ${child}`;
  });
}

/**
 * The question with every "-mate" compound naming a person ("teammates", "classmate": `isPersonCompound`, from a
 * lexicon; "checkmate" and "primate" are not) spelled out as "fellow <thing>", and the mention spans moved to match.
 */
export function spellOutMates<T extends Span>(
  question: string,
  mentions: readonly T[],
  isPersonCompound: (word: string, thing: string) => boolean,
): { question: string; mentions: T[] } {
  return rewrite(question, mentions, MATE, (m) => {
    const thing = m[1].toLowerCase();
    return isPersonCompound(m[0].toLowerCase(), thing) ? `fellow ${thing}` : undefined;
  });
}

/** A kin noun that is another kin's kin: "grandfather" is a father of a father or mother. */
export interface KinOfKin {
  kin: string;
  /** The kin it is the kin of, in the definition's order. */
  of: string[];
}

const WORD = /[a-z]+/gi;

/**
 * The question with every kin noun that `define` reads as a kin's kin spelled out ("X's paternal grandfather" →
 * "X's father's father", "the grandmother of X" → "the mother of the father of X"). A modifier before the noun that
 * `pertains` to one of the alternatives picks it ("paternal": father, "maternal": mother); otherwise the first. A
 * word of a compound (`compound`: "great grandfather", or joined by a hyphen) and a plural are left as they are: the
 * definition is the singular's, of the word alone.
 */
export function spellOutKinOfKin<T extends Span>(
  question: string,
  mentions: readonly T[],
  define: (word: string) => KinOfKin | undefined,
  pertains: (modifier: string) => readonly string[],
  compound: (first: string, second: string) => boolean = () => false,
): { question: string; mentions: T[] } {
  const tokens = [...question.matchAll(WORD)].map((m) => ({ text: m[0], start: m.index ?? 0 }));
  const edits: Edit[] = [];
  tokens.forEach((t, i) => {
    const word = t.text.toLowerCase();
    const end = t.start + t.text.length;
    if (question[t.start - 1] === '-' || question[end] === '-') return;
    const def = define(word);
    if (!def || (word !== def.kin && word.endsWith('s') && define(word.slice(0, -1)) !== undefined)) return;
    const prev = tokens[i - 1];
    const adjacent = !!prev && /^\s+$/.test(question.slice(prev.start + prev.text.length, t.start));
    if (adjacent && compound(prev.text.toLowerCase(), word)) return;
    const chosen = adjacent ? def.of.find((o) => pertains(prev.text.toLowerCase()).includes(o)) : undefined;
    const start = chosen !== undefined ? prev.start : t.start;
    const of = chosen ?? def.of[0];
    const possessive = /(?:['’]s|s['’])\s+$/.test(question.slice(Math.max(0, start - 4), start));
    const text = possessive ? `${of}'s ${def.kin}` : `${def.kin} of the ${of}`;
    edits.push({ start, end, text });
  });
  const { question: q, mentions: moved } = applyEdits(question, mentions, edits);
  return { question: q, mentions: moved };
}
