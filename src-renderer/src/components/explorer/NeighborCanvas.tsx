// The cytoscape canvas. It owns one cytoscape instance, diffs the store's model into it, re-runs the
// layout after each change (existing nodes keep their positions as the starting point), and routes
// clicks: an entity expands its neighbours, a hub count node loads more of its group.
import cytoscape from 'cytoscape';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useExplorerStore } from '../../stores/explorerStore.js';
import { registerExplorerTestHook } from './explorerTestHook.js';
import { NodeTooltip, type HoverTarget } from './NodeTooltip.js';
import { cyStyle } from './cyStyle.js';
import { toCyElements } from './toCyElements.js';

export function NeighborCanvas() {
  const containerRef = useRef<HTMLDivElement>(null);
  const cyRef = useRef<cytoscape.Core | null>(null);
  const layoutRunning = useRef(false);
  const [hover, setHover] = useState<HoverTarget | null>(null);
  const model = useExplorerStore((s) => s.model);

  // One handler for real clicks and the test hook alike.
  const handleTap = useCallback((id: string) => {
    const store = useExplorerStore.getState();
    setHover(null);
    if (store.model.hubs[id]) void store.loadMoreHub(id);
    else if (store.model.nodes[id]) void store.expand(id);
  }, []);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const cy = cytoscape({
      container,
      style: cyStyle,
      minZoom: 0.15,
      maxZoom: 3,
      wheelSensitivity: 0.3,
      boxSelectionEnabled: false,
    });
    cyRef.current = cy;
    cy.on('tap', 'node', (evt) => handleTap(evt.target.id()));
    cy.on('mouseover', 'node', (evt) => {
      const id: string = evt.target.id();
      const { model: m } = useExplorerStore.getState();
      const p = evt.target.renderedPosition();
      evt.target.addClass('hovered');
      const hub = m.hubs[id];
      const node = m.nodes[id];
      if (hub) setHover({ kind: 'hub', hub, x: p.x, y: p.y });
      else if (node) setHover({ kind: 'entity', node, x: p.x, y: p.y });
      container.style.cursor = 'pointer';
    });
    cy.on('mouseout', 'node', (evt) => {
      evt.target.removeClass('hovered');
      setHover(null);
      container.style.cursor = '';
    });
    cy.on('pan zoom', () => setHover(null));
    cy.on('layoutstart', () => (layoutRunning.current = true));
    cy.on('layoutstop', () => (layoutRunning.current = false));
    const unregister = registerExplorerTestHook(cy, container, handleTap, () => {
      return !layoutRunning.current && !useExplorerStore.getState().busy;
    });
    return () => {
      unregister();
      cy.destroy();
      cyRef.current = null;
    };
  }, [handleTap]);

  useEffect(() => {
    const cy = cyRef.current;
    if (!cy) return;
    const wanted = toCyElements(model);
    const wantedIds = new Set(wanted.map((el) => el.data.id as string));
    let changed = 0;
    cy.batch(() => {
      cy.elements().forEach((el) => {
        if (el.removed() || wantedIds.has(el.id())) return;
        el.remove();
        changed += 1;
      });
      // Nodes before edges, so every edge finds its ends.
      for (const el of [...wanted].sort((a, b) => (a.group === b.group ? 0 : a.group === 'nodes' ? -1 : 1))) {
        const existing = cy.getElementById(el.data.id as string);
        if (existing.nonempty()) {
          existing.data(el.data);
          continue;
        }
        if (el.group === 'nodes') el.position = seedPosition(cy, model, el.data.id as string);
        cy.add(el);
        changed += 1;
      }
    });
    if (changed > 0 && cy.nodes().length > 0) runLayout(cy);
  }, [model]);

  return (
    <div className="canvas-wrap">
      <div ref={containerRef} className="cy-canvas" data-testid="explorer-canvas" />
      {hover && <NodeTooltip target={hover} />}
    </div>
  );
}

/** New nodes start next to a neighbour already placed, so the incremental layout stays calm. */
function seedPosition(
  cy: cytoscape.Core,
  model: ReturnType<typeof useExplorerStore.getState>['model'],
  id: string,
): { x: number; y: number } {
  let anchor = model.hubs[id]?.owner;
  if (!anchor) {
    for (const edge of Object.values(model.edges)) {
      if (edge.source === id && cy.getElementById(edge.target).nonempty()) anchor = edge.target;
      else if (edge.target === id && cy.getElementById(edge.source).nonempty()) anchor = edge.source;
      if (anchor) break;
    }
  }
  const base = anchor ? cy.getElementById(anchor).position() : { x: 0, y: 0 };
  const angle = Math.random() * Math.PI * 2;
  return { x: base.x + Math.cos(angle) * 90, y: base.y + Math.sin(angle) * 90 };
}

function runLayout(cy: cytoscape.Core): void {
  cy.layout({
    name: 'cose',
    animate: false,
    randomize: false,
    fit: true,
    padding: 40,
    nodeRepulsion: () => 14000,
    idealEdgeLength: () => 110,
    edgeElasticity: () => 120,
    nodeOverlap: 12,
    componentSpacing: 80,
    numIter: 1200,
  } as cytoscape.LayoutOptions).run();
}
