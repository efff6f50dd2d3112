// sanitizeView: G_Q^raw → (G̃_Q, φ_Q). The Brain only ever sees G̃_Q, so every step here removes something a
// reader could use to recognise a private entity: ids and names become session HMAC tokens, literals become
// bands, relation labels may become neutral cluster labels, structurally identical entities merge into
// supernodes, and nodes the view still singles out (a Weisfeiler–Lehman colour class covering fewer than k raw
// entities) are folded into aggregates or pruned. φ_Q keeps the way back for grounding and never leaves the
// process. Pure: the same inputs and secret give the same view.
import type { LiteralKind } from '../../../common/graphTypes.js';
import type { ViewStats } from '../../../common/answerTypes.js';
import type { MemoryGraph } from '../../graph/memoryGraph.js';
import type {
  QuestionSubgraph,
  RelationClusters,
  SanitizeConfig,
  SanitizedView,
  TopicEntity,
  ViewEdge,
  ViewMapping,
  ViewNode,
} from '../../core/types.js';
import { anonymizeQuestion, maxNameWords, nameKeyIndex, type TokenSpan } from './anonymizeQuestion.js';
import { nameKey } from '../../core/nameKey.js';
import { coarsenLiteral, literalKindOfCode, literalKinds } from '../../graph/literalBuckets.js';
import { defaultRelationClusters } from './relationClusters.js';
import { schemaTypes } from './schemaTypes.js';
import { kindToken, macFor } from './sessionSecret.js';
import { type TokenKind } from '../../core/tokens.js';
import { SessionViewMapping } from './viewMapping.js';
import { SignatureInterner } from './signatureInterner.js';
import { classWeights, sortRange, wlColours, type LabelledCsr } from './wlColours.js';

export interface SanitizeInput {
  graph: MemoryGraph;
  subgraph: QuestionSubgraph;
  question: string;
  topics: TopicEntity[];
  config: SanitizeConfig;
  secret: Uint8Array;
  /** Relation clusters for `clustered` mode; signature-only clusters of the graph when absent. */
  clusters?: RelationClusters;
  /** Raw entities that must stay visible on their own (never merged, aggregated or pruned). */
  protect?: ReadonlySet<number>;
}

export interface SanitizeResult {
  view: SanitizedView;
  mapping: ViewMapping;
}

/** Refinement rounds of the k-anonymity check: 2 = a node is judged by what lies two hops around it. */
const WL_ROUNDS = 2;
/** Aggregate-then-recheck passes; each pass only ever coarsens, so a few suffice. */
const MAX_PASSES = 6;
const UNREACHED = 1 << 30;

type NodeKind = ViewNode['kind'];

/** One view node under construction: the local indexes of its raw members and what the view will show. */
interface Group {
  members: number[];
  kind: NodeKind;
  /** Internal schema type (always known; shown only when π asks). */
  type: string;
  literal?: string;
  dist: number;
  /** Anchors and protected entities: shown alone, excluded from the k check. */
  exempt: boolean;
  anchor: boolean;
}

export function sanitizeView(input: SanitizeInput): SanitizeResult {
  const { graph, subgraph, config, secret } = input;
  const k = Math.max(1, Math.floor(config.k));
  macFor(secret); // fail fast on a discarded secret, before any work

  // ---- 1. Local numbering of the subgraph ----
  const local = new Map<number, number>();
  const ent: number[] = [];
  const addNode = (e: number): number => {
    let l = local.get(e);
    if (l === undefined) {
      l = ent.length;
      ent.push(e);
      local.set(e, l);
    }
    return l;
  };
  for (const a of subgraph.anchors) addNode(a);
  for (const e of subgraph.nodes) addNode(e);
  for (const ed of subgraph.edges) {
    addNode(ed.head);
    addNode(ed.tail);
  }
  const n = ent.length;
  const relCount = graph.relationLabels.length;

  // ---- 2. Visible relations ----
  const clusters = config.relations === 'clustered' ? (input.clusters ?? defaultRelationClusters(graph)) : undefined;
  const visibleOf = graph.relationLabels.map((label, r) => (clusters ? (clusters.labelOf[r] ?? 'R0') : label));
  const visId = new Map<string, number>();
  const visLabels: string[] = [];
  const visOfRel = new Int32Array(relCount).fill(-1);
  const visibleIndex = (r: number): number => {
    let v = visOfRel[r];
    if (v < 0) {
      const label = visibleOf[r];
      v = visId.get(label) ?? -1;
      if (v < 0) {
        v = visLabels.length;
        visLabels.push(label);
        visId.set(label, v);
      }
      visOfRel[r] = v;
    }
    return v;
  };

  // Deduplicated raw edges in local numbering.
  const seenEdge = new Set<number>();
  const eh: number[] = [];
  const er: number[] = [];
  const et: number[] = [];
  const ev: number[] = [];
  for (const ed of subgraph.edges) {
    const h = local.get(ed.head)!;
    const t = local.get(ed.tail)!;
    const key = (h * relCount + ed.relation) * n + t;
    if (seenEdge.has(key)) continue;
    seenEdge.add(key);
    eh.push(h);
    er.push(ed.relation);
    et.push(t);
    ev.push(visibleIndex(ed.relation));
  }
  const m = eh.length;
  const rawCsr = buildCsr(n, eh, ev, et, () => true);

  // ---- 3. Per-node attributes ----
  const types = schemaTypes(graph);
  const isAnchor = new Uint8Array(n);
  for (const a of subgraph.anchors) isAnchor[local.get(a)!] = 1;
  const exempt = new Uint8Array(n);
  for (let u = 0; u < n; u++) if (isAnchor[u] || input.protect?.has(ent[u])) exempt[u] = 1;
  const litKind: (LiteralKind | undefined)[] = new Array(n);
  const coarse: (string | undefined)[] = new Array(n);
  const kinds = literalKinds(graph);
  for (let u = 0; u < n; u++) {
    const kind = literalKindOfCode(kinds[ent[u]]);
    litKind[u] = kind;
    if (kind) coarse[u] = coarsenLiteral(kind, graph.names[ent[u]], config.dates);
  }
  const dist = bfsDistances(n, rawCsr, subgraph.anchors.map((a) => local.get(a)!));

  // ---- 4. Budget and connectivity pruning ----
  const kept = keepWithinBudget(n, rawCsr, dist, exempt, Math.max(0, config.nodeBudget));
  // Whatever the budget cut off from every anchor goes too: a view fragment with no path to an anchor cannot
  // support an answer and only exposes structure.
  const reach = bfsDistances(n, rawCsr, subgraph.anchors.map((a) => local.get(a)!), kept);
  for (let u = 0; u < n; u++) if (kept[u] && !exempt[u] && reach[u] === UNREACHED) kept[u] = 0;

  // ---- 5. Initial groups, literal merging and supernodes ----
  const groups: (Group | null)[] = [];
  const groupOf = new Int32Array(n).fill(-1);
  for (let u = 0; u < n; u++) {
    if (!kept[u]) continue;
    groupOf[u] = groups.length;
    groups.push({
      members: [u],
      kind: litKind[u] ? 'literal' : 'entity',
      type: types[ent[u]],
      literal: coarse[u],
      dist: reach[u],
      exempt: exempt[u] === 1,
      anchor: isAnchor[u] === 1,
    });
  }
  const keptEdge = (i: number): boolean => kept[eh[i]] === 1 && kept[et[i]] === 1;
  const csr = buildCsr(n, eh, ev, et, keptEdge);

  // Literals with the same band hanging off the same nodes by the same relations say nothing apart: one node.
  mergeEquivalent(groups, groupOf, csr, (g) => g.kind === 'literal' && !g.exempt, 'literal');
  // Entities with the same neighbourhood (relation, direction, neighbour) are interchangeable: one supernode.
  if (config.supernodes) mergeEquivalent(groups, groupOf, csr, (g) => g.kind === 'entity' && !g.exempt, 'supernode');

  // ---- 6. k-anonymity of WL colours: aggregate (or prune) what the view singles out ----
  let state = compact(groups, groupOf);
  let weights = colourWeights(state, eh, ev, et, keptEdge, config.schemaTypes);
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const bad: number[] = [];
    state.groups.forEach((g, i) => {
      if (!g.exempt && weights.weight[weights.colours[WL_ROUNDS][i]] < k) bad.push(i);
    });
    if (bad.length === 0) break;
    const changed = aggregate(state, weights, bad, k, kept);
    if (!changed) break;
    // A pruned node may have been some other node's only way to an anchor.
    const stillReached = bfsDistances(n, rawCsr, subgraph.anchors.map((a) => local.get(a)!), kept);
    for (let u = 0; u < n; u++)
      if (kept[u] && !exempt[u] && stillReached[u] === UNREACHED) {
        kept[u] = 0;
        const g = state.groups[state.groupOf[u]];
        g.members = g.members.filter((x) => x !== u);
        state.groupOf[u] = -1;
      }
    state = compact(state.groups, state.groupOf);
    weights = colourWeights(state, eh, ev, et, keptEdge, config.schemaTypes);
  }

  // ---- 7. Tokens, view and mapping ----
  const { groups: final, groupOf: finalOf } = state;
  const used = new Set<string>();
  const tokenOfGroup = final.map((g) => {
    const kind: TokenKind = g.members.length === 1 ? (g.kind === 'literal' ? 'literal' : 'entity') : g.kind;
    // Members in entity-index order: canonical for the set, and far cheaper than sorting id strings.
    const raw = g.members.map((u) => ent[u]).sort((a, b) => a - b);
    const ids = raw.map((e) => graph.ids[e]);
    let salt = 0;
    let token = kindToken(secret, kind, ids, config.tokenLength, 0, true);
    while (used.has(token)) token = kindToken(secret, kind, ids, config.tokenLength, ++salt, true);
    used.add(token);
    return token;
  });

  const nodes: ViewNode[] = final.map((g, i) => {
    const node: ViewNode = { token: tokenOfGroup[i], kind: g.members.length === 1 && g.kind !== 'literal' ? 'entity' : g.kind, size: g.members.length, anchor: g.anchor };
    if (config.schemaTypes && g.type !== 'mixed') node.schemaType = g.type;
    if (g.literal !== undefined) node.literal = g.literal;
    return node;
  });
  // Order by token: random per session, so the order says nothing about ids or insertion.
  nodes.sort((a, b) => (a.anchor === b.anchor ? (a.token < b.token ? -1 : 1) : a.anchor ? -1 : 1));

  const edges: ViewEdge[] = [];
  const edgeSeen = new Set<number>();
  const G = final.length;
  for (let i = 0; i < m; i++) {
    if (!keptEdge(i)) continue;
    const a = finalOf[eh[i]];
    const b = finalOf[et[i]];
    const key = (a * G + b) * visLabels.length + ev[i];
    if (edgeSeen.has(key)) continue;
    edgeSeen.add(key);
    edges.push({ head: tokenOfGroup[a], relation: visLabels[ev[i]], tail: tokenOfGroup[b] });
  }
  edges.sort((a, b) => cmp(a.head, b.head) || cmp(a.relation, b.relation) || cmp(a.tail, b.tail));

  const memberTable = new Map<string, number[]>();
  const tokenTable = new Map<number, string>();
  final.forEach((g, i) => {
    const raw = g.members.map((u) => ent[u]);
    memberTable.set(tokenOfGroup[i], raw);
    for (const e of raw) tokenTable.set(e, tokenOfGroup[i]);
  });
  const relationsOf = new Map<string, number[]>();
  visibleOf.forEach((label, r) => {
    const list = relationsOf.get(label);
    if (list) list.push(r);
    else relationsOf.set(label, [r]);
  });
  const mapping = new SessionViewMapping({ members: memberTable, tokenOf: tokenTable, relationsOf, visibleOf: [...visibleOf] }, secret);

  // ---- 8. The question ----
  const tokenForEntity = (e: number): string => {
    const t = mapping.tokenOf(e);
    if (t) return t;
    // A name the view pruned still must not reach the Brain: give it its own token, known to φ_Q only.
    const kind: TokenKind = literalKinds(graph)[e] ? 'literal' : 'entity';
    const minted = kindToken(secret, kind, [graph.ids[e]], config.tokenLength);
    mapping.register(minted, e);
    return minted;
  };
  const topicSpans: TokenSpan[] = [];
  for (const t of input.topics) {
    const span = locateMention(input.question, t);
    if (span) topicSpans.push({ ...span, token: tokenForEntity(t.entity) });
    else tokenForEntity(t.entity); // still known to φ_Q; the safety net below scrubs its name if it occurs
  }
  const names = nameKeyIndex(graph, graph.names);
  const question = anonymizeQuestion(input.question, topicSpans, {
    maxWords: maxWordsOf(graph, names),
    lookup: (key) => {
      // Only names of this question's subgraph: the view's own entities, plus those it pruned.
      const e = names.get(key)?.find((x) => local.has(x));
      return e === undefined ? undefined : tokenForEntity(e);
    },
  });

  // ---- 9. Stats ----
  const relationsVisible = new Set(edges.map((e) => e.relation)).size;
  let achievedK = Infinity;
  final.forEach((g, i) => {
    if (!g.exempt) achievedK = Math.min(achievedK, weights.weight[weights.colours[WL_ROUNDS][i]]);
  });
  let keptCount = 0;
  for (let u = 0; u < n; u++) keptCount += kept[u];
  const stats: ViewStats = {
    rawNodes: n,
    rawEdges: m,
    nodes: nodes.length,
    edges: edges.length,
    supernodes: nodes.filter((x) => x.kind === 'supernode').length,
    literalNodes: nodes.filter((x) => x.kind === 'literal').length,
    pruned: n - keptCount,
    // No node left to judge: the requirement holds vacuously, reported as k itself (JSON has no Infinity).
    achievedK: Number.isFinite(achievedK) ? achievedK : k,
    k,
    relationsVisible,
  };
  const anchors = subgraph.anchors.map((a) => tokenOfGroup[finalOf[local.get(a)!]]).filter((t, i, all) => all.indexOf(t) === i);
  return { view: { question, anchors, nodes, edges, stats }, mapping };
}

/**
 * The topic's span, checked against its mention: a span that does not cover the mention would leave part of the
 * name behind, so it is looked up again (first whole-word, case-insensitive occurrence) or dropped.
 */
function locateMention(question: string, t: TopicEntity): { start: number; end: number } | undefined {
  const want = nameKey(t.mention);
  if (t.start >= 0 && t.end <= question.length && t.end > t.start && nameKey(question.slice(t.start, t.end)) === want)
    return { start: t.start, end: t.end };
  if (!want) return undefined;
  const escaped = t.mention.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu').exec(question);
  return m ? { start: m.index, end: m.index + m[0].length } : undefined;
}

const maxWordsMemo = new WeakMap<MemoryGraph, number>();

function maxWordsOf(graph: MemoryGraph, index: Map<string, number[]>): number {
  let w = maxWordsMemo.get(graph);
  if (w === undefined) {
    w = maxNameWords(index);
    maxWordsMemo.set(graph, w);
  }
  return w;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Steps

/** Undirected CSR with edge labels vis*2+dir, over the edges `use` accepts. */
function buildCsr(n: number, eh: number[], ev: number[], et: number[], use: (i: number) => boolean): LabelledCsr {
  const deg = new Int32Array(n + 1);
  for (let i = 0; i < eh.length; i++) {
    if (!use(i)) continue;
    deg[eh[i]]++;
    deg[et[i]]++;
  }
  const offsets = new Int32Array(n + 1);
  for (let u = 0; u < n; u++) offsets[u + 1] = offsets[u] + deg[u];
  const fill = offsets.slice(0, n);
  const label = new Int32Array(offsets[n]);
  const neighbor = new Int32Array(offsets[n]);
  for (let i = 0; i < eh.length; i++) {
    if (!use(i)) continue;
    let at = fill[eh[i]]++;
    label[at] = ev[i] * 2;
    neighbor[at] = et[i];
    at = fill[et[i]]++;
    label[at] = ev[i] * 2 + 1;
    neighbor[at] = eh[i];
  }
  return { offsets, label, neighbor };
}

/** Hop distance from the nearest source, ignoring direction; only through nodes `within` allows. */
function bfsDistances(n: number, csr: LabelledCsr, sources: number[], within?: Uint8Array): Int32Array {
  const dist = new Int32Array(n).fill(UNREACHED);
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  for (const s of sources)
    if (dist[s] === UNREACHED) {
      dist[s] = 0;
      queue[tail++] = s;
    }
  while (head < tail) {
    const u = queue[head++];
    for (let k = csr.offsets[u]; k < csr.offsets[u + 1]; k++) {
      const v = csr.neighbor[k];
      if (dist[v] !== UNREACHED || (within && !within[v])) continue;
      dist[v] = dist[u] + 1;
      queue[tail++] = v;
    }
  }
  return dist;
}

/**
 * Nodes kept under the budget: exempt nodes always; then whole distance rings from the anchors outwards; the
 * ring that overflows keeps the nodes with the most edges into what is already kept (ties: subgraph order).
 */
function keepWithinBudget(n: number, csr: LabelledCsr, dist: Int32Array, exempt: Uint8Array, budget: number): Uint8Array {
  const kept = new Uint8Array(n);
  let count = 0;
  for (let u = 0; u < n; u++)
    if (exempt[u]) {
      kept[u] = 1;
      count++;
    }
  if (n <= budget) {
    kept.fill(1);
    return kept;
  }
  // Non-exempt nodes by distance, then subgraph order: a counting sort, distances being small integers.
  let maxDist = 0;
  for (let u = 0; u < n; u++) if (!exempt[u] && dist[u] !== UNREACHED) maxDist = Math.max(maxDist, dist[u]);
  const bucketOf = (u: number): number => (dist[u] === UNREACHED ? maxDist + 1 : dist[u]);
  const start = new Int32Array(maxDist + 3);
  for (let u = 0; u < n; u++) if (!exempt[u]) start[bucketOf(u) + 1]++;
  for (let b = 1; b < start.length; b++) start[b] += start[b - 1];
  const order = new Int32Array(start[start.length - 1]);
  const fill = start.slice();
  for (let u = 0; u < n; u++) if (!exempt[u]) order[fill[bucketOf(u)]++] = u;
  let i = 0;
  while (i < order.length && count < budget) {
    let j = i;
    while (j < order.length && dist[order[j]] === dist[order[i]]) j++;
    const ring = order.slice(i, j);
    if (count + ring.length <= budget) {
      for (const u of ring) kept[u] = 1;
      count += ring.length;
    } else {
      const links = new Int32Array(ring.length);
      ring.forEach((u, r) => {
        for (let k = csr.offsets[u]; k < csr.offsets[u + 1]; k++) links[r] += kept[csr.neighbor[k]];
      });
      // Most links first, then subgraph order: one numeric key per node, sorted without a comparator.
      let most = 0;
      for (let r = 0; r < ring.length; r++) most = Math.max(most, links[r]);
      const keys = new Float64Array(ring.length);
      for (let r = 0; r < ring.length; r++) keys[r] = (most - links[r]) * ring.length + r;
      keys.sort();
      for (let r = 0; r < budget - count; r++) kept[ring[keys[r] % ring.length]] = 1;
      count = budget;
    }
    i = j;
  }
  return kept;
}

/**
 * Merges the groups `eligible` accepts that share kind, type, literal band and the exact multiset of
 * (relation, direction, neighbour group) — interchangeable nodes, so merging loses nothing a reader could use.
 */
function mergeEquivalent(
  groups: (Group | null)[],
  groupOf: Int32Array,
  csr: LabelledCsr,
  eligible: (g: Group) => boolean,
  kind: NodeKind,
): void {
  // Key: (kind, type, band) as one id, then the sorted (label, neighbour group) pairs; interned exactly.
  const headIds = new Map<string, number>();
  const interner = new SignatureInterner();
  const byKey = new Map<number, number[]>();
  let scratch = new Float64Array(16);
  const stride = groups.length;
  groups.forEach((g, gi) => {
    if (!g || !eligible(g) || g.members.length !== 1) return;
    const u = g.members[0];
    const s = csr.offsets[u];
    const d = csr.offsets[u + 1] - s;
    if (d === 0) return;
    if (scratch.length < d + 1) scratch = new Float64Array(2 * d + 1);
    const head = `${g.kind}|${g.type}|${g.literal ?? ''}`;
    let h = headIds.get(head);
    if (h === undefined) {
      h = headIds.size;
      headIds.set(head, h);
    }
    scratch[0] = h;
    for (let k = 0; k < d; k++) scratch[k + 1] = csr.label[s + k] * stride + groupOf[csr.neighbor[s + k]];
    sortRange(scratch, 1, d + 1);
    const key = interner.intern(scratch, 0, d + 1);
    const list = byKey.get(key);
    if (list) list.push(gi);
    else byKey.set(key, [gi]);
  });
  for (const list of byKey.values()) {
    if (list.length < 2) continue;
    const into = groups[list[0]]!;
    into.kind = kind;
    for (const gi of list.slice(1)) {
      const g = groups[gi]!;
      for (const u of g.members) {
        into.members.push(u);
        groupOf[u] = list[0];
      }
      into.dist = Math.min(into.dist, g.dist);
      groups[gi] = null;
    }
  }
}

interface GroupState {
  groups: Group[];
  /** Local node → index into groups (-1 when pruned). */
  groupOf: Int32Array;
}

/** Drops merged-away groups and renumbers. */
function compact(groups: (Group | null)[], groupOf: Int32Array): GroupState {
  const renumber = new Int32Array(groups.length).fill(-1);
  const out: Group[] = [];
  groups.forEach((g, i) => {
    if (g && g.members.length > 0) {
      renumber[i] = out.length;
      out.push(g);
    }
  });
  const of = new Int32Array(groupOf.length);
  for (let u = 0; u < groupOf.length; u++) of[u] = groupOf[u] < 0 ? -1 : renumber[groupOf[u]];
  return { groups: out, groupOf: of };
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
function colourWeights(
  state: GroupState,
  eh: number[],
  ev: number[],
  et: number[],
  keptEdge: (i: number) => boolean,
  showTypes: boolean,
): ColourState {
  const G = state.groups.length;
  const { groupOf } = state;
  // View edges: raw edges lifted to groups, deduplicated like the view will show them.
  const seen = new Set<number>();
  const gh: number[] = [];
  const gv: number[] = [];
  const gt: number[] = [];
  let visCount = 1;
  for (const v of ev) visCount = Math.max(visCount, v + 1);
  for (let i = 0; i < eh.length; i++) {
    if (!keptEdge(i)) continue;
    const a = groupOf[eh[i]];
    const b = groupOf[et[i]];
    const key = (a * G + b) * visCount + ev[i];
    if (seen.has(key)) continue;
    seen.add(key);
    gh.push(a);
    gv.push(ev[i]);
    gt.push(b);
  }
  const csr = buildCsr(G, gh, gv, gt, () => true);
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
 * through achievedK. Returns whether anything changed.
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
