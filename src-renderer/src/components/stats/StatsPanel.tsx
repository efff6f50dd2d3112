// Overview of the selected graph: sizes, literal kinds, relations by count, the degree distribution, and the
// graph's topology-aware selector (train it, see how good it is).
import type { GraphStats } from '../../../../src-main/common/graphTypes.js';
import { formatCount } from '../../api/formatters.js';
import { useChannelQuery } from '../../hooks/useChannelQuery.js';
import { useGraphsStore } from '../../stores/graphsStore.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { BarList } from './BarList.js';
import { DegreeHistogram } from './DegreeHistogram.js';
import { GraspPanel } from './GraspPanel.js';

export function StatsPanel({ graph }: { graph: string }) {
  const revision = useGraphsStore((s) => s.revision);
  const { value, error, loading, reload } = useChannelQuery('graph.stats', { graph }, revision);

  return (
    <section className="panel-body" data-testid="stats-panel" aria-busy={loading}>
      {error && (
        <div className="row">
          <ErrorNotice error={error} testId="stats-error" />
          <button type="button" className="button small" onClick={reload}>
            Retry
          </button>
        </div>
      )}
      {!value && !error && <p className="muted">Loading statistics…</p>}
      {value && <StatsContent stats={value} />}
      <GraspPanel graph={graph} revision={revision} />
    </section>
  );
}

function StatsContent({ stats }: { stats: GraphStats }) {
  const cards: { label: string; value: number; testId: string }[] = [
    { label: 'Entities', value: stats.entities, testId: 'stat-entities' },
    { label: 'Triples', value: stats.triples, testId: 'stat-triples' },
    { label: 'Relations', value: stats.relations.length, testId: 'stat-relations' },
    { label: 'Date literals', value: stats.literals.date, testId: 'stat-literal-date' },
    { label: 'Number literals', value: stats.literals.number, testId: 'stat-literal-number' },
    { label: 'String literals', value: stats.literals.string, testId: 'stat-literal-string' },
  ];
  return (
    <>
      <div className="stat-cards">
        {cards.map((c) => (
          <div className="stat-card" key={c.testId}>
            <div className="stat-label">{c.label}</div>
            {/* data-value carries the raw number so tests need not parse a formatted string */}
            <div className="stat-value" data-testid={c.testId} data-value={c.value}>
              {formatCount(c.value)}
            </div>
          </div>
        ))}
      </div>
      <div className="stats-grid">
        <div className="card">
          <h3>Relations by triples</h3>
          <BarList items={stats.relations} testId="relation-bars" />
        </div>
        <div className="card">
          <h3>Degree distribution</h3>
          <DegreeHistogram degree={stats.degree} />
        </div>
      </div>
    </>
  );
}
