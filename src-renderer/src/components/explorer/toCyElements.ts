// Turns the explorer model into cytoscape element definitions (pure; ids are stable across calls,
// so the canvas can diff instead of rebuilding and keep positions of nodes already placed).
import type cytoscape from 'cytoscape';
import type { InversePair } from '../../../../src-main/common/graphTypes.js';
import { hubLabel, type ExplorerModel } from './explorerModel.js';
import { typeColor } from './typeColor.js';

const MAX_LABEL = 28;

export function shorten(label: string): string {
  return label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 1)}…` : label;
}

/** Node diameter grows with log degree so hubs stand out without dwarfing everything else. */
export function nodeSize(degree: number | undefined): number {
  if (!degree || degree < 1) return 18;
  return Math.min(46, 18 + 5 * Math.log2(1 + degree));
}

export interface CyExtras {
  /** Inverse pairs: an edge of the canonical relation is labelled with both names. */
  pairs?: InversePair[];
  pinned?: Record<string, true>;
  /** Exposure heat per entity id, 0–1 (the exposure overlay); absent when the overlay is off. */
  heat?: Record<string, number>;
}

export function toCyElements(model: ExplorerModel, extras: CyExtras = {}): cytoscape.ElementDefinition[] {
  const inverseOf = new Map((extras.pairs ?? []).map((p) => [p.relation, p.inverse]));
  const out: cytoscape.ElementDefinition[] = [];
  for (const node of Object.values(model.nodes)) {
    const heat = extras.heat?.[node.id];
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
        color: typeColor(node.entity.type),
        type: node.entity.type ?? '',
        pinned: Boolean(extras.pinned?.[node.id]),
        heat: heat ?? 0,
        exposed: heat !== undefined && heat > 0,
      },
    });
  }
  for (const edge of Object.values(model.edges)) {
    const inverse = inverseOf.get(edge.relation);
    out.push({
      group: 'edges',
      data: {
        id: edge.id,
        source: edge.source,
        target: edge.target,
        label: inverse ? `${edge.relation} ⇄ ${inverse}` : edge.relation,
        relation: edge.relation,
        hub: false,
      },
    });
  }
  for (const hub of Object.values(model.hubs)) {
    // A hub is a labelled pill: as wide as its text (the style's height is fixed).
    const label = hubLabel(hub);
    out.push({ group: 'nodes', data: { id: hub.id, label, hub: true, size: Math.round(label.length * 5.6 + 16), color: '#f1f5f9' } });
    out.push({
      group: 'edges',
      data: { id: `${hub.id}::link`, source: hub.owner, target: hub.id, label: '', hub: true },
    });
  }
  return out;
}
