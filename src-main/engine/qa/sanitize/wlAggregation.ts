// Sanitizer stage 6: k-anonymity of Weisfeiler–Lehman colours. A node whose colour class (what a reader of the view
// sees of it, two hops out) covers fewer than k raw entities is singled out by the view: it is folded into an
// aggregate with similar nodes, or pruned when far or hanging by one edge, and the check runs again on the
// coarser view. Each pass only ever coarsens, so a few suffice.
import { bfsDistances, buildCsr, keptEdge, UNREACHED, type LocalEdges, type LocalSubgraph } from './localSubgraph.js';
import { compact, copyTable, type Group, type GroupState, type GroupTable } from './viewGroups.js';
import { classWeights, wlColours } from './wlColours.js';

/** Refinement rounds of the k-anonymity check: 2 = a node is judged by what lies two hops around it. */
export const WL_ROUNDS = 2;
/** Aggregate-then-recheck passes. */
const MAX_PASSES = 6;

export interface WlAggregationInput {
  local: LocalSubgraph;
  /** Groups after the literal and supernode merges. */
  table: GroupTable;
  /** Nodes kept by the budget (stage 4). */
  kept: Uint8Array;
  exempt: Uint8Array;
  k: number;
  /** Whether the view shows schema types (then they are part of what tells nodes apart). */
  showTypes: boolean;
}

export interface WlAggregation {
  groups: GroupState;
  /** Nodes still kept (aggregation prunes some). */
  kept: Uint8Array;
  /** Raw entities in each group's final WL colour class. */
  classWeight: Float64Array;
}

/** Aggregates (or prunes) what the view singles out until every class covers k raw entities, or nothing changes. Pure. */
export function aggregateWlClasses(input: WlAggregationInput): WlAggregation {
  const { local, exempt, k, showTypes } = input;
  const { edges, anchors } = local;
  const n = local.entities.length;
  const kept = input.kept.slice();
  let state = compact(copyTable(input.table));
  let weights = colourWeights(state, edges, kept, showTypes);
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const bad: number[] = [];
    state.groups.forEach((g, i) => {
      if (!g.exempt && weights.weight[weights.colours[WL_ROUNDS][i]] < k) bad.push(i);
    });
    if (bad.length === 0) break;
    const changed = aggregate(state, weights, bad, k, kept);
    if (!changed) break;
    // A pruned node may have been some other node's only way to an anchor.
    const stillReached = bfsDistances(n, local.csr, anchors, kept);
    for (let u = 0; u < n; u++)
      if (kept[u] && !exempt[u] && stillReached[u] === UNREACHED) {
        kept[u] = 0;
        const g = state.groups[state.groupOf[u]];
        g.members = g.members.filter((x) => x !== u);
        state.groupOf[u] = -1;
      }
    state = compact(state);
    weights = colourWeights(state, edges, kept, showTypes);
  }
  const classWeight = new Float64Array(state.groups.length);
  for (let i = 0; i < classWeight.length; i++) classWeight[i] = weights.weight[weights.colours[WL_ROUNDS][i]];
  return { groups: state, kept, classWeight };
}

interface ColourState {
  /** colours[r][group] after r WL rounds. */
  colours: Int32Array[];
  /** Raw entities per final-round colour class. */
  weight: Float64Array;
  /** View degree of each group (distinct view edges). */
  degree: Int32Array;
}

/**
 * WL colours of the current view. The initial colour is what the view shows of a node on its own: kind, schema
 * type (when shown), literal band; each anchor is its own colour since the view names anchors. A class is
 * weighed in raw entities, because a supernode or aggregate of s members hides each member among s.
 */
function colourWeights(state: GroupState, edges: LocalEdges, kept: Uint8Array, showTypes: boolean): ColourState {
  const G = state.groups.length;
  const { groupOf } = state;
  const { head, visible, tail } = edges;
  // View edges: raw edges lifted to groups, deduplicated like the view will show them.
  const seen = new Set<number>();
  const gh: number[] = [];
  const gv: number[] = [];
  const gt: number[] = [];
  let visCount = 1;
  for (const v of visible) visCount = Math.max(visCount, v + 1);
  for (let i = 0; i < head.length; i++) {
    if (!keptEdge(edges, kept, i)) continue;
    const a = groupOf[head[i]];
    const b = groupOf[tail[i]];
    const key = (a * G + b) * visCount + visible[i];
    if (seen.has(key)) continue;
    seen.add(key);
    gh.push(a);
    gv.push(visible[i]);
    gt.push(b);
  }
  const csr = buildCsr(G, gh, gv, gt);
  const palette = new Map<string, number>();
  const initial = new Int32Array(G);
  const size = new Float64Array(G);
  const degree = new Int32Array(G);
  state.groups.forEach((g, i) => {
    const key = g.anchor ? `anchor#${i}` : `${g.kind}|${showTypes ? g.type : ''}|${g.literal ?? ''}`;
    let c = palette.get(key);
    if (c === undefined) {
      c = palette.size;
      palette.set(key, c);
    }
    initial[i] = c;
    size[i] = g.members.length;
    degree[i] = csr.offsets[i + 1] - csr.offsets[i];
  });
  const colours = wlColours(initial, csr, WL_ROUNDS);
  return { colours, weight: classWeights(colours[WL_ROUNDS], size), degree };
}

/**
 * Folds groups the view singles out into aggregates, coarsest key last: same 1-round colour and distance, same
 * type and distance (joining an aggregate already there), same type, same distance. What still stands alone
 * is pruned when far (≥ 2 hops) or hanging by one edge; a close, well-connected node stays and is reported
 * through achievedK. Works in place on its own state and `kept`; returns whether anything changed.
 */
function aggregate(state: GroupState, colours: ColourState, bad: number[], k: number, kept: Uint8Array): boolean {
  const { groups, groupOf } = state;
  const live: (Group | null)[] = groups;
  const c1 = colours.colours[1];
  const keys: ((g: number) => string)[] = [
    (g) => `${c1[g]}|${groups[g].dist}`,
    (g) => `${groups[g].type}|${groups[g].dist}`,
    (g) => groups[g].type,
    (g) => `${groups[g].dist}`,
  ];
  let pending = bad;
  let changed = false;
  const badSet = new Set(bad);
  keys.forEach((keyOf, level) => {
    if (pending.length === 0) return;
    const buckets = new Map<string, number[]>();
    for (const g of pending) {
      const key = keyOf(g);
      const list = buckets.get(key);
      if (list) list.push(g);
      else buckets.set(key, [g]);
    }
    if (level > 0)
      // Join an aggregate that already holds this kind of node rather than start a second one beside it.
      groups.forEach((g, i) => {
        if (!live[i] || g.kind !== 'aggregate' || g.exempt || badSet.has(i)) return;
        const list = buckets.get(keyOf(i));
        if (list && !list.some((x) => groups[x].kind === 'aggregate' && !badSet.has(x))) list.push(i);
      });
    const rest: number[] = [];
    for (const list of buckets.values()) {
      const weight = list.reduce((s, g) => s + groups[g].members.length, 0);
      if (list.length >= 2 && weight >= k) {
        mergeInto(live, groupOf, list);
        changed = true;
      } else for (const g of list) if (badSet.has(g)) rest.push(g);
    }
    pending = rest.filter((g) => live[g] !== null);
  });
  for (const g of pending) {
    const grp = groups[g];
    if (grp.dist >= 2 || colours.degree[g] <= 1) {
      for (const u of grp.members) {
        groupOf[u] = -1;
        kept[u] = 0;
      }
      live[g] = null;
      changed = true;
    }
  }
  return changed;
}

/** Merges groups into one aggregate, stored at the first index; the others become null. */
function mergeInto(groups: (Group | null)[], groupOf: Int32Array, list: number[]): void {
  const [first, ...others] = list;
  const into = groups[first]!;
  const merged: Group = { ...into, members: [...into.members], kind: 'aggregate', exempt: false, anchor: false };
  for (const gi of others) {
    const g = groups[gi]!;
    merged.members.push(...g.members);
    merged.dist = Math.min(merged.dist, g.dist);
    if (g.type !== merged.type) merged.type = 'mixed';
    if (g.literal !== merged.literal) merged.literal = undefined;
    groups[gi] = null;
  }
  for (const u of merged.members) groupOf[u] = first;
  groups[first] = merged;
}
