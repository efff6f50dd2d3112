// Sanitizer stage 7b: the view's nodes, edges and anchors, read off the final groups and their tokens. Nodes and
// edges are ordered by the raw entities behind them (smallest member's index), so the same question explores the
// same way and gets the same answers every time. The view never leaves the machine; what a Brain sees of this
// order is hidden again where payloads are built (tied candidate paths are listed by token, random per session).
import type { ViewEdge, ViewNode } from '../../core/types.js';
import { keptEdge, type LocalSubgraph } from './localSubgraph.js';
import type { Group, GroupState } from './viewGroups.js';

/** One view node per group: anchors first, then by `order` (a stable key per group). Schema types only when π shows them. Pure. */
export function viewNodes(groups: readonly Group[], tokens: readonly string[], showTypes: boolean, order: readonly number[]): ViewNode[] {
  const keyOf = new Map<string, number>(tokens.map((t, i) => [t, order[i]]));
  const nodes: ViewNode[] = groups.map((g, i) => {
    const node: ViewNode = { token: tokens[i], kind: g.members.length === 1 && g.kind !== 'literal' ? 'entity' : g.kind, size: g.members.length, anchor: g.anchor };
    if (showTypes && g.type !== 'mixed') node.schemaType = g.type;
    if (g.literal !== undefined) node.literal = g.literal;
    return node;
  });
  nodes.sort((a, b) => (a.anchor === b.anchor ? keyOf.get(a.token)! - keyOf.get(b.token)! || cmp(a.token, b.token) : a.anchor ? -1 : 1));
  return nodes;
}

/** The kept raw edges lifted to groups, deduplicated, by (head, relation, tail) in `order` of their groups. Pure. */
export function viewEdges(local: LocalSubgraph, kept: Uint8Array, state: GroupState, tokens: readonly string[], order: readonly number[]): ViewEdge[] {
  const keyOf = new Map<string, number>(tokens.map((t, i) => [t, order[i]]));
  const by = (a: string, b: string): number => keyOf.get(a)! - keyOf.get(b)! || cmp(a, b);
  const { edges, visibleLabels } = local;
  const { groupOf } = state;
  const G = state.groups.length;
  const out: ViewEdge[] = [];
  const seen = new Set<number>();
  for (let i = 0; i < edges.head.length; i++) {
    if (!keptEdge(edges, kept, i)) continue;
    const a = groupOf[edges.head[i]];
    const b = groupOf[edges.tail[i]];
    const key = (a * G + b) * visibleLabels.length + edges.visible[i];
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ head: tokens[a], relation: visibleLabels[edges.visible[i]], tail: tokens[b] });
  }
  out.sort((a, b) => by(a.head, b.head) || cmp(a.relation, b.relation) || by(a.tail, b.tail));
  return out;
}

/** A stable order key per group: the smallest raw entity index among its members. Pure. */
export function groupOrder(groups: readonly Group[], entities: readonly number[]): number[] {
  return groups.map((g) => g.members.reduce((m, u) => Math.min(m, entities[u]), Infinity));
}

/** The anchors' tokens in subgraph order, without repeats. Pure. */
export function viewAnchors(local: LocalSubgraph, state: GroupState, tokens: readonly string[]): string[] {
  return local.anchors.map((a) => tokens[state.groupOf[a]]).filter((t, i, all) => all.indexOf(t) === i);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
