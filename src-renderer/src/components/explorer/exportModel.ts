// The explorer's subgraph as a JSON document: entities with their attributes and canvas positions, facts, and the
// collapsed groups. Pure, so the shape is testable.
import type { ExplorerModel } from './explorerModel.js';

export interface ExplorerExport {
  graph: string;
  root: string | null;
  exportedAt: string;
  entities: { id: string; name: string; type?: string; literal?: string; degree?: number; depth: number; position?: { x: number; y: number } }[];
  facts: { head: string; relation: string; tail: string }[];
  collapsed: { entity: string; relation: string; direction: string; total: number; shown: number }[];
}

export function exportModel(graph: string, model: ExplorerModel, positions: Record<string, { x: number; y: number }>, now: Date): ExplorerExport {
  return {
    graph,
    root: model.rootId,
    exportedAt: now.toISOString(),
    entities: Object.values(model.nodes).map((n) => ({ ...n.entity, depth: n.depth, ...(positions[n.id] ? { position: positions[n.id] } : {}) })),
    facts: Object.values(model.edges).map((e) => ({ head: e.source, relation: e.relation, tail: e.target })),
    collapsed: Object.values(model.hubs).map((h) => ({ entity: h.owner, relation: h.relation, direction: h.direction, total: h.total, shown: h.shown })),
  };
}
