// A path as the evidence panes draw it: node, arrow, node, …, where an arrow points the way the triple reads
// (head → tail). Shared by the sanitized and the raw pane so both read identically, step for step.
import type { Direction } from '../../../../src-main/common/graphTypes.js';

export interface ChainStep {
  node: string;
  /** The edge from this node to the next one; absent on the last node. */
  edge?: { relation: string; direction: Direction };
}

export function chainSteps(nodes: string[], edges: { relation: string; direction: Direction }[]): ChainStep[] {
  return nodes.map((node, i) => (i < edges.length ? { node, edge: edges[i] } : { node }));
}

/** `a —rel→ b ←rel2— c`: "out" means this node is the triple's head, "in" that the next node is. */
export function chainText(nodes: string[], edges: { relation: string; direction: Direction }[]): string {
  return chainSteps(nodes, edges)
    .map(({ node, edge }) => (edge ? `${node} ${arrow(edge.relation, edge.direction)} ` : node))
    .join('');
}

export function arrow(relation: string, direction: Direction): string {
  return direction === 'out' ? `—${relation}→` : `←${relation}—`;
}
