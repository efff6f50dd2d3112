// The picture of exactly what would leave: the report's exposed subgraph (tokens and visible relation labels
// only), drawn with cytoscape. Anchors are outlined, items never exposed before are filled amber, so the
// analyst sees at a glance how much of this is new.
import cytoscape from 'cytoscape';
import { useEffect, useRef } from 'react';
import type { ExposedSubgraph } from '../../../../src-main/common/brainTypes.js';

const style: cytoscape.StylesheetJson = [
  {
    selector: 'node',
    style: {
      'background-color': '#94a3b8',
      label: 'data(short)',
      width: 18,
      height: 18,
      'font-size': 9,
      'font-family': 'ui-monospace, Menlo, Consolas, monospace',
      color: '#1e293b',
      'text-valign': 'bottom',
      'text-margin-y': 3,
      'text-background-color': '#ffffff',
      'text-background-opacity': 0.85,
      'text-background-padding': '1px',
      'border-width': 2,
      'border-color': '#ffffff',
    },
  },
  { selector: 'node[?isNew]', style: { 'background-color': '#f59e0b' } },
  { selector: 'node[?anchor]', style: { 'border-color': '#4f46e5', 'border-width': 3, width: 22, height: 22, label: 'data(label)' } },
  // Crowded rows: slanted labels do not run into each other.
  { selector: 'node[?slanted]', style: { 'text-rotation': -0.7, 'text-margin-y': 12, 'text-margin-x': -12 } },
  { selector: 'node.hovered', style: { label: 'data(label)', 'z-index': 10, 'font-size': 11 } },
  { selector: 'node[kind = "literal"]', style: { shape: 'diamond' } },
  { selector: 'node[kind = "supernode"], node[kind = "aggregate"]', style: { shape: 'round-rectangle' } },
  {
    selector: 'edge',
    style: {
      width: 1.2,
      'line-color': '#cbd5e1',
      'target-arrow-color': '#94a3b8',
      'target-arrow-shape': 'triangle',
      'arrow-scale': 0.7,
      'curve-style': 'bezier',
      label: 'data(short)',
      'font-size': 8,
      color: '#64748b',
      'text-rotation': 'autorotate',
      'text-background-color': '#ffffff',
      'text-background-opacity': 0.8,
    },
  },
  { selector: 'edge[?isNew]', style: { 'line-color': '#fbbf24' } },
  { selector: 'edge.hovered', style: { label: 'data(label)', width: 2.5, 'z-index': 10, 'font-size': 10 } },
];

/** "A_03ded9b2e6c1" → "A_03de…": the kind letter and enough hex to tell neighbours apart. */
function shortLabel(token: string): string {
  return token.length > 8 ? `${token.slice(0, 6)}…` : token;
}

export function ExposedSubgraphCanvas({ subgraph }: { subgraph: ExposedSubgraph }) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    // Dozens of 14-character tokens side by side overlap: crowded pictures show a prefix, the full token on hover.
    const crowded = subgraph.nodes.length > 12;
    // A fan of dozens of labelled edges is unreadable: relation labels then show on hover (and in the report).
    const denseEdges = subgraph.edges.length > 16;
    const cy = cytoscape({
      container,
      style,
      elements: [
        ...subgraph.nodes.map((n) => ({ data: { id: n.id, label: n.label, short: crowded ? shortLabel(n.label) : n.label, slanted: crowded && !n.anchor, kind: n.kind, anchor: n.anchor, isNew: n.isNew } })),
        ...subgraph.edges.map((e) => ({ data: { id: `e:${e.id}`, source: e.source, target: e.target, label: e.label, short: denseEdges ? '' : e.label, isNew: e.isNew } })),
      ],
      // Candidate paths fan out from the anchors: a breadth-first layout rooted there reads as "hops from the
      // question's entity", which a force layout of a few dozen edges crumples into a knot.
      layout: {
        name: 'breadthfirst',
        roots: subgraph.nodes.filter((x) => x.anchor).map((x) => x.id),
        directed: false,
        spacingFactor: 1.15,
        padding: 18,
        animate: false,
      },
      minZoom: 0.2,
      maxZoom: 2.5,
      wheelSensitivity: 0.3,
      boxSelectionEnabled: false,
      autoungrabify: false,
    });
    cy.fit(undefined, 18);
    cy.on('mouseover', 'node, edge', (e) => e.target.addClass('hovered'));
    cy.on('mouseout', 'node, edge', (e) => e.target.removeClass('hovered'));
    return () => cy.destroy();
  }, [subgraph]);

  return (
    <div className="exposed-canvas-wrap">
      <div
        ref={ref}
        className="exposed-canvas"
        data-testid="exposed-subgraph"
        data-nodes={subgraph.nodes.length}
        data-edges={subgraph.edges.length}
        aria-label={`Exposed subgraph: ${subgraph.nodes.length} nodes, ${subgraph.edges.length} edges`}
      />
      <div className="legend exposed-legend">
        <span>
          <i className="dot" style={{ background: '#f59e0b' }} /> never exposed before
        </span>
        <span>
          <i className="dot" style={{ background: '#94a3b8' }} /> seen before
        </span>
        <span>
          <i className="dot" style={{ background: '#fff', border: '2px solid #4f46e5' }} /> anchor
        </span>
      </div>
    </div>
  );
}
