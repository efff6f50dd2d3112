// Properties of the node under the pointer, drawn over the canvas next to it.
import { formatCount } from '../../api/formatters.js';
import { hubLabel, type ExplorerNode, type HubNode } from './explorerModel.js';

export type HoverTarget =
  | { kind: 'entity'; node: ExplorerNode; x: number; y: number }
  | { kind: 'hub'; hub: HubNode; x: number; y: number };

export function NodeTooltip({ target }: { target: HoverTarget }) {
  const style = { left: target.x + 14, top: target.y + 14 };
  if (target.kind === 'hub') {
    const { hub } = target;
    return (
      <div className="node-tooltip" style={style} data-testid="node-tooltip">
        <div className="tooltip-title">{hubLabel(hub)}</div>
        <dl>
          <dt>relation</dt>
          <dd>{hub.relation}</dd>
          <dt>direction</dt>
          <dd>{hub.direction === 'out' ? 'outgoing' : 'incoming'}</dd>
          <dt>shown</dt>
          <dd>
            {formatCount(hub.shown)} of {formatCount(hub.total)}
          </dd>
        </dl>
        <div className="tooltip-hint">Click to load more</div>
      </div>
    );
  }
  const { node } = target;
  const e = node.entity;
  return (
    <div className="node-tooltip" style={style} data-testid="node-tooltip">
      <div className="tooltip-title">{e.name}</div>
      <dl>
        <dt>id</dt>
        <dd className="mono">{e.id}</dd>
        <dt>type</dt>
        <dd>{e.type ?? 'none in this graph'}</dd>
        <dt>literal</dt>
        <dd>{e.literal ?? '—'}</dd>
        <dt>degree</dt>
        <dd>{e.degree !== undefined ? formatCount(e.degree) : '—'}</dd>
        <dt>depth</dt>
        <dd>{node.depth}</dd>
      </dl>
      <div className="tooltip-hint">{node.expanded ? 'Expanded' : 'Click to expand neighbours'}</div>
    </div>
  );
}
