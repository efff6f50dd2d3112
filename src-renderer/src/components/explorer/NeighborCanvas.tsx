// The cytoscape canvas. It owns one cytoscape instance and diffs the store's model into it. Nodes already placed
// never move on expand: new ones are placed around the node they hang from, clear of every node and label
// (placement.ts); a force layout runs only when the analyst asks for it (Re-layout), and leaves pinned nodes.
// A click selects a node for the properties panel and expands it; a hub count node loads more of its group.
import cytoscape from 'cytoscape';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useExplorerStore } from '../../stores/explorerStore.js';
import { useExposureOverlay } from '../../stores/exposureOverlayStore.js';
import { useThemeStore } from '../../stores/themeStore.js';
import { setExplorerCy } from './canvasControls.js';
import type { ExplorerModel } from './explorerModel.js';
import { registerExplorerTestHook } from './explorerTestHook.js';
import { NodeTooltip, type HoverTarget } from './NodeTooltip.js';
import { cyStyleFor } from './cyStyle.js';
import { footprint, placeAround, type Box, type Point } from './placement.js';
import { toCyElements } from './toCyElements.js';

export function NeighborCanvas() {
  const containerRef = useRef<HTMLDivElement>(null);
  const cyRef = useRef<cytoscape.Core | null>(null);
  const layoutRunning = useRef(false);
  const [hover, setHover] = useState<HoverTarget | null>(null);
  const model = useExplorerStore((s) => s.model);
  const pairs = useExplorerStore((s) => s.pairs);
  const pinned = useExplorerStore((s) => s.pinned);
  const selectedId = useExplorerStore((s) => s.selectedId);
  const heat = useExposureOverlay((s) => (s.enabled ? s.heat : undefined));
  const theme = useThemeStore((s) => s.resolved);

  // One handler for real clicks and the test hook alike.
  const handleTap = useCallback((id: string) => {
    const store = useExplorerStore.getState();
    setHover(null);
    if (store.model.hubs[id]) void store.loadMoreHub(id);
    else if (store.model.nodes[id]) {
      store.select(id);
      if (!store.model.nodes[id].expanded) void store.expand(id);
    }
  }, []);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const cy = cytoscape({
      container,
      style: cyStyleFor(useThemeStore.getState().resolved),
      minZoom: 0.1,
      maxZoom: 3,
      wheelSensitivity: 0.3,
      boxSelectionEnabled: false,
      autounselectify: true,
    });
    cyRef.current = cy;
    setExplorerCy(cy);
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
      setExplorerCy(null);
      cy.destroy();
      cyRef.current = null;
    };
  }, [handleTap]);

  useEffect(() => {
    const cy = cyRef.current;
    if (!cy) return;
    const wanted = toCyElements(model, { pairs, pinned, heat });
    const wantedIds = new Set(wanted.map((el) => el.data.id as string));
    const wasEmpty = cy.nodes().length === 0;
    const added: string[] = [];
    cy.batch(() => {
      cy.elements().forEach((el) => {
        if (!el.removed() && !wantedIds.has(el.id())) el.remove();
      });
      const newNodes = wanted.filter((el) => el.group === 'nodes' && cy.getElementById(el.data.id as string).empty());
      const positions = placeNew(cy, model, newNodes);
      // Nodes before edges, so every edge finds its ends.
      for (const el of [...wanted].sort((a, b) => (a.group === b.group ? 0 : a.group === 'nodes' ? -1 : 1))) {
        const existing = cy.getElementById(el.data.id as string);
        if (existing.nonempty()) {
          existing.data(el.data);
          continue;
        }
        if (el.group === 'nodes') {
          el.position = positions.get(el.data.id as string) ?? { x: 0, y: 0 };
          added.push(el.data.id as string);
        }
        cy.add(el);
      }
      cy.nodes().forEach((n) => {
        if (n.data('pinned')) n.lock();
        else n.unlock();
      });
    });
    if (added.length === 0) return;
    // The camera follows only when something new is out of sight; the nodes themselves stay where they were.
    const view = cy.extent();
    const outside = added.some((id) => {
      const p = cy.getElementById(id).position();
      return p.x < view.x1 || p.x > view.x2 || p.y < view.y1 || p.y > view.y2;
    });
    if (wasEmpty || outside) cy.fit(undefined, 40);
  }, [model, pairs, pinned, heat]);

  useEffect(() => {
    cyRef.current?.style(cyStyleFor(theme));
  }, [theme]);

  useEffect(() => {
    const cy = cyRef.current;
    if (!cy) return;
    cy.nodes('.selected').removeClass('selected');
    if (selectedId) cy.getElementById(selectedId).addClass('selected');
  }, [selectedId, model]);

  return (
    <div className="canvas-wrap">
      <div ref={containerRef} className="cy-canvas" data-testid="explorer-canvas" />
      {hover && <NodeTooltip target={hover} />}
    </div>
  );
}

/** A node's footprint; a hub is a pill with its label inside. */
function sizeOf(data: { size?: unknown; label?: unknown; hub?: unknown }): { halfW: number; halfH: number } {
  const size = Number(data.size ?? 22);
  return data.hub ? { halfW: size / 2 + 6, halfH: 17 } : footprint(size, String(data.label ?? '').length);
}

function boxOf(n: cytoscape.NodeSingular): Box {
  const p = n.position();
  return { x: p.x, y: p.y, ...sizeOf(n.data() as Record<string, unknown>) };
}

/**
 * Positions for the nodes about to be added: each hangs from a neighbour already placed (a hub from its owner),
 * and is set clear of all boxes. Chains of new nodes are placed in passes, nearest first.
 */
function placeNew(cy: cytoscape.Core, model: ExplorerModel, newNodes: cytoscape.ElementDefinition[]): Map<string, Point> {
  const positions = new Map<string, Point>();
  const occupied: Box[] = cy.nodes().map(boxOf);
  const where = (id: string): Point | undefined => {
    const placed = positions.get(id);
    if (placed) return placed;
    const n = cy.getElementById(id);
    return n.nonempty() ? n.position() : undefined;
  };
  const anchorOf = (id: string): string | undefined => {
    const hub = model.hubs[id];
    if (hub) return where(hub.owner) ? hub.owner : undefined;
    let best: string | undefined;
    for (const e of Object.values(model.edges)) {
      const other = e.source === id ? e.target : e.target === id ? e.source : undefined;
      if (!other || !where(other)) continue;
      // Prefer the expanded neighbour: that is the node the analyst just opened.
      if (!best || (model.nodes[other]?.expanded && !model.nodes[best]?.expanded)) best = other;
    }
    return best;
  };
  const rootPos = (model.rootId && where(model.rootId)) || { x: 0, y: 0 };
  let pending = newNodes.map((el) => ({ id: el.data.id as string, ...sizeOf(el.data as Record<string, unknown>) }));
  if (model.rootId && pending.some((p) => p.id === model.rootId)) {
    const root = pending.find((p) => p.id === model.rootId)!;
    positions.set(root.id, { x: 0, y: 0 });
    occupied.push({ x: 0, y: 0, halfW: root.halfW, halfH: root.halfH });
    pending = pending.filter((p) => p.id !== root.id);
  }
  while (pending.length > 0) {
    const byAnchor = new Map<string, typeof pending>();
    const waiting: typeof pending = [];
    for (const item of pending) {
      const anchor = anchorOf(item.id);
      if (anchor) byAnchor.set(anchor, [...(byAnchor.get(anchor) ?? []), item]);
      else waiting.push(item);
    }
    // Nothing left hangs from a placed node: the rest goes around the root.
    if (byAnchor.size === 0) byAnchor.set('', waiting.splice(0));
    for (const [anchor, items] of byAnchor) {
      const at = (anchor && where(anchor)) || rootPos;
      const away = anchor && anchor !== model.rootId ? { x: at.x - rootPos.x, y: at.y - rootPos.y } : undefined;
      for (const [id, p] of placeAround(at, items, occupied, away)) {
        positions.set(id, p);
        const item = items.find((i) => i.id === id)!;
        occupied.push({ ...p, halfW: item.halfW, halfH: item.halfH });
      }
    }
    pending = waiting;
  }
  return positions;
}
