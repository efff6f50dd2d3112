// Limits and controls above the canvas: depth and node limits, reset, the camera (fit, zoom), re-layout, exports,
// the exposure overlay, and the canvas/Cypher switch.
import { formatCount } from '../../api/formatters.js';
import { useExplorerStore, type ExplorerView } from '../../stores/explorerStore.js';
import { useExposureOverlay } from '../../stores/exposureOverlayStore.js';
import { explorerCy, fitAll, pngDataUrl, relayout, zoomBy } from './canvasControls.js';
import { downloadText, downloadUrl } from '../../api/downloadText.js';
import { exportModel } from './exportModel.js';

const DEPTHS = [1, 2, 3, 4, 5, 6];
const VIEWS: [ExplorerView, string][] = [
  ['canvas', 'Graph'],
  ['cypher', 'Cypher'],
  ['exposure', 'Exposure'],
];
const NODE_LIMITS = [100, 250, 500, 1000];

export function ExplorerToolbar({ graph }: { graph: string }) {
  const model = useExplorerStore((s) => s.model);
  const maxDepth = useExplorerStore((s) => s.maxDepth);
  const maxNodes = useExplorerStore((s) => s.maxNodes);
  const busy = useExplorerStore((s) => s.busy);
  const view = useExplorerStore((s) => s.view);
  const setView = useExplorerStore((s) => s.setView);
  const setMaxDepth = useExplorerStore((s) => s.setMaxDepth);
  const setMaxNodes = useExplorerStore((s) => s.setMaxNodes);
  const reset = useExplorerStore((s) => s.reset);
  const overlay = useExposureOverlay((s) => s.enabled);
  const setOverlay = useExposureOverlay((s) => s.setEnabled);
  const nodes = Object.keys(model.nodes).length;
  const edges = Object.keys(model.edges).length;
  const hubs = Object.keys(model.hubs).length;
  const root = model.rootId ? model.nodes[model.rootId]?.entity.name : null;
  const empty = !model.rootId;

  const exportPng = (): void => {
    const bg = getComputedStyle(document.documentElement).getPropertyValue('--canvas-bg').trim() || '#ffffff';
    const url = pngDataUrl(bg);
    if (url) downloadUrl(url, `${graph}-explorer.png`);
  };
  const exportJson = (): void => {
    const cy = explorerCy();
    const positions: Record<string, { x: number; y: number }> = {};
    cy?.nodes('[!hub]').forEach((n) => void (positions[n.id()] = { ...n.position() }));
    downloadText(`${graph}-explorer.json`, JSON.stringify(exportModel(graph, model, positions, new Date()), null, 2), 'application/json');
  };

  return (
    <div className="explorer-toolbar" data-testid="explorer-toolbar">
      <div className="segmented" role="tablist" aria-label="Explorer view">
        {VIEWS.map(([v, label]) => (
          <button key={v} type="button" role="tab" className={`segment${view === v ? ' active' : ''}`} aria-selected={view === v} onClick={() => setView(v)} data-testid={`explorer-view-${v}`}>
            {label}
          </button>
        ))}
      </div>
      <div className="toolbar-title" title={model.rootId ?? undefined}>
        <div className="ellipsis">
          {root ? (
            <>
              Exploring <strong data-testid="explorer-root">{root}</strong>
            </>
          ) : (
            <span className="muted">Pick a search result to explore its neighbours.</span>
          )}
        </div>
        <div className="muted small ellipsis" data-testid="explorer-count" data-nodes={nodes} data-edges={edges}>
          {formatCount(nodes)} entities · {formatCount(edges)} edges{hubs > 0 ? ` · ${hubs} collapsed` : ''}
          {busy ? ' · loading…' : ''}
        </div>
      </div>
      {view === 'canvas' && (
        <div className="toolbar-group">
          <label className="inline-field">
            Depth
            <select className="input small" value={maxDepth} onChange={(e) => setMaxDepth(Number(e.target.value))} data-testid="explorer-depth">
              {DEPTHS.map((d) => (
                <option key={d} value={d}>
                  {d} hop{d > 1 ? 's' : ''}
                </option>
              ))}
            </select>
          </label>
          <label className="inline-field">
            Limit
            <select className="input small" value={maxNodes} onChange={(e) => setMaxNodes(Number(e.target.value))} data-testid="explorer-node-limit">
              {NODE_LIMITS.map((n) => (
                <option key={n} value={n}>
                  {n} nodes
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="button small" onClick={() => void reset()} disabled={empty || busy} data-testid="explorer-reset" title="Back to the start entity and its direct neighbours">
            Reset
          </button>
          <button type="button" className="button small icon" onClick={fitAll} disabled={empty} data-testid="explorer-fit" title="Fit the graph in view">
            Fit
          </button>
          <button type="button" className="button small icon" onClick={() => zoomBy(1.25)} disabled={empty} data-testid="explorer-zoom-in" title="Zoom in" aria-label="Zoom in">
            +
          </button>
          <button type="button" className="button small icon" onClick={() => zoomBy(0.8)} disabled={empty} data-testid="explorer-zoom-out" title="Zoom out" aria-label="Zoom out">
            −
          </button>
          <button type="button" className="button small" onClick={relayout} disabled={empty || busy} data-testid="explorer-relayout" title="Tidy the layout with a force layout; pinned nodes stay put">
            Re-layout
          </button>
          <button type="button" className="button small" onClick={exportPng} disabled={empty} data-testid="explorer-export-png">
            PNG
          </button>
          <button type="button" className="button small" onClick={exportJson} disabled={empty} data-testid="explorer-export-json">
            JSON
          </button>
          <label className="inline-field" title="Tint entities a Brain has seen, by the number of sessions">
            <input type="checkbox" checked={overlay} onChange={(e) => setOverlay(e.target.checked)} data-testid="explorer-exposure-overlay" />
            Exposure
          </label>
        </div>
      )}
    </div>
  );
}
