// Superlatives ("the earliest film William Wyler directed", "the tallest player of X's club"): the question asks for
// the answer whose value of some attribute is extreme, not for every answer of the chain. Which way each superlative
// points is English grammar, a closed class (earliest: the least date; tallest: the greatest number), so it is
// listed; the attribute comes from the answers themselves — their own value when they are dates or numbers, else the
// literal relation most of them hold (a date for a time word; for another word the number relation whose label the
// caller finds nearest). Pure.
import { DIR_OUT } from '../../graph/edgeDirection.js';
import type { MemoryGraph } from '../../graph/memoryGraph.js';

export interface Superlative {
  /** The word as written ("earliest", "most recent"). */
  word: string;
  /** Its adjective ("early"), for matching an attribute's label. */
  base: string;
  /** Greatest value first (latest, tallest) or least (earliest, smallest). */
  most: boolean;
  /** A time word: its attribute is a date. */
  time: boolean;
}

/** word → [adjective, greatest?, time?] */
const SUPERLATIVES: Readonly<Record<string, readonly [string, boolean, boolean]>> = {
  earliest: ['early', false, true],
  oldest: ['old', false, true],
  first: ['first', false, true],
  latest: ['late', true, true],
  newest: ['new', true, true],
  youngest: ['young', true, true],
  last: ['last', true, true],
  largest: ['large', true, false],
  biggest: ['big', true, false],
  greatest: ['great', true, false],
  highest: ['high', true, false],
  tallest: ['tall', true, false],
  longest: ['long', true, false],
  heaviest: ['heavy', true, false],
  widest: ['wide', true, false],
  deepest: ['deep', true, false],
  smallest: ['small', false, false],
  lowest: ['low', false, false],
  shortest: ['short', false, false],
  lightest: ['light', false, false],
  fewest: ['few', false, false],
  cheapest: ['cheap', false, false],
};

/** "first" and "last" are ordinals of many nouns that are no order at all ("first name", "last name", "at last"). */
const NOT_AN_ORDER = new Set(['name', 'names', 'lady']);

/**
 * The superlative a question asks by, from its words outside the topic mentions (a title such as "The Last Sunset"
 * asks nothing); undefined when there is none. "first" / "last" count only after "the" ("the first film").
 */
export function readSuperlative(words: readonly string[]): Superlative | undefined {
  for (let i = 0; i < words.length; i++) {
    const w = words[i].toLowerCase();
    if ((w === 'most' || w === 'least') && /^recent(ly)?$/.test(words[i + 1]?.toLowerCase() ?? '')) return { word: `${w} recent`, base: 'recent', most: w === 'most', time: true };
    const entry = SUPERLATIVES[w];
    if (!entry) continue;
    if ((w === 'first' || w === 'last') && (words[i - 1]?.toLowerCase() !== 'the' || NOT_AN_ORDER.has(words[i + 1]?.toLowerCase() ?? ''))) continue;
    return { word: w, base: entry[0], most: entry[1], time: entry[2] };
  }
  return undefined;
}

export interface Extreme {
  /** The answers holding the extreme value (ties kept), in the order given. */
  winners: number[];
  /** The attribute: a relation and the direction from the answer to its value, or undefined for the answers' own value. */
  attribute?: { relation: number; direction: 'out' | 'in' };
  /** The extreme value as the graph writes it. */
  value: string;
}

/** A comparable number for a date ("1953", "1953-09-02") or a number ("1,200", "3.5"); NaN otherwise. */
export function comparableValue(text: string, kind: 'date' | 'number'): number {
  const s = text.trim();
  if (kind === 'date') {
    const m = /^(-?\d{1,4})(?:-(\d{2}))?(?:-(\d{2}))?/.exec(s);
    return m ? Number(m[1]) * 10_000 + Number(m[2] ?? 0) * 100 + Number(m[3] ?? 0) : NaN;
  }
  return Number(s.replace(/,/g, ''));
}

/** Share of the answers that must hold a value of the attribute for it to order them. */
const MIN_COVERAGE = 0.5;

/**
 * The answers with the extreme value of the superlative's attribute. `nearness(relation)` says how well a relation's
 * label fits the superlative's adjective (higher is nearer); it chooses among number attributes and breaks ties
 * among dates. Undefined when fewer than two answers can be compared.
 */
export function extremeAnswers(graph: MemoryGraph, answers: readonly number[], sup: Superlative, nearness: (relation: number) => number): Extreme | undefined {
  if (answers.length < 2) return undefined;
  // A time word compares dates, another word numbers ("the largest": a bed count, not an opening date).
  const wanted = (e: number): 'date' | 'number' | undefined => {
    const kind = graph.literalOf(e);
    if (kind === 'date' && sup.time) return 'date';
    if (kind === 'number' && !sup.time) return 'number';
    return undefined;
  };
  // The answers are values themselves ("the earliest release year of X's films").
  const own = answers.map((e) => (wanted(e) ? comparableValue(graph.names[e], wanted(e)!) : NaN));
  if (own.filter((v) => !Number.isNaN(v)).length >= 2) return pick(answers, own, sup.most, (i) => graph.names[answers[i]]);
  // Otherwise the literal relation most of them hold: per (relation, direction), each answer's extreme value.
  const byKey = new Map<number, { values: number[]; texts: string[]; kind: 'date' | 'number' }>();
  answers.forEach((e, i) => {
    graph.forEachGroup(e, (rel, dir, s, end) => {
      for (let k = s; k < end; k++) {
        const v = graph.edgeNeighbor[k];
        const kind = wanted(v);
        if (!kind) continue;
        const x = comparableValue(graph.names[v], kind);
        if (Number.isNaN(x)) continue;
        const key = rel * 2 + dir;
        let slot = byKey.get(key);
        if (!slot) byKey.set(key, (slot = { values: answers.map(() => NaN), texts: answers.map(() => ''), kind }));
        if (slot.kind !== kind) continue;
        const cur = slot.values[i];
        if (Number.isNaN(cur) || (sup.most ? x > cur : x < cur)) {
          slot.values[i] = x;
          slot.texts[i] = graph.names[v];
        }
      }
    });
  });
  const need = Math.max(2, Math.ceil(MIN_COVERAGE * answers.length));
  let best: { key: number; near: number; covered: number } | undefined;
  for (const [key, slot] of byKey) {
    const covered = slot.values.filter((v) => !Number.isNaN(v)).length;
    if (covered < need) continue;
    const near = nearness(key >> 1);
    // A time word orders by dates, and among them by the best-covered, then the nearest label; another word by the
    // nearest number label, then coverage.
    const better = !best || (sup.time ? covered > best.covered || (covered === best.covered && near > best.near) : near > best.near || (near === best.near && covered > best.covered));
    if (better) best = { key, near, covered };
  }
  if (!best) return undefined;
  const slot = byKey.get(best.key)!;
  const found = pick(answers, slot.values, sup.most, (i) => slot.texts[i]);
  return found && { ...found, attribute: { relation: best.key >> 1, direction: (best.key & 1) === DIR_OUT ? 'out' : 'in' } };
}

function pick(answers: readonly number[], values: readonly number[], most: boolean, text: (i: number) => string): Extreme | undefined {
  let at = -1;
  values.forEach((v, i) => {
    if (Number.isNaN(v)) return;
    if (at < 0 || (most ? v > values[at] : v < values[at])) at = i;
  });
  if (at < 0) return undefined;
  const winners = answers.filter((_, i) => values[i] === values[at]);
  return { winners, value: text(at) };
}
