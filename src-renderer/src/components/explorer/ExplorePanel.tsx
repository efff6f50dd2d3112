// The explore view: entity search on the left, the neighbour explorer on the right.
import { useEffect } from 'react';
import { useExplorerStore } from '../../stores/explorerStore.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { EntitySearch } from './EntitySearch.js';
import { ExplorerToolbar } from './ExplorerToolbar.js';
import { NeighborCanvas } from './NeighborCanvas.js';

export function ExplorePanel({ graph }: { graph: string }) {
  const explorerGraph = useExplorerStore((s) => s.graph);
  const clear = useExplorerStore((s) => s.clear);
  const error = useExplorerStore((s) => s.error);
  const notice = useExplorerStore((s) => s.notice);
  const empty = useExplorerStore((s) => s.model.rootId === null);

  // Entities belong to one graph: switching graphs empties the canvas.
  useEffect(() => {
    if (explorerGraph !== null && explorerGraph !== graph) clear();
  }, [graph, explorerGraph, clear]);

  return (
    <section className="explore-panel" data-testid="explore-panel">
      <div className="explore-side">
        <EntitySearch key={graph} graph={graph} />
      </div>
      <div className="explore-main">
        <ExplorerToolbar />
        {error && <ErrorNotice error={error} testId="explorer-error" onDismiss={() => useExplorerStore.setState({ error: null })} />}
        {notice && (
          <div className="notice" data-testid="explorer-notice">
            {notice}
          </div>
        )}
        <div className="canvas-area">
          <NeighborCanvas />
          {empty && (
            <div className="canvas-empty muted">
              Search an entity and pick a result. Click a node to expand its neighbours; click a dashed
              “+N relation” node to load more of a large group; hover for properties.
            </div>
          )}
          <div className="legend" aria-hidden="true">
            <span><i className="dot root" />start</span>
            <span><i className="dot expanded" />expanded</span>
            <span><i className="dot entity" />entity</span>
            <span><i className="dot literal" />literal</span>
            <span><i className="dot hub" />collapsed group</span>
          </div>
        </div>
      </div>
    </section>
  );
}
