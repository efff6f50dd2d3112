// The canvas legend: node rings (start, expanded, pinned), shapes, and the colour of each entity type on screen.
import { useExplorerStore } from '../../stores/explorerStore.js';
import { typeColor, UNTYPED_COLOR } from './typeColor.js';

const MAX_TYPES = 8;

export function TypeLegend() {
  const model = useExplorerStore((s) => s.model);
  const counts = new Map<string, number>();
  for (const n of Object.values(model.nodes)) if (n.entity.type) counts.set(n.entity.type, (counts.get(n.entity.type) ?? 0) + 1);
  const types = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, MAX_TYPES);
  return (
    <div className="legend" aria-hidden="true" data-testid="explorer-legend">
      <span><i className="dot ring root" />start</span>
      <span><i className="dot ring expanded" />expanded</span>
      <span><i className="dot literal" />literal</span>
      <span><i className="dot hub" />collapsed group</span>
      {types.length === 0 ? (
        <span><i className="dot" style={{ background: UNTYPED_COLOR }} />untyped</span>
      ) : (
        types.map(([t]) => (
          <span key={t} data-testid="legend-type">
            <i className="dot" style={{ background: typeColor(t) }} />
            {t}
          </span>
        ))
      )}
    </div>
  );
}
