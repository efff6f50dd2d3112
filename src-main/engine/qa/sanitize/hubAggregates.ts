// Sanitizer stage 10: payload aggregates for hubs. An entity of very high degree (a genre, a country, a year) lies
// in the subgraph of many questions, so it is shown in many sessions; however fresh its token, it is reached the
// same way every time (the same relation into it, the same role in the paths), and an observer who links tokens
// across sessions by what they look like names it by base rate alone — the most common genre is the best guess for
// any genre token. So in ranking payloads a hub that is not an anchor is shown as an `A_` aggregate standing for it
// and the next highest-degree entities of the whole graph that hold the same visible (relation, direction) keys: no
// observer can tell which of them a path reaches, and two sessions' aggregates share no token. Only the text
// changes: a Brain's reply names candidate paths by number, and the Hand grounds each by its index, never by token.
import type { SanitizedView } from '../../core/types.js';
import { DIR_IN, DIR_OUT, type MemoryGraph } from '../../graph/memoryGraph.js';
import { holdersOf } from '../../graph/keyHolders.js';
import { kindToken } from './sessionSecret.js';

export interface HubOptions {
  /** An entity is a hub when its degree is within the top `share` of the graph's entities (by degree). */
  share: number;
  /** Raw entities an aggregate stands for: the hub and up to `members − 1` peers. */
  members: number;
  /**
   * Also treat as a hub every entity a ranking payload of the same engine already showed alone (the QA engine keeps
   * that set, raw indexes in its own process): shown once as itself, later only inside an aggregate, so no two
   * sessions show it the same way whatever its degree.
   */
  recurring: boolean;
}

/** The top half-percent by degree: MetaQA's genres, languages, frequent tags and years; few actors or films. */
export const DEFAULT_HUB_OPTIONS: HubOptions = { share: 0.005, members: 5, recurring: true };

/** One hub shown as an aggregate: the view's entity token, the aggregate token, the raw entities behind it. */
export interface HubAggregate {
  entityToken: string;
  token: string;
  members: number[];
}

const thresholds = new WeakMap<MemoryGraph, Map<number, number>>();

/** The least degree of a hub for `share` (at least 3, so a chain graph has none). Memoised per graph. */
export function hubDegree(graph: MemoryGraph, share: number): number {
  const memo = thresholds.get(graph) ?? thresholds.set(graph, new Map()).get(graph)!;
  let d = memo.get(share);
  if (d === undefined) {
    const degrees = new Int32Array(graph.size);
    for (let i = 0; i < graph.size; i++) degrees[i] = graph.offsets[i + 1] - graph.offsets[i];
    degrees.sort();
    const at = Math.max(0, Math.min(degrees.length - 1, Math.ceil(degrees.length * (1 - share)) - 1));
    d = Math.max(3, degrees.length ? degrees[at] : 3);
    memo.set(share, d);
  }
  return d;
}

const peerMemo = new WeakMap<MemoryGraph, Map<string, number[]>>();
const countMemo = new WeakMap<MemoryGraph, Map<string, number>>();

type KeySet = readonly { relations: readonly number[]; dir: number }[];

function keySetId(keys: KeySet): string {
  return keys.map((k) => `${k.dir}:${[...k.relations].sort((a, b) => a - b).join(',')}`).sort().join(';');
}

/**
 * Entities holding every (relation set, direction) key, ascending. The graph's holders of each key (built at import,
 * in its snapshot): an entity holds a key when it has an edge of one of its relations that way. Unions and
 * intersections of ascending lists, so the cost follows the keys' holders, not the graph.
 */
function holderSet(graph: MemoryGraph, keys: KeySet): number[] {
  if (!keys.length) return Array.from({ length: graph.size }, (_, i) => i);
  const table = graph.keyHolders();
  let found: number[] | undefined;
  for (const k of keys) {
    const rels = [...new Set(k.relations)];
    const union = rels.length === 1 ? Array.from(holdersOf(table, rels[0] * 2 + k.dir)) : ascendingUnion(rels.map((r) => holdersOf(table, r * 2 + k.dir)));
    found = found === undefined ? union : ascendingIntersection(found, union);
    if (!found.length) break;
  }
  return found ?? [];
}

/** How many entities hold every key. Memoised per graph and key set. */
function holderCount(graph: MemoryGraph, keys: KeySet): number {
  const id = keySetId(keys);
  const memo = countMemo.get(graph) ?? countMemo.set(graph, new Map()).get(graph)!;
  let n = memo.get(id);
  if (n === undefined) memo.set(id, (n = holderSet(graph, keys).length));
  return n;
}

/**
 * Entities holding every (relation set, direction) key, highest degree first (ties by index), at most `count`.
 * Memoised per graph and key set: a graph's hubs share few key sets.
 */
function holders(graph: MemoryGraph, keys: KeySet, count: number): number[] {
  const id = `${count}|${keySetId(keys)}`;
  const memo = peerMemo.get(graph) ?? peerMemo.set(graph, new Map()).get(graph)!;
  const known = memo.get(id);
  if (known) return known;
  const top = topByDegree(graph, holderSet(graph, keys), count);
  memo.set(id, top);
  return top;
}

/** The first `count` of `xs` by degree, highest first, ties by index: a sort's prefix, without sorting them all. */
function topByDegree(graph: MemoryGraph, xs: readonly number[], count: number): number[] {
  const before = (a: number, b: number): boolean => graph.degreeOf(a) > graph.degreeOf(b) || (graph.degreeOf(a) === graph.degreeOf(b) && a < b);
  const top: number[] = [];
  for (const x of xs) {
    if (top.length === count && !before(x, top[count - 1])) continue;
    let at = top.length === count ? count - 1 : top.length;
    for (; at > 0 && before(x, top[at - 1]); at--) top[at] = top[at - 1];
    top[at] = x;
  }
  return top;
}

/** Distinct members of ascending lists, ascending. */
function ascendingUnion(lists: readonly Int32Array[]): number[] {
  const all: number[] = [];
  for (const l of lists) for (let j = 0; j < l.length; j++) all.push(l[j]);
  all.sort((a, b) => a - b);
  return all.filter((x, j) => j === 0 || x !== all[j - 1]);
}

/** Members of both ascending lists, ascending. */
function ascendingIntersection(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length; )
    if (a[i] < b[j]) i++;
    else if (a[i] > b[j]) j++;
    else {
      out.push(a[i]);
      i++;
      j++;
    }
  return out;
}

/**
 * The aggregate of every non-anchor one-entity token of the view whose entity is a hub (or was shown before) and that
 * has at least one peer. `membersOf` and `relationsOf` read φ_Q. Tokens are HMACs of the members under the session secret, salted
 * apart from `taken` (the view's tokens). Pure given the graph (peers memoised).
 */
export function hubAggregates(input: {
  graph: MemoryGraph;
  view: SanitizedView;
  membersOf: (token: string) => readonly number[];
  relationsOf: (label: string) => readonly number[];
  secret: Uint8Array;
  tokenLength: number;
  options: HubOptions;
  /** Entities shown alone in an earlier session (used when `options.recurring`): a set, or the ledger's lookup. */
  shownBefore?: Pick<ReadonlySet<number>, 'has'>;
}): HubAggregate[] {
  const { graph, view, options } = input;
  if (options.members < 2 || options.share <= 0) return [];
  const min = hubDegree(graph, options.share);
  const keysOf = new Map<string, Map<string, { relations: readonly number[]; dir: number }>>();
  const addKey = (token: string, label: string, dir: number): void => {
    const keys = keysOf.get(token) ?? keysOf.set(token, new Map()).get(token)!;
    keys.set(`${dir}\u0000${label}`, { relations: input.relationsOf(label), dir });
  };
  for (const e of view.edges) {
    addKey(e.head, e.relation, DIR_OUT);
    addKey(e.tail, e.relation, DIR_IN);
  }
  const taken = new Set(view.nodes.map((n) => n.token));
  const out: HubAggregate[] = [];
  for (const n of view.nodes) {
    if (n.kind !== 'entity' || n.anchor || n.size !== 1) continue;
    const [entity] = input.membersOf(n.token);
    if (entity === undefined || (graph.degreeOf(entity) < min && !(options.recurring && input.shownBefore?.has(entity)))) continue;
    // Peers hold the hub's visible keys; a hub whose view shows a key set no other entity has (a country with many
    // relations into it) keeps its commonest keys, rarest dropped first, until it has peers: a payload shows a few.
    let keys = [...(keysOf.get(n.token)?.values() ?? [])].filter((k) => k.relations.length > 0);
    if (!keys.length) continue;
    keys = keys.map((k) => ({ k, n: holderCount(graph, [k]) })).sort((a, b) => b.n - a.n).map((x) => x.k);
    const peersOf = (ks: typeof keys): number[] => holders(graph, ks, options.members).filter((x) => x !== entity).slice(0, options.members - 1);
    let peers = peersOf(keys);
    while (peers.length < options.members - 1 && keys.length > 1) peers = peersOf((keys = keys.slice(0, -1)));
    if (!peers.length) continue;
    const members = [entity, ...peers].sort((a, b) => a - b);
    const ids = members.map((x) => graph.ids[x]);
    let salt = 0;
    let token = kindToken(input.secret, 'aggregate', ids, input.tokenLength, 0, true);
    while (taken.has(token)) token = kindToken(input.secret, 'aggregate', ids, input.tokenLength, ++salt, true);
    taken.add(token);
    out.push({ entityToken: n.token, token, members });
  }
  return out;
}
