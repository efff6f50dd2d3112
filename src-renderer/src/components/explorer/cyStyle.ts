// Cytoscape stylesheet: entity nodes sized by degree, literal and hub nodes visually distinct,
// edges labelled with their relation and arrowed in the stored direction.
import type cytoscape from 'cytoscape';

/** The stylesheet with the theme's canvas colours appended (cytoscape styles are not CSS, so they are swapped whole). */
export function cyStyleFor(theme: 'light' | 'dark'): cytoscape.StylesheetJson {
  return theme === 'dark' ? [...cyStyle, ...darkRules] : cyStyle;
}

const darkRules: cytoscape.StylesheetJson = [
  { selector: 'node', style: { color: '#e5e7eb', 'text-background-color': '#0f172a', 'border-color': '#0f172a' } },
  { selector: 'node[?expanded]', style: { 'border-color': '#0ea5e9' } },
  { selector: 'node[?root]', style: { 'border-color': '#818cf8' } },
  { selector: 'node[?pinned]', style: { 'border-color': '#f8fafc' } },
  { selector: 'node[?hub]', style: { 'background-color': '#1f2937', color: '#cbd5e1', 'border-color': '#94a3b8' } },
  { selector: 'edge', style: { 'line-color': '#475569', 'target-arrow-color': '#64748b', color: '#94a3b8', 'text-background-color': '#0f172a' } },
  { selector: 'edge[?hub]', style: { label: '' } },
];

export const cyStyle: cytoscape.StylesheetJson = [
  {
    selector: 'node',
    style: {
      'background-color': 'data(color)',
      label: 'data(label)',
      width: 'data(size)',
      height: 'data(size)',
      'font-size': 10,
      'font-family': 'Inter, system-ui, sans-serif',
      color: '#1e293b',
      'text-valign': 'bottom',
      'text-margin-y': 4,
      'text-background-color': '#ffffff',
      'text-background-opacity': 0.85,
      'text-background-padding': '2px',
      'text-background-shape': 'roundrectangle',
      'border-width': 2,
      'border-color': '#ffffff',
    },
  },
  // Type colours the fill; expanded and start show in the ring, so both read at once.
  { selector: 'node[?expanded]', style: { 'border-color': '#0ea5e9', 'border-width': 3 } },
  { selector: 'node[?root]', style: { 'border-color': '#4f46e5', 'border-width': 4, 'font-weight': 'bold' } },
  { selector: 'node[?pinned]', style: { 'border-style': 'double', 'border-width': 5, 'border-color': '#0f172a' } },
  // Exposure overlay: a red halo whose strength is the share of sessions in which the Brain saw the entity.
  {
    selector: 'node[?exposed]',
    style: { 'underlay-color': '#ef4444', 'underlay-padding': 8, 'underlay-opacity': 'mapData(heat, 0, 1, 0.25, 0.9)' as unknown as number, 'underlay-shape': 'ellipse' },
  },
  { selector: 'node.selected', style: { 'overlay-opacity': 0.18, 'overlay-color': '#4f46e5', 'overlay-padding': 6 } },
  { selector: 'node[?literal]', style: { shape: 'diamond', 'background-color': '#f59e0b' } },
  {
    selector: 'node[?hub]',
    style: {
      shape: 'round-rectangle',
      height: 22,
      padding: '6px',
      'background-color': '#f1f5f9',
      'border-color': '#94a3b8',
      'border-style': 'dashed',
      'border-width': 1,
      'text-valign': 'center',
      'text-margin-y': 0,
      'text-background-opacity': 0,
      color: '#475569',
      'font-size': 9,
    },
  },
  { selector: 'node:active, node.hovered', style: { 'overlay-opacity': 0.12, 'overlay-color': '#4f46e5' } },
  {
    selector: 'edge',
    style: {
      width: 1.2,
      'line-color': '#cbd5e1',
      'target-arrow-color': '#94a3b8',
      'target-arrow-shape': 'triangle',
      'arrow-scale': 0.8,
      'curve-style': 'bezier',
      label: 'data(label)',
      'font-size': 8,
      color: '#64748b',
      'text-rotation': 'autorotate',
      'text-background-color': '#ffffff',
      'text-background-opacity': 0.9,
      'text-background-padding': '1px',
      // Relation labels only once they are legible; zoom in to read them in dense views.
      'min-zoomed-font-size': 6,
    },
  },
  // Node labels stay legible when zoomed out only where there is room: below this size cytoscape hides them.
  { selector: 'node[!hub]', style: { 'min-zoomed-font-size': 5, 'text-wrap': 'ellipsis', 'text-max-width': '170px' } },
  { selector: 'edge[?hub]', style: { 'line-style': 'dashed', 'target-arrow-shape': 'none', label: '' } },
];
