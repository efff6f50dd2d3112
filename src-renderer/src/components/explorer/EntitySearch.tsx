// Search-as-you-type over entity names; a result opens in the neighbour explorer.
import { useState } from 'react';
import { formatCount } from '../../api/formatters.js';
import { useChannelQuery } from '../../hooks/useChannelQuery.js';
import { useDebouncedValue } from '../../hooks/useDebouncedValue.js';
import { useExplorerStore } from '../../stores/explorerStore.js';
import { ErrorNotice } from '../ErrorNotice.js';

export function EntitySearch({ graph }: { graph: string }) {
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query.trim(), 250);
  const { value, error, loading } = useChannelQuery(
    'graph.search',
    settled ? { graph, query: settled, limit: 30 } : null,
  );
  const openEntity = useExplorerStore((s) => s.open);
  const rootId = useExplorerStore((s) => s.model.rootId);
  const pending = loading || query.trim() !== settled;

  return (
    <div className="entity-search" data-testid="entity-search">
      <input
        type="search"
        className="input"
        placeholder="Search entities by name…"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        data-testid="entity-search-input"
        aria-label="Search entities"
        maxLength={500}
      />
      <div className="search-status muted small" data-testid="search-status" data-pending={pending}>
        {!settled ? 'Type a name to search.' : pending ? 'Searching…' : `${value?.length ?? 0} result(s)`}
      </div>
      {error && <ErrorNotice error={error} testId="search-error" />}
      <ul className="search-results" data-testid="search-results">
        {value?.map((e) => (
          <li key={e.id}>
            <button
              type="button"
              className={`search-result${e.id === rootId ? ' selected' : ''}`}
              data-testid="search-result"
              data-entity-id={e.id}
              title={e.id}
              onClick={() => void openEntity(graph, e.id)}
            >
              <span className="result-name">{e.name}</span>
              <span className="result-meta">
                {e.type && <span className="tag">{e.type}</span>}
                {e.literal && <span className="tag literal">{e.literal}</span>}
                {e.degree !== undefined && <span>deg {formatCount(e.degree)}</span>}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
