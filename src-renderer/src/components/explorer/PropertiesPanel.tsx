// The selected entity's properties: every attribute the graph holds for it, its degree, and its relations grouped
// by (relation, direction) with their sizes — each group can be loaded whole onto the canvas. Pin and hide act on it.
import { formatCount } from '../../api/formatters.js';
import { useChannelQuery } from '../../hooks/useChannelQuery.js';
import { useExplorerStore } from '../../stores/explorerStore.js';
import { useExposureOverlay } from '../../stores/exposureOverlayStore.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { canonicalGroups } from './explorerModel.js';
import { typeColor } from './typeColor.js';

export function PropertiesPanel({ graph }: { graph: string }) {
  const selectedId = useExplorerStore((s) => s.selectedId);
  const node = useExplorerStore((s) => (s.selectedId ? s.model.nodes[s.selectedId] : undefined));
  const pinned = useExplorerStore((s) => (s.selectedId ? Boolean(s.pinned[s.selectedId]) : false));
  const pairs = useExplorerStore((s) => s.pairs);
  const busy = useExplorerStore((s) => s.busy);
  const exposure = useExposureOverlay((s) => (selectedId ? s.rows[selectedId] : undefined));
  // Group sizes only: one neighbour per group is enough to count them all.
  const { value: nh, error } = useChannelQuery('graph.neighbors', node ? { graph, entity: node.id, capPerRelation: 1 } : null);

  if (!node) {
    return (
      <aside className="properties-panel muted small" data-testid="properties-panel" data-empty="true">
        Click a node to see its properties.
      </aside>
    );
  }
  const e = node.entity;
  const inverseOf = Object.fromEntries(pairs.map((p) => [p.inverse, p.relation]));
  const groups = nh ? canonicalGroups(nh.groups, inverseOf) : [];
  const store = useExplorerStore.getState();
  const rows: [string, string][] = [
    ['name', e.name],
    ['id', e.id],
    ['type', e.type ?? '(none in this graph)'],
    ['literal', e.literal ?? 'no'],
    ['degree', formatCount(nh ? nh.groups.reduce((a, g) => a + g.total, 0) : (e.degree ?? 0))],
    ['hops from start', String(node.depth)],
  ];
  if (exposure) rows.push(['exposed to the Brain', `${exposure.sessions} session${exposure.sessions === 1 ? '' : 's'}`]);

  return (
    <aside className="properties-panel" data-testid="properties-panel" data-entity-id={node.id}>
      <div className="properties-head">
        <i className="dot" style={{ background: typeColor(e.type) }} />
        <strong className="ellipsis" title={e.name} data-testid="properties-name">{e.name}</strong>
      </div>
      <dl className="properties-list" data-testid="properties-list">
        {rows.map(([k, v]) => (
          <div key={k} data-testid={`prop-${k.replace(/\s+/g, '-')}`}>
            <dt>{k}</dt>
            <dd className={k === 'id' ? 'mono' : undefined}>{v}</dd>
          </div>
        ))}
      </dl>
      <div className="button-row">
        {!node.expanded && (
          <button type="button" className="button small" disabled={busy} onClick={() => void store.expand(node.id)} data-testid="prop-expand">
            Expand
          </button>
        )}
        <button type="button" className="button small" onClick={() => store.togglePin(node.id)} data-testid="prop-pin" aria-pressed={pinned}>
          {pinned ? 'Unpin' : 'Pin'}
        </button>
        <button type="button" className="button small" onClick={() => store.hide(node.id)} data-testid="prop-hide" disabled={node.id === useExplorerStore.getState().model.rootId}>
          Hide
        </button>
      </div>
      <h3 className="properties-sub">Relations</h3>
      {error && <ErrorNotice error={error} testId="properties-error" />}
      <ul className="relation-groups" data-testid="relation-groups">
        {groups.map((g) => {
          const inverse = pairs.find((p) => p.relation === g.relation)?.inverse;
          return (
            <li key={`${g.direction}:${g.relation}`}>
              <span className="ellipsis" title={inverse ? `${g.relation} (also stored as ${inverse})` : g.relation}>
                {g.direction === 'out' ? '→' : '←'} {g.relation}
                {inverse && <span className="muted"> ⇄ {inverse}</span>}
              </span>
              <span className="muted">{formatCount(g.total)}</span>
              <button
                type="button"
                className="link-button small"
                disabled={busy}
                onClick={() => void store.expandRelation(node.id, g.relation, g.direction)}
                data-testid="expand-relation"
                title={`Show all ${g.total > 1000 ? 'first 1,000 ' : ''}${g.relation} neighbours`}
              >
                show all
              </button>
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
