// The explore view: entity and relation search and the most connected entities on the left; the neighbour canvas
// (or the read-only Cypher console) in the middle; the selected entity's properties on the right.
import { useEffect } from 'react';
import { useExplorerStore } from '../../stores/explorerStore.js';
import { useExposureOverlay } from '../../stores/exposureOverlayStore.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { CypherConsole } from './CypherConsole.js';
import { EntitySearch } from './EntitySearch.js';
import { ExposureView } from './ExposureView.js';
import { ExplorerToolbar } from './ExplorerToolbar.js';
import { MostConnected } from './MostConnected.js';
import { NeighborCanvas } from './NeighborCanvas.js';
import { PropertiesPanel } from './PropertiesPanel.js';
import { TypeLegend } from './TypeLegend.js';

export function ExplorePanel({ graph }: { graph: string }) {
  const explorerGraph = useExplorerStore((s) => s.graph);
  const clear = useExplorerStore((s) => s.clear);
  const error = useExplorerStore((s) => s.error);
  const notice = useExplorerStore((s) => s.notice);
  const view = useExplorerStore((s) => s.view);
  const empty = useExplorerStore((s) => s.model.rootId === null);
  const overlay = useExposureOverlay((s) => s.enabled);

  // Entities belong to one graph: switching graphs empties the canvas.
  useEffect(() => {
    if (explorerGraph !== null && explorerGraph !== graph) clear();
  }, [graph, explorerGraph, clear]);
  useEffect(() => {
    if (overlay) void useExposureOverlay.getState().load(graph);
  }, [graph, overlay]);

  return (
    <section className="explore-panel" data-testid="explore-panel">
      <div className="explore-side">
        <EntitySearch key={graph} graph={graph} />
        <MostConnected graph={graph} />
      </div>
      <div className="explore-main">
        <ExplorerToolbar graph={graph} />
        {error && <ErrorNotice error={error} testId="explorer-error" onDismiss={() => useExplorerStore.setState({ error: null })} />}
        {notice && (
          <div className="notice" data-testid="explorer-notice">
            {notice}
          </div>
        )}
        {view === 'cypher' ? (
          <CypherConsole graph={graph} />
        ) : view === 'exposure' ? (
          <ExposureView graph={graph} />
        ) : (
          <div className="canvas-area">
            <NeighborCanvas />
            {empty && (
              <div className="canvas-empty muted">
                Search an entity or a relation, or pick one of the most connected. Click a node to expand it and see its
                properties; click a dashed “+N relation” node to load more of a large group.
              </div>
            )}
            <TypeLegend />
          </div>
        )}
      </div>
      <PropertiesPanel graph={graph} />
    </section>
  );
}
