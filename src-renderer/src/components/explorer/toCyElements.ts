// Turns the explorer model into cytoscape element definitions (pure; ids are stable across calls,
// so the canvas can diff instead of rebuilding and keep positions of nodes already placed).
import type cytoscape from 'cytoscape';
import { hubLabel, type ExplorerModel } from './explorerModel.js';

const MAX_LABEL = 28;

function shorten(label: string): string {
  return label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 1)}…` : label;
}

/** Node diameter grows with log degree so hubs stand out without dwarfing everything else. */
export function nodeSize(degree: number | undefined): number {
  if (!degree || degree < 1) return 18;
  return Math.min(46, 18 + 5 * Math.log2(1 + degree));
}

export function toCyElements(model: ExplorerModel): cytoscape.ElementDefinition[] {
  const out: cytoscape.ElementDefinition[] = [];
  for (const node of Object.values(model.nodes)) {
    out.push({
      group: 'nodes',
      data: {
        id: node.id,
        label: shorten(node.entity.name || node.id),
        size: nodeSize(node.entity.degree),
        degree: node.entity.degree ?? 0,
        root: node.id === model.rootId,
        expanded: node.expanded,
        literal: Boolean(node.entity.literal),
        hub: false,
      },
    });
  }
  for (const edge of Object.values(model.edges)) {
    out.push({
      group: 'edges',
      data: { id: edge.id, source: edge.source, target: edge.target, label: edge.relation, hub: false },
    });
  }
  for (const hub of Object.values(model.hubs)) {
    out.push({ group: 'nodes', data: { id: hub.id, label: hubLabel(hub), hub: true, size: 22 } });
    out.push({
      group: 'edges',
      data: { id: `${hub.id}::link`, source: hub.owner, target: hub.id, label: '', hub: true },
    });
  }
  return out;
}
