// Adjacency of the sanitized view G̃_Q by token, both directions: what topic-path exploration walks.
import type { Direction } from '../../../common/graphTypes.js';
import type { SanitizedView } from '../../core/types.js';

export interface ViewStep {
  relation: string;
  direction: Direction;
  neighbor: string;
}

export type ViewAdjacency = ReadonlyMap<string, readonly ViewStep[]>;

export function viewAdjacency(view: SanitizedView): ViewAdjacency {
  const adj = new Map<string, ViewStep[]>();
  const push = (node: string, step: ViewStep): void => {
    const list = adj.get(node);
    if (list) list.push(step);
    else adj.set(node, [step]);
  };
  for (const e of view.edges) {
    push(e.head, { relation: e.relation, direction: 'out', neighbor: e.tail });
    push(e.tail, { relation: e.relation, direction: 'in', neighbor: e.head });
  }
  return adj;
}
