// A small read-mostly handle on the canvas for end-to-end tests: node ids and rendered (page) positions,
// so a test can click a node for real, and tap(), which runs the very handler a click runs.
import type cytoscape from 'cytoscape';

export interface ExplorerNodeInfo {
  id: string;
  label: string;
  degree: number;
  root: boolean;
  expanded: boolean;
  literal: boolean;
}

export interface ExplorerTestHook {
  /** Entity nodes (hub count nodes excluded). */
  nodes(): ExplorerNodeInfo[];
  nodeIds(): string[];
  /** Entity edges as drawn: ends and label (hub links excluded). */
  edges(): { source: string; target: string; label: string }[];
  hubIds(): string[];
  /** Model (layout) coordinates of every entity node: what must not change when another node is expanded. */
  modelPositions(): Record<string, { x: number; y: number }>;
  /** Page coordinates of a node's centre, or null when it is not on the canvas. */
  pagePosition(id: string): { x: number; y: number } | null;
  tap(id: string): void;
  /** True when no request or layout is in flight. */
  idle(): boolean;
}

declare global {
  interface Window {
    __ctrlgExplorer?: ExplorerTestHook;
  }
}

export function registerExplorerTestHook(
  cy: cytoscape.Core,
  container: HTMLElement,
  onTap: (id: string) => void,
  isIdle: () => boolean,
): () => void {
  const hook: ExplorerTestHook = {
    nodes: () =>
      cy.nodes('[!hub]').map((n) => ({
        id: n.id(),
        label: String(n.data('label')),
        degree: Number(n.data('degree') ?? 0),
        root: Boolean(n.data('root')),
        expanded: Boolean(n.data('expanded')),
        literal: Boolean(n.data('literal')),
      })),
    nodeIds: () => cy.nodes('[!hub]').map((n) => n.id()),
    edges: () => cy.edges('[!hub]').map((e) => ({ source: e.source().id(), target: e.target().id(), label: String(e.data('label')) })),
    hubIds: () => cy.nodes('[?hub]').map((n) => n.id()),
    modelPositions() {
      const out: Record<string, { x: number; y: number }> = {};
      cy.nodes('[!hub]').forEach((n) => void (out[n.id()] = { ...n.position() }));
      return out;
    },
    pagePosition(id) {
      const node = cy.getElementById(id);
      if (node.empty()) return null;
      const rect = container.getBoundingClientRect();
      const p = node.renderedPosition();
      return { x: rect.left + p.x, y: rect.top + p.y };
    },
    tap: onTap,
    idle: isIdle,
  };
  window.__ctrlgExplorer = hook;
  return () => {
    if (window.__ctrlgExplorer === hook) delete window.__ctrlgExplorer;
  };
}
