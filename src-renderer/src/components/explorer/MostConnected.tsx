// The graph's most connected entities (literals left out): a place to start exploring.
import { formatCount } from '../../api/formatters.js';
import { useChannelQuery } from '../../hooks/useChannelQuery.js';
import { useExplorerStore } from '../../stores/explorerStore.js';
import { ErrorNotice } from '../ErrorNotice.js';

export function MostConnected({ graph }: { graph: string }) {
  const { value, error } = useChannelQuery('graph.mostConnected', { graph, limit: 15 });
  const open = useExplorerStore((s) => s.open);
  return (
    <div className="most-connected" data-testid="most-connected">
      <h3>Most connected</h3>
      {error && <ErrorNotice error={error} testId="most-connected-error" />}
      <ol>
        {value?.map((e) => (
          <li key={e.id}>
            <button type="button" className="link-button ellipsis" title={e.id} onClick={() => void open(graph, e.id)} data-testid="most-connected-item">
              {e.name}
            </button>
            <span className="muted small">{formatCount(e.degree ?? 0)}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
