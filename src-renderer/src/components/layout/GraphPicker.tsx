// The list of stored graphs with their sizes; clicking one selects it for every panel. A graph read from a SPARQL
// endpoint says so; the form below the list adds one.
import { formatCount } from '../../api/formatters.js';
import { useGraphsStore } from '../../stores/graphsStore.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { SparqlGraphForm } from './SparqlGraphForm.js';

export function GraphPicker() {
  const graphs = useGraphsStore((s) => s.graphs);
  const selected = useGraphsStore((s) => s.selected);
  const select = useGraphsStore((s) => s.select);
  const refresh = useGraphsStore((s) => s.refresh);
  const loading = useGraphsStore((s) => s.loading);
  const error = useGraphsStore((s) => s.error);

  return (
    <nav className="graph-picker" data-testid="graph-picker" aria-label="Graphs">
      <div className="section-title">
        <span>Graphs</span>
        <button
          type="button"
          className="link-button"
          onClick={() => void refresh()}
          disabled={loading}
          data-testid="refresh-graphs"
          title="Reload the graph list"
        >
          {loading ? '…' : '↻'}
        </button>
      </div>
      {error && <ErrorNotice error={error} testId="graph-list-error" />}
      {graphs.length === 0 && !error && (
        <p className="muted small" data-testid="no-graphs">
          No graphs yet. Import one to start.
        </p>
      )}
      <ul className="graph-list">
        {graphs.map((g) => (
          <li key={g.name}>
            <button
              type="button"
              className={`graph-item${g.name === selected ? ' selected' : ''}`}
              data-testid={`graph-item-${g.name}`}
              aria-current={g.name === selected ? 'true' : undefined}
              onClick={() => select(g.name)}
            >
              <span className="graph-name">{g.name}</span>
              <span className="graph-counts">
                {formatCount(g.entities)} entities · {formatCount(g.triples)} triples
              </span>
              {g.sparql && (
                <span className="graph-counts" data-testid={`graph-sparql-${g.name}`} title={g.sparql.endpoint}>
                  SPARQL · {new URL(g.sparql.endpoint).host}
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
      <SparqlGraphForm />
    </nav>
  );
}
