// Size of the sanitized view against the raw question subgraph, and whether de-uniqueness reached its k.
import type { ViewStats } from '../../../../src-main/common/answerTypes.js';
import { formatCount } from '../../api/formatters.js';

export function ViewStatsCard({ view }: { view?: ViewStats }) {
  return (
    <div className="card" data-testid="ask-view-stats">
      <h3>Sanitized view</h3>
      {!view ? (
        <p className="muted small">No view was built for this question.</p>
      ) : (
        <dl className="view-stats">
          <Stat label="Nodes" value={`${formatCount(view.nodes)}`} sub={`of ${formatCount(view.rawNodes)} raw`} testId="view-nodes" />
          <Stat label="Edges" value={`${formatCount(view.edges)}`} sub={`of ${formatCount(view.rawEdges)} raw`} testId="view-edges" />
          <Stat label="Supernodes" value={formatCount(view.supernodes)} testId="view-supernodes" />
          <Stat label="Literal nodes" value={formatCount(view.literalNodes)} testId="view-literals" />
          <Stat label="Pruned" value={formatCount(view.pruned)} testId="view-pruned" />
          <Stat label="Relations visible" value={formatCount(view.relationsVisible)} testId="view-relations" />
          <div className={view.achievedK >= view.k ? 'k-ok' : 'k-short'}>
            <dt>Achieved k</dt>
            <dd data-testid="view-k" data-achieved={view.achievedK} data-k={view.k}>
              {view.achievedK} <span className="muted small">/ k = {view.k}</span>
            </dd>
          </div>
        </dl>
      )}
    </div>
  );
}

function Stat({ label, value, sub, testId }: { label: string; value: string; sub?: string; testId: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>
        {value} {sub && <span className="muted small">{sub}</span>}
      </dd>
    </div>
  );
}
