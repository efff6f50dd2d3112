// Limits and controls above the canvas: depth and node limits, reset to the start entity, and counts.
import { formatCount } from '../../api/formatters.js';
import { useExplorerStore } from '../../stores/explorerStore.js';

const DEPTHS = [1, 2, 3, 4, 5, 6];
const NODE_LIMITS = [100, 250, 500, 1000];

export function ExplorerToolbar() {
  const model = useExplorerStore((s) => s.model);
  const maxDepth = useExplorerStore((s) => s.maxDepth);
  const maxNodes = useExplorerStore((s) => s.maxNodes);
  const busy = useExplorerStore((s) => s.busy);
  const setMaxDepth = useExplorerStore((s) => s.setMaxDepth);
  const setMaxNodes = useExplorerStore((s) => s.setMaxNodes);
  const reset = useExplorerStore((s) => s.reset);
  const nodes = Object.keys(model.nodes).length;
  const edges = Object.keys(model.edges).length;
  const hubs = Object.keys(model.hubs).length;
  const root = model.rootId ? model.nodes[model.rootId]?.entity.name : null;

  return (
    <div className="explorer-toolbar" data-testid="explorer-toolbar">
      <div className="toolbar-title ellipsis" title={model.rootId ?? undefined}>
        {root ? (
          <>
            Exploring <strong data-testid="explorer-root">{root}</strong>
          </>
        ) : (
          <span className="muted">Pick a search result to explore its neighbours.</span>
        )}
      </div>
      <span className="muted small" data-testid="explorer-count" data-nodes={nodes} data-edges={edges}>
        {formatCount(nodes)} entities · {formatCount(edges)} edges{hubs > 0 ? ` · ${hubs} collapsed` : ''}
        {busy ? ' · loading…' : ''}
      </span>
      <label className="inline-field">
        Depth
        <select
          className="input small"
          value={maxDepth}
          onChange={(e) => setMaxDepth(Number(e.target.value))}
          data-testid="explorer-depth"
        >
          {DEPTHS.map((d) => (
            <option key={d} value={d}>
              {d} hop{d > 1 ? 's' : ''}
            </option>
          ))}
        </select>
      </label>
      <label className="inline-field">
        Limit
        <select
          className="input small"
          value={maxNodes}
          onChange={(e) => setMaxNodes(Number(e.target.value))}
          data-testid="explorer-node-limit"
        >
          {NODE_LIMITS.map((n) => (
            <option key={n} value={n}>
              {n} nodes
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="button small"
        onClick={() => void reset()}
        disabled={!model.rootId || busy}
        data-testid="explorer-reset"
        title="Back to the start entity and its direct neighbours"
      >
        Reset
      </button>
    </div>
  );
}
