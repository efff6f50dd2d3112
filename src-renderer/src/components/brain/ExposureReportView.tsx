// Everything an analyst decides on: token count (and which tokenizer counted it), the entity tokens, edges,
// relation labels and literals of the payload, each marked when new, and the view's k-anonymity. When the gateway
// attacked the payload on the local graph, each entity token also says how many raw entities fit what the Brain
// would see, and a token only one entity fits is flagged: an observer holding the graph could name it.
import type { ExposureReport } from '../../../../src-main/common/brainTypes.js';
import { ExposureBadges } from './ExposureBadges.js';

export function ExposureReportView({ report }: { report: ExposureReport }) {
  const { counts, tokens, kAnonymity } = report;
  return (
    <div className="exposure-report" data-testid="exposure-report">
      <div className="exposure-stats">
        <Stat label="Tokens" value={String(tokens.count)} testId="report-tokens" hint={`${tokens.encoding}${tokens.estimate ? ' (estimate: unknown model family)' : ''}`} />
        <Stat label="Entity tokens" value={String(counts.entities)} testId="report-entities" hint={`${counts.newEver} never exposed, ${counts.newInSession} new this session`} />
        <Stat label="Edges" value={String(counts.edges)} testId="report-edges" />
        <Stat label="Relation labels" value={String(counts.relations)} testId="report-relations" />
        <Stat label="Literals" value={String(counts.literals)} testId="report-literals" />
        <Stat
          label="k-anonymity"
          value={`${kAnonymity.achieved}`}
          testId="report-k"
          hint={kAnonymity.achieved >= kAnonymity.k ? `target k = ${kAnonymity.k} met` : `below target k = ${kAnonymity.k}`}
          warn={kAnonymity.achieved < kAnonymity.k}
        />
        {counts.unique !== undefined && (
          <Stat
            label="Uniquely identifiable"
            value={String(counts.unique)}
            testId="report-unique"
            hint={counts.unique > 0 ? 'entity tokens only one entity of your graph fits' : 'every entity token fits several entities'}
            warn={counts.unique > 0}
          />
        )}
      </div>
      <p className="muted small">
        To <span className="mono">{report.model}</span> at <span className="mono">{report.endpoint}</span> · counted with{' '}
        <span className="mono" data-testid="report-tokenizer">{tokens.encoding}</span>
      </p>
      <details className="exposure-items" open>
        <summary>Entity tokens ({report.entityTokens.length})</summary>
        <ul className="item-list">
          {report.entityTokens.map((t) => (
            <li key={t.token} data-testid="report-entity" data-token={t.token} className={t.anonymitySet === 1 ? 'item-unique' : undefined}>
              <span className="mono">{t.token}</span>
              {t.anchor && <span className="tag">anchor</span>}
              {t.kind !== 'entity' && <span className="tag">{t.kind}</span>}
              {t.literal !== undefined && <span className="muted small">= {t.literal}</span>}
              {t.anonymitySet === 1 && (
                <span className="tag tag-unique" data-testid="token-unique" title="Only one entity of your graph fits what the Brain would see of this token">
                  unique
                </span>
              )}
              {t.anonymitySet !== undefined && (
                <span className="muted small" data-testid="token-anonymity" data-set={t.anonymitySet}>
                  fits {t.anonymitySet} {t.anonymitySet === 1 ? 'entity' : 'entities'}
                </span>
              )}
              <ExposureBadges status={t} />
            </li>
          ))}
        </ul>
      </details>
      <details className="exposure-items" data-testid="report-edges-list">
        <summary>Edges ({report.edges.length}, by relation)</summary>
        {/* Grouped by relation: a large payload reads as a few relations with their counts, each opened on demand. */}
        {edgesByRelation(report.edges).map(([relation, edges]) => (
          <details key={relation} className="edge-group" data-testid="edge-group" data-relation={relation} open={report.edges.length <= 12}>
            <summary>
              <span className="mono">{relation}</span> <span className="muted small">({edges.length})</span>
            </summary>
            <ul className="item-list">
              {edges.map((e) => (
                <li key={`${e.head} ${e.relation} ${e.tail}`}>
                  <span className="mono">
                    {e.head} —{e.relation}→ {e.tail}
                  </span>
                  <ExposureBadges status={e} />
                </li>
              ))}
            </ul>
          </details>
        ))}
      </details>
      <details className="exposure-items">
        <summary>Relation labels ({report.relationLabels.length}) and literals ({report.literals.length})</summary>
        <ul className="item-list">
          {report.relationLabels.map((l) => (
            <li key={`r:${l.value}`}>
              <span className="tag">relation</span> <span className="mono">{l.value}</span>
              <ExposureBadges status={l} />
            </li>
          ))}
          {report.literals.map((l) => (
            <li key={`l:${l.value}`}>
              <span className="tag">literal</span> <span className="mono">{l.value}</span>
              <ExposureBadges status={l} />
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}

/** Edges per relation label, the most frequent relation first. */
export function edgesByRelation(edges: readonly ExposureReport['edges'][number][]): [string, ExposureReport['edges'][number][]][] {
  const groups = new Map<string, ExposureReport['edges'][number][]>();
  for (const e of edges) groups.set(e.relation, [...(groups.get(e.relation) ?? []), e]);
  return [...groups].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
}

function Stat({ label, value, hint, testId, warn }: { label: string; value: string; hint?: string; testId: string; warn?: boolean }) {
  return (
    <div className={`stat-card${warn ? ' stat-warn' : ''}`} data-testid={testId}>
      <div className="stat-label">{label}</div>
      <div className="stat-value">{value}</div>
      {hint && <div className="muted small">{hint}</div>}
    </div>
  );
}
