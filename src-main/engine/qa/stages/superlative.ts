// Superlatives ("the earliest film William Wyler directed", "the tallest player of X's club"): the question asks for
// the answer whose value of some attribute is extreme, not for every answer of the chain. Which way each superlative
// points is English grammar, a closed class (earliest: the least date; tallest: the greatest number), so it is
// listed; the attribute comes from the answers themselves — their own value when they are dates or numbers, else the
// literal relation most of them hold (a date for a time word; for another word the one number relation they hold, or
// the one the question names). Pure.
import type { RawStep } from '../../core/types.js';
import { DIR_OUT } from '../../graph/edgeDirection.js';
import type { MemoryGraph } from '../../graph/memoryGraph.js';
import { DEFAULT_SUPPORT_BUDGET, stepEdges } from './chainSupport.js';

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
const NOT_AN_ORDER = new Set(['name', 'names', 'lady', 'time', 'week', 'month', 'year', 'night']);
/** Words after which "first" / "last" order what follows: "the first film", "X's last album" ("s" of "X's"), "her first". */
const ORDINAL_BEFORE = new Set(['the', 's', 'his', 'her', 'its', 'their', 'my', 'your', 'our']);

/**
 * The superlative a question asks by, from its words outside the topic mentions (a title such as "The Last Sunset"
 * asks nothing); undefined when there is none. "first" / "last" count only after "the" or a possessive ("the first
 * film", "X's last album"), and not before a noun they do not order ("first name", "last week").
 */
export function readSuperlative(words: readonly string[]): Superlative | undefined {
  for (let i = 0; i < words.length; i++) {
    const w = words[i].toLowerCase();
    if ((w === 'most' || w === 'least') && /^recent(ly)?$/.test(words[i + 1]?.toLowerCase() ?? '')) return { word: `${w} recent`, base: 'recent', most: w === 'most', time: true };
    const entry = SUPERLATIVES[w];
    if (!entry) continue;
    if ((w === 'first' || w === 'last') && (!ORDINAL_BEFORE.has(words[i - 1]?.toLowerCase() ?? '') || NOT_AN_ORDER.has(words[i + 1]?.toLowerCase() ?? ''))) continue;
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

/** A comparable number for a date ("1953", "0950", "1953-09-02") or a number ("1,200", "3.5"); NaN otherwise. */
export function comparableValue(text: string, kind: 'date' | 'number'): number {
  const s = text.trim();
  if (kind === 'date') {
    const m = /^(-?\d{1,4})(?:-(\d{2}))?(?:-(\d{2}))?/.exec(s);
    return m ? Number(m[1]) * 10_000 + Number(m[2] ?? 0) * 100 + Number(m[3] ?? 0) : NaN;
  }
  return s === '' ? NaN : Number(s.replace(/,/g, ''));
}

/** Share of the answers that must hold a value of the attribute (or be values) for it to order them. */
const MIN_COVERAGE = 0.5;

/** Which relation orders the answers, when several could: the one a question word names, then the best covered. */
export interface AttributeChoice {
  /** Whether the question's words name this relation's label ("the largest bed count"). */
  named(relation: number): boolean;
  /** How near the relation's label is to the superlative's adjective (a tie-breaker among dates). */
  nearness(relation: number): number;
}

/**
 * The answers with the extreme value of the superlative's attribute. The answers' own values when most of them are
 * values; else, per relation, each answer's extreme value, the relation read as dates or as numbers by the kind most
 * of its values have (an importer reads "1500" as a year and "0950" as a number). A time word takes a date relation; a
 * number word takes the only number relation most answers hold, or the one the question names — several unnamed ones
 * are ambiguous ("the largest hospital": beds or staff?), and nothing is reordered. Undefined when fewer than two
 * answers can be compared. Among dates the question does not name, the origin (the date that comes first) is the age.
 */
export function extremeAnswers(graph: MemoryGraph, answers: readonly number[], sup: Superlative, choice: AttributeChoice): Extreme | undefined {
  if (answers.length < 2) return undefined;
  const need = Math.max(2, Math.ceil(MIN_COVERAGE * answers.length));
  const want: 'date' | 'number' = sup.time ? 'date' : 'number';
  // The answers are values themselves ("the earliest release year of X's films"), not titles that look like years.
  const ownKinds = answers.map((e) => graph.literalOf(e));
  if (majorityKind(ownKinds) === want && ownKinds.filter((k) => k === 'date' || k === 'number').length >= need) {
    const own = answers.map((e) => comparableValue(graph.names[e], want));
    return pick(answers, own, sup.most, (i) => graph.names[answers[i]]);
  }
  // Otherwise per (relation, direction): every value text the answers hold there, and the kinds they read as.
  const byKey = new Map<number, { texts: string[][]; kinds: (string | undefined)[] }>();
  answers.forEach((e, i) => {
    graph.forEachGroup(e, (rel, dir, s, end) => {
      for (let k = s; k < end; k++) {
        const v = graph.edgeNeighbor[k];
        const kind = graph.literalOf(v);
        if (kind !== 'date' && kind !== 'number') continue;
        const key = rel * 2 + dir;
        let slot = byKey.get(key);
        if (!slot) byKey.set(key, (slot = { texts: answers.map(() => []), kinds: [] }));
        slot.texts[i].push(graph.names[v]);
        slot.kinds.push(kind);
      }
    });
  });
  const candidates: { key: number; values: number[]; texts: string[]; mins: number[]; covered: number; named: boolean; near: number; origin: number }[] = [];
  for (const [key, slot] of byKey) {
    if (majorityKind(slot.kinds) !== want) continue;
    // Each answer's extreme value of this relation (a film released twice: its first release for "earliest").
    const values = answers.map(() => NaN);
    const texts = answers.map(() => '');
    const mins = answers.map(() => NaN);
    slot.texts.forEach((list, i) => {
      for (const t of list) {
        const x = comparableValue(t, want);
        if (Number.isNaN(x)) continue;
        if (Number.isNaN(values[i]) || (sup.most ? x > values[i] : x < values[i])) {
          values[i] = x;
          texts[i] = t;
        }
        if (Number.isNaN(mins[i]) || x < mins[i]) mins[i] = x;
      }
    });
    const covered = values.filter((v) => !Number.isNaN(v)).length;
    if (covered >= need) candidates.push({ key, values, texts, mins, covered, named: choice.named(key >> 1), near: choice.nearness(key >> 1), origin: 0 });
  }
  if (candidates.length === 0) return undefined;
  const named = candidates.filter((c) => c.named);
  const pool = named.length ? named : candidates;
  if (!sup.time && pool.length > 1) return undefined;
  // Among dates the question does not name, a thing's age counts from its origin: the relation whose date comes first
  // for most answers (born before admitted, founded before anything else), then the best covered.
  for (const c of pool) c.origin = answers.filter((_, i) => !Number.isNaN(c.mins[i]) && pool.every((o) => Number.isNaN(o.mins[i]) || o.mins[i] >= c.mins[i])).length;
  pool.sort((x, y) => y.origin - x.origin || y.covered - x.covered || y.near - x.near || x.key - y.key);
  const best = pool[0];
  const found = pick(answers, best.values, sup.most, (i) => best.texts[i]);
  return found && { ...found, attribute: { relation: best.key >> 1, direction: (best.key & 1) === DIR_OUT ? 'out' : 'in' } };
}

/** The literal kind most of the values have ('date' or 'number'), undefined when neither leads. */
function majorityKind(kinds: readonly (string | undefined)[]): 'date' | 'number' | undefined {
  let dates = 0;
  let numbers = 0;
  for (const k of kinds) {
    if (k === 'date') dates++;
    else if (k === 'number') numbers++;
  }
  if (dates === 0 && numbers === 0) return undefined;
  return dates >= numbers ? 'date' : 'number';
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

/** Every end of a chain walked on the raw graph, and a way to one raw path to any of them. */
export interface ChainEnds {
  ends: number[];
  pathTo(end: number): { entities: number[]; edges: RawStep[] } | undefined;
}

/**
 * The ends of a single-anchor chain on the whole raw graph (the question subgraph and pruning keep a sample of a wide
 * relation's neighbours; a superlative must compare them all), with the first-found parent of each node per hop for
 * its evidence path. Undefined when the walk would visit more than `budget` edges.
 */
export function walkChainEnds(graph: MemoryGraph, anchor: number, steps: readonly RawStep[], budget = DEFAULT_SUPPORT_BUDGET): ChainEnds | undefined {
  const parents: Map<number, number>[] = [];
  let frontier = [anchor];
  const spent = { visits: 0 };
  for (const step of steps) {
    const parent = new Map<number, number>();
    const first = (u: number, v: number): void => {
      if (!parent.has(v)) parent.set(v, u);
    };
    if (!stepEdges(graph, frontier, step, spent, budget, first)) return undefined;
    parents.push(parent);
    frontier = [...parent.keys()];
  }
  return {
    ends: frontier.filter((e) => e !== anchor),
    pathTo(endEntity) {
      if (!parents.at(-1)?.has(endEntity)) return undefined;
      const entities = [endEntity];
      for (let k = parents.length - 1; k >= 0; k--) entities.unshift(parents[k].get(entities[0])!);
      return { entities, edges: steps.map((st) => ({ relation: st.relation, direction: st.direction })) };
    },
  };
}
