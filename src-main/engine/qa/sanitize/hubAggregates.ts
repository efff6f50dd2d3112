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
import { edgeKey, hasKey, holdersOf } from '../../graph/keyHolders.js';
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
    // The degree at rank `at` of the ascending order, read from a histogram (no sort of every entity's degree).
    const n = graph.size;
    const { offsets } = graph;
    let top = 0;
    for (let i = 0; i < n; i++) top = Math.max(top, offsets[i + 1] - offsets[i]);
    const count = new Int32Array(top + 1);
    for (let i = 0; i < n; i++) count[offsets[i + 1] - offsets[i]]++;
    const at = Math.max(0, Math.min(n - 1, Math.ceil(n * (1 - share)) - 1));
    let degree = 0;
    for (let seen = count[0]; seen <= at; ) seen += count[++degree];
    d = Math.max(3, n ? degree : 3);
    memo.set(share, d);
  }
  return d;
}

const peerMemo = new WeakMap<MemoryGraph, Map<string, number[]>>();
const orderMemo = new WeakMap<MemoryGraph, Map<string, Int32Array>>();

type Key = { relations: readonly number[]; dir: number };
type KeySet = readonly Key[];

function keyId(k: Key): string {
  return `${k.dir}:${[...new Set(k.relations)].sort((a, b) => a - b).join(',')}`;
}

function keySetId(keys: KeySet): string {
  return keys.map(keyId).sort().join(';');
}

/**
 * The entities holding one (relation set, direction) key — an edge of one of its relations that way — highest degree
 * first, ties by index. From the graph's holders of each key (built at import, in its snapshot), ordered by a
 * counting sort over degrees, once per graph and key: a question then reads the few it needs from the front.
 */
function byDegree(graph: MemoryGraph, k: Key): Int32Array {
  const id = keyId(k);
  const memo = orderMemo.get(graph) ?? orderMemo.set(graph, new Map()).get(graph)!;
  let order = memo.get(id);
  if (order) return order;
  const table = graph.keyHolders();
  const rels = [...new Set(k.relations)];
  const list = rels.length === 1 ? holdersOf(table, rels[0] * 2 + k.dir) : ascendingUnion(rels.map((r) => holdersOf(table, r * 2 + k.dir)));
  // Degrees read once, in plain index loops: a key of a 10M-triple graph has a million holders or more.
  const { offsets } = graph;
  const n = list.length;
  const degree = new Int32Array(n);
  let top = 0;
  for (let j = 0; j < n; j++) {
    const x = list[j];
    const d = offsets[x + 1] - offsets[x];
    degree[j] = d;
    if (d > top) top = d;
  }
  // Bucket starts by degree, highest first; an ascending list filled in order keeps ties by index.
  const at = new Int32Array(top + 2);
  for (let j = 0; j < n; j++) at[top - degree[j] + 1]++;
  for (let d = 1; d < at.length; d++) at[d] += at[d - 1];
  order = new Int32Array(n);
  for (let j = 0; j < n; j++) order[at[top - degree[j]]++] = list[j];
  memo.set(id, order);
  return order;
}

/** Whether entity x holds the key. */
function holds(graph: MemoryGraph, x: number, k: Key): boolean {
  return k.relations.some((r) => hasKey(graph, x, edgeKey(r, k.dir)));
}

/**
 * Entities holding every key, highest degree first (ties by index), at most `count`: the front of the key with the
 * fewest holders, kept where they hold the others. Memoised per graph and key set: a graph's hubs share few key sets.
 */
function holders(graph: MemoryGraph, keys: KeySet, count: number): number[] {
  const id = `${count}|${keySetId(keys)}`;
  const memo = peerMemo.get(graph) ?? peerMemo.set(graph, new Map()).get(graph)!;
  const known = memo.get(id);
  if (known) return known;
  // The caller always has a key (a hub shown with none is left as it is).
  if (!keys.length) return [];
  const lists = keys.map((k) => byDegree(graph, k));
  const fewest = lists.reduce((best, l, j) => (l.length < lists[best].length ? j : best), 0);
  const top: number[] = [];
  for (const x of lists[fewest]) {
    if (top.length === count) break;
    if (keys.every((k, j) => j === fewest || holds(graph, x, k))) top.push(x);
  }
  memo.set(id, top);
  return top;
}

/** Distinct members of ascending lists, ascending: merged a head at a time (a few lists; no sort of millions). */
export function ascendingUnion(lists: readonly Int32Array[]): Int32Array {
  let total = 0;
  for (const l of lists) total += l.length;
  const out = new Int32Array(total);
  const at = new Int32Array(lists.length);
  let n = 0;
  for (;;) {
    let best = -1;
    let least = 0;
    for (let j = 0; j < lists.length; j++) {
      if (at[j] < lists[j].length && (best < 0 || lists[j][at[j]] < least)) {
        best = j;
        least = lists[j][at[j]];
      }
    }
    if (best < 0) break;
    at[best]++;
    if (n === 0 || out[n - 1] !== least) out[n++] = least;
  }
  return out.slice(0, n);
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
    keys = keys.map((k) => ({ k, n: byDegree(graph, k).length })).sort((a, b) => b.n - a.n).map((x) => x.k);
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
