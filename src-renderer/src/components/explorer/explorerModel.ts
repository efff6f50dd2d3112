// The explorer's subgraph as plain data: entities shown, edges between them, and collapsed hub groups.
// Pure functions only, so merging a neighbourhood is testable without cytoscape or a DOM.
import type { Direction, Entity, NeighborGroup, Neighborhood } from '../../../../src-main/common/graphTypes.js';

export interface ExplorerNode {
  id: string;
  entity: Entity;
  /** Hops from the root entity when first reached. */
  depth: number;
  expanded: boolean;
}

export interface ExplorerEdge {
  id: string;
  source: string;
  target: string;
  relation: string;
}

/** A (relation, direction) group of one entity with more members than shown, drawn as one count node. */
export interface HubNode {
  id: string;
  owner: string;
  relation: string;
  direction: Direction;
  total: number;
  shown: number;
  /** capPerRelation used for the last fetch of this group; "load more" asks for a larger one. */
  cap: number;
}

export interface ExplorerModel {
  rootId: string | null;
  nodes: Record<string, ExplorerNode>;
  edges: Record<string, ExplorerEdge>;
  hubs: Record<string, HubNode>;
}

export interface MergeOptions {
  cap: number;
  maxNodes: number;
  /** Merge only this group (used when a hub loads more). */
  only?: { relation: string; direction: Direction };
  /** Inverse relation → its canonical partner (graph.inversePairs): such facts are merged once, as the partner's. */
  inverseOf?: Record<string, string>;
}

export interface MergeResult {
  model: ExplorerModel;
  added: string[];
  /** Neighbours not added because the node limit was reached. */
  dropped: number;
}

export function emptyModel(): ExplorerModel {
  return { rootId: null, nodes: {}, edges: {}, hubs: {} };
}

export function hubId(owner: string, relation: string, direction: Direction): string {
  return `hub::${direction}::${relation}::${owner}`;
}

export function edgeId(source: string, relation: string, target: string): string {
  return `edge::${source}::${relation}::${target}`;
}

export function nodeCount(model: ExplorerModel): number {
  return Object.keys(model.nodes).length;
}

/** Adds the centre and its neighbours; groups larger than what was shown get (or update) a hub node. */
export function mergeNeighborhood(model: ExplorerModel, nh: Neighborhood, options: MergeOptions): MergeResult {
  const nodes = { ...model.nodes };
  const edges = { ...model.edges };
  const hubs = { ...model.hubs };
  const added: string[] = [];
  let dropped = 0;

  const centerId = nh.center.id;
  const existing = nodes[centerId];
  const centerDepth = existing?.depth ?? 0;
  nodes[centerId] = { id: centerId, entity: { ...existing?.entity, ...nh.center }, depth: centerDepth, expanded: true };
  if (!existing) added.push(centerId);

  for (const group of canonicalGroups(nh.groups, options.inverseOf ?? {})) {
    if (options.only && (group.relation !== options.only.relation || group.direction !== options.only.direction)) continue;
    let shownHere = 0;
    for (const entity of group.shown) {
      if (!nodes[entity.id]) {
        if (Object.keys(nodes).length >= options.maxNodes) {
          dropped += 1;
          continue;
        }
        nodes[entity.id] = { id: entity.id, entity, depth: centerDepth + 1, expanded: false };
        added.push(entity.id);
      }
      shownHere += 1;
      const [source, target] = group.direction === 'out' ? [centerId, entity.id] : [entity.id, centerId];
      const id = edgeId(source, group.relation, target);
      edges[id] = { id, source, target, relation: group.relation };
    }
    const hid = hubId(centerId, group.relation, group.direction);
    if (group.total > shownHere) {
      hubs[hid] = {
        id: hid,
        owner: centerId,
        relation: group.relation,
        direction: group.direction,
        total: group.total,
        shown: shownHere,
        cap: options.cap,
      };
    } else {
      delete hubs[hid];
    }
  }

  return { model: { rootId: model.rootId ?? centerId, nodes, edges, hubs }, added, dropped };
}

/**
 * The groups with inverse relations turned into their canonical partner, reversed: (x_inverse, out) holds the same
 * facts as (x, in). Where both came back, the partner's own group is kept and the mirror dropped.
 */
export function canonicalGroups(groups: NeighborGroup[], inverseOf: Record<string, string>): NeighborGroup[] {
  const present = new Set(groups.map((g) => `${g.direction}\u0000${g.relation}`));
  const out: NeighborGroup[] = [];
  for (const g of groups) {
    const canonical = Object.hasOwn(inverseOf, g.relation) ? inverseOf[g.relation] : undefined;
    if (canonical === undefined) {
      out.push(g);
      continue;
    }
    const direction: Direction = g.direction === 'out' ? 'in' : 'out';
    if (present.has(`${direction}\u0000${canonical}`)) continue;
    out.push({ ...g, relation: canonical, direction });
  }
  return out;
}

/** The model without one entity: its edges, the hubs it owns, and neighbours left with no way back to the root. */
export function hideNode(model: ExplorerModel, id: string): ExplorerModel {
  if (!model.nodes[id] || id === model.rootId) return model;
  const nodes = { ...model.nodes };
  delete nodes[id];
  const edges = Object.fromEntries(Object.entries(model.edges).filter(([, e]) => e.source !== id && e.target !== id));
  const hubs = Object.fromEntries(Object.entries(model.hubs).filter(([, h]) => h.owner !== id));
  // Keep only what is still connected to the root, so hiding a branch point hides its branch.
  const reach = new Set<string>(model.rootId ? [model.rootId] : []);
  const adjacency = new Map<string, string[]>();
  for (const e of Object.values(edges)) {
    adjacency.set(e.source, [...(adjacency.get(e.source) ?? []), e.target]);
    adjacency.set(e.target, [...(adjacency.get(e.target) ?? []), e.source]);
  }
  const queue = [...reach];
  while (queue.length) for (const n of adjacency.get(queue.pop()!) ?? []) if (!reach.has(n)) (reach.add(n), queue.push(n));
  for (const n of Object.keys(nodes)) if (!reach.has(n)) delete nodes[n];
  return {
    rootId: model.rootId,
    nodes,
    edges: Object.fromEntries(Object.entries(edges).filter(([, e]) => nodes[e.source] && nodes[e.target])),
    hubs: Object.fromEntries(Object.entries(hubs).filter(([, h]) => nodes[h.owner])),
  };
}

export function hubLabel(hub: HubNode): string {
  return `+${hub.total - hub.shown} ${hub.relation}`;
}
