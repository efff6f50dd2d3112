// Search-as-you-type over entity names; a result opens in the neighbour explorer.
import { useState } from 'react';
import { formatCount } from '../../api/formatters.js';
import { useChannelQuery } from '../../hooks/useChannelQuery.js';
import { useDebouncedValue } from '../../hooks/useDebouncedValue.js';
import { useCypherStore } from '../../stores/cypherStore.js';
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
  // Relation names match too: the graph's relation list is small, so it is filtered here.
  const { value: stats } = useChannelQuery('graph.stats', { graph });
  const needle = settled.toLowerCase();
  const relations = needle ? (stats?.relations ?? []).filter((r) => r.label.toLowerCase().includes(needle)).slice(0, 10) : [];

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
        {!settled ? 'Type a name or a relation to search.' : pending ? 'Searching…' : `${value?.length ?? 0} entit${value?.length === 1 ? 'y' : 'ies'}, ${relations.length} relation(s)`}
      </div>
      {relations.length > 0 && (
        <ul className="search-results relation-results" data-testid="relation-results">
          {relations.map((r) => (
            <li key={r.label}>
              <button
                type="button"
                className="search-result"
                data-testid="relation-result"
                title={`Show ${r.label} facts in the Cypher console`}
                onClick={() => showRelation(graph, r.label)}
              >
                <span className="result-name">{r.label}</span>
                <span className="result-meta">
                  <span className="tag">relation</span>
                  <span>{formatCount(r.count)} facts</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
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

/** A relation hit opens its facts in the Cypher console, drawn as a graph. */
function showRelation(graph: string, label: string): void {
  const cypher = useCypherStore.getState();
  cypher.setQuery(`MATCH (a:Entity)-[r:Rel]->(b:Entity) WHERE r.label = ${JSON.stringify(label)} RETURN a, r, b LIMIT 50`);
  cypher.setView('graph');
  useExplorerStore.getState().setView('cypher');
  void cypher.run(graph);
}
