// The exposure ledger at a glance: how much of the graph ever became visible to a Brain, how concentrated that
// is (p50/p99/max node exposure over the eligible cohort, the top 1 %'s share), per relation, and the audit log's check.
import { useEffect } from 'react';
import { useBrainStore } from '../../stores/brainStore.js';
import { BarList } from '../stats/BarList.js';

export function ExposureCard() {
  const summary = useBrainStore((s) => s.summary);
  const verify = useBrainStore((s) => s.verify);
  const { loadSummary, verifyAudit } = useBrainStore.getState();
  useEffect(() => void loadSummary(), [loadSummary]);

  const relations = summary ? Object.entries(summary.perRelation).sort((a, b) => b[1] - a[1]) : [];
  return (
    <div className="card exposure-card" data-testid="exposure-card">
      <div className="row">
        <h3 className="grow">Exposure ledger</h3>
        <button type="button" className="button small" onClick={() => void loadSummary()} data-testid="exposure-refresh">
          Refresh
        </button>
      </div>
      {!summary ? (
        <p className="muted small">Loading…</p>
      ) : (
        <>
          <div className="stat-cards">
            <Cell label="Brain calls" value={summary.calls} testId="exposure-calls" />
            <Cell label="Entities ever exposed" value={summary.entitiesExposed} testId="exposure-entities" />
            <Cell label="Node exposure p50" value={summary.nodeExposure.p50.toFixed(2)} testId="exposure-p50" />
            <Cell label="p99" value={summary.nodeExposure.p99.toFixed(2)} testId="exposure-p99" />
            <Cell label="max" value={summary.nodeExposure.max.toFixed(2)} testId="exposure-max" />
            <Cell label="Top-1% share" value={`${(summary.top1PercentShare * 100).toFixed(1)} %`} testId="exposure-top1" />
            <Cell label="Tokens sent / received" value={`${summary.tokensSent} / ${summary.tokensReceived}`} testId="exposure-tokens" />
            <Cell label="Sessions (questions)" value={summary.sessions} testId="exposure-sessions" />
          </div>
          <p className="muted small">Node exposure: per entity, the share of the questions whose subgraph held it ({summary.eligibleEntities} entities over {summary.eligibleSessions} questions) in which a Brain saw it. This run: {summary.currentSession.calls} call(s), {summary.currentSession.entities} entities.</p>
          <h4>Per relation (edges sent)</h4>
          {relations.length ? <BarList items={relations.map(([label, count]) => ({ label, count }))} testId="exposure-relations" /> : <p className="muted small">No edge has been sent.</p>}
        </>
      )}
      <div className="row audit-row">
        <button type="button" className="button" onClick={() => void verifyAudit()} data-testid="audit-verify">
          Verify audit log
        </button>
        {verify &&
          (verify.ok ? (
            <span className="success small" data-testid="audit-result">
              Chain verified: {verify.records} record(s), unaltered.
            </span>
          ) : (
            <span className="warning small" data-testid="audit-result">
              Chain BROKEN at line {verify.line}: {verify.reason}
            </span>
          ))}
      </div>
    </div>
  );
}

function Cell({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <div className="stat-card" data-testid={testId}>
      <div className="stat-label">{label}</div>
      <div className="stat-value">{value}</div>
    </div>
  );
}
