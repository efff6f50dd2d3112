// Which entities of this graph and which relation labels a Brain has seen, in how many sessions (questions), as
// sortable tables. Names are this machine's: the engine matches the graph's entities to the ledger's keyed subjects
// locally, and nothing here is sent anywhere. "Show" opens an entity on the canvas with the heat overlay on.
import { useEffect, useState } from 'react';
import { formatCount } from '../../api/formatters.js';
import { useExplorerStore } from '../../stores/explorerStore.js';
import { useExposureOverlay } from '../../stores/exposureOverlayStore.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { sortRows, type SortDir } from './sortRows.js';

type EntityKey = 'name' | 'type' | 'sessions' | 'calls' | 'eligibleSessions';
type RelationKey = 'label' | 'sessions' | 'calls' | 'edges';

function SortHeader<K extends string>({ k, label, sort, onSort }: { k: K; label: string; sort: { key: K; dir: SortDir }; onSort(k: K): void }) {
  const active = sort.key === k;
  return (
    <th aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className="sort-button" onClick={() => onSort(k)} data-testid={`sort-${k}`}>
        {label}
        {active ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}
      </button>
    </th>
  );
}

function useSort<K extends string>(initial: K): [{ key: K; dir: SortDir }, (k: K) => void] {
  const [sort, setSort] = useState<{ key: K; dir: SortDir }>({ key: initial, dir: 'desc' });
  return [sort, (k) => setSort((s) => ({ key: k, dir: s.key === k && s.dir === 'desc' ? 'asc' : 'desc' }))];
}

export function ExposureView({ graph }: { graph: string }) {
  const table = useExposureOverlay((s) => (s.graph === graph ? s.table : null));
  const error = useExposureOverlay((s) => s.error);
  const loading = useExposureOverlay((s) => s.loading);
  const load = useExposureOverlay((s) => s.load);
  const [entitySort, sortEntities] = useSort<EntityKey>('sessions');
  const [relationSort, sortRelations] = useSort<RelationKey>('sessions');

  useEffect(() => {
    void load(graph);
  }, [graph, load]);

  const show = (id: string): void => {
    useExposureOverlay.getState().setEnabled(true);
    useExplorerStore.getState().setView('canvas');
    void useExplorerStore.getState().open(graph, id);
  };

  return (
    <section className="exposure-view" data-testid="exposure-view">
      <div className="exposure-head">
        <p className="muted small">
          What a Brain has seen of <strong>{graph}</strong>, from this machine's exposure ledger. Names are joined in locally;
          the ledger keeps keyed fingerprints only.
        </p>
        <button type="button" className="button small" onClick={() => void load(graph)} disabled={loading} data-testid="exposure-refresh">
          {loading ? 'Loading…' : 'Refresh'}
        </button>
      </div>
      {error && <ErrorNotice error={error} testId="exposure-error" />}
      {table && (
        <>
          <div className="muted small" data-testid="exposure-totals" data-entities={table.entities.length}>
            {formatCount(table.entities.length)} entit{table.entities.length === 1 ? 'y' : 'ies'} of this graph exposed · {formatCount(table.relations.length)} relation label(s) ·{' '}
            {formatCount(table.sessions)} session(s) in the ledger
          </div>
          <div className="exposure-tables">
            <div className="cypher-table-wrap">
              <table className="table cypher-table exposure-table" data-testid="exposure-entities">
                <thead>
                  <tr>
                    <SortHeader k="name" label="Entity" sort={entitySort} onSort={sortEntities} />
                    <SortHeader k="type" label="Type" sort={entitySort} onSort={sortEntities} />
                    <SortHeader k="sessions" label="Sessions" sort={entitySort} onSort={sortEntities} />
                    <SortHeader k="calls" label="Calls" sort={entitySort} onSort={sortEntities} />
                    <SortHeader k="eligibleSessions" label="Eligible" sort={entitySort} onSort={sortEntities} />
                    <th />
                  </tr>
                </thead>
                <tbody>
                  {sortRows(table.entities, entitySort.key, entitySort.dir, 'name').map((r) => (
                    <tr key={r.id} data-testid="exposure-entity-row" data-entity-id={r.id}>
                      <td title={r.id}>{r.name}</td>
                      <td>{r.type ?? ''}</td>
                      <td className="num">{r.sessions}</td>
                      <td className="num">{r.calls}</td>
                      <td className="num">{r.eligibleSessions ?? '—'}</td>
                      <td>
                        <button type="button" className="link-button small" onClick={() => show(r.id)} data-testid="exposure-show">
                          show
                        </button>
                      </td>
                    </tr>
                  ))}
                  {table.entities.length === 0 && (
                    <tr>
                      <td colSpan={6} className="muted">No entity of this graph has been shown to a Brain.</td>
                    </tr>
                  )}
                </tbody>
              </table>
            </div>
            <div className="cypher-table-wrap">
              <table className="table cypher-table exposure-table" data-testid="exposure-relations">
                <thead>
                  <tr>
                    <SortHeader k="label" label="Relation (as shown)" sort={relationSort} onSort={sortRelations} />
                    <SortHeader k="sessions" label="Sessions" sort={relationSort} onSort={sortRelations} />
                    <SortHeader k="calls" label="Calls" sort={relationSort} onSort={sortRelations} />
                    <SortHeader k="edges" label="Edges" sort={relationSort} onSort={sortRelations} />
                  </tr>
                </thead>
                <tbody>
                  {sortRows(table.relations, relationSort.key, relationSort.dir, 'label').map((r) => (
                    <tr key={r.label} data-testid="exposure-relation-row">
                      <td>{r.label}</td>
                      <td className="num">{r.sessions}</td>
                      <td className="num">{r.calls}</td>
                      <td className="num">{r.edges}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        </>
      )}
    </section>
  );
}
