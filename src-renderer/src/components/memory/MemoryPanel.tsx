// The Memory tab: the experience memory's abstract records (decrypted on this machine: role question, indicator,
// templates, outcome, counters, weight, dates), a record's details, delete, and the local audit (every count must
// be 0). Nothing here ever shows a name: the records hold none.
import { useCallback, useEffect, useState } from 'react';
import type { MemoryAuditView, MemoryListView, MemoryRecordView } from '../../../../src-main/common/memoryContract.js';
import { callChannel } from '../../api/callChannel.js';

const date = (ms: number | undefined): string => (ms ? new Date(ms).toLocaleString() : '—');

function RecordDetails({ record }: { record: MemoryRecordView }) {
  return (
    <div className="card" data-testid="memory-details">
      <h3>
        <code>{record.id}</code>
      </h3>
      <dl className="memory-fields">
        <dt>Question</dt>
        <dd data-testid="memory-details-question">{record.question}</dd>
        <dt>Indicator</dt>
        <dd>
          <code>{record.indicator}</code>
        </dd>
        <dt>Templates</dt>
        <dd>
          {record.templates.length === 0
            ? '—'
            : record.templates.map((t) => (
                <div key={t.text}>
                  <code>{t.text}</code> <span className="muted small">seen {t.seen}×</span>
                </div>
              ))}
        </dd>
        <dt>Trajectory</dt>
        <dd>{record.trajectory.map((t) => `${t.mode} d${t.depth}${t.verified ? ' ✓' : ' ✗'}`).join(' → ') || '—'}</dd>
        {record.failures.length > 0 && (
          <>
            <dt>Failures</dt>
            <dd>
              {record.failures.map((f, i) => (
                <div key={i}>
                  {f.mode} at depth {f.depth}: <code>{f.chain}</code> <span className="muted small">({f.reason})</span>
                </div>
              ))}
            </dd>
          </>
        )}
        {record.literals.length > 0 && (
          <>
            <dt>Literals</dt>
            <dd>{record.literals.map((l) => `${l.role} ≈ ${l.bucket}`).join(', ')}</dd>
          </>
        )}
        <dt>Outcome</dt>
        <dd data-testid="memory-details-outcome">
          {record.outcome}
          {record.judged && ` · marked ${record.judged} by the analyst`}
        </dd>
        <dt>Reused</dt>
        <dd>
          {record.counters.uses}× ({record.counters.successes} verified) · weight {record.weight.toFixed(2)}
        </dd>
        <dt>Exposure mode</dt>
        <dd className="small">{record.exposure}</dd>
        <dt>Dates</dt>
        <dd className="small">
          created {date(record.createdAt)} · updated {date(record.updatedAt)} · last used {date(record.lastUsedAt)}
        </dd>
      </dl>
    </div>
  );
}

function AuditResult({ audit }: { audit: MemoryAuditView }) {
  return (
    <div className={`card ${audit.clean ? '' : 'error'}`} data-testid="memory-audit" data-clean={audit.clean}>
      <h3>Audit: {audit.clean ? 'clean' : 'findings'}</h3>
      <div className="small">
        {audit.records} record{audit.records === 1 ? '' : 's'} decrypted and scanned against {audit.graphs.length} graph{audit.graphs.length === 1 ? '' : 's'} ({audit.graphs.join(', ') || 'none'}):
        names {audit.counts.name} · ids {audit.counts.id} · session tokens {audit.counts.token} · raw literals {audit.counts.literal} · undecryptable {audit.counts.undecryptable}
      </div>
      <div className="muted small">
        {audit.rareTemplates} template{audit.rareTemplates === 1 ? '' : 's'} seen fewer than {audit.k}× (kept locally, never sent to a remote Brain)
      </div>
    </div>
  );
}

export function MemoryPanel() {
  const [list, setList] = useState<MemoryListView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [audit, setAudit] = useState<MemoryAuditView | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(async () => {
    const r = await callChannel('memory.list', {});
    if (r.ok) {
      setList(r.value);
      setError(null);
    } else setError(r.error.message);
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const remove = async (ids: string[]) => {
    setBusy(true);
    const r = await callChannel('memory.delete', { ids });
    setBusy(false);
    if (!r.ok) return setError(r.error.message);
    if (selected && ids.includes(selected)) setSelected(null);
    setAudit(null);
    await refresh();
  };

  const runAudit = async () => {
    setBusy(true);
    const r = await callChannel('memory.audit', {});
    setBusy(false);
    if (r.ok) setAudit(r.value);
    else setError(r.error.message);
  };

  const record = list?.records.find((x) => x.id === selected);
  return (
    <section className="panel-body memory-panel" data-testid="memory-panel">
      <div className="card">
        <h3>Experience memory</h3>
        <div className="muted small" data-testid="memory-total">
          {list ? `${list.total} record${list.total === 1 ? '' : 's'} · ${list.dir} · key: ${list.keyStorage}` : 'Loading…'}
        </div>
        <div className="row">
          <button type="button" onClick={() => void refresh()} disabled={busy}>
            Refresh
          </button>
          <button type="button" data-testid="memory-audit-button" onClick={() => void runAudit()} disabled={busy}>
            Audit
          </button>
        </div>
        {error && <div className="error small">{error}</div>}
      </div>
      {audit && <AuditResult audit={audit} />}
      <div className="card">
        {list && list.records.length === 0 ? (
          <div className="muted" data-testid="memory-empty">
            No experiences yet: they are written after each question.
          </div>
        ) : (
          <table className="memory-table">
            <thead>
              <tr>
                <th>Role question</th>
                <th>Indicator</th>
                <th>Outcome</th>
                <th>Uses</th>
                <th>Weight</th>
                <th>Updated</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {list?.records.map((r) => (
                <tr key={r.id} data-testid="memory-row" data-id={r.id} data-outcome={r.outcome} data-judged={r.judged ?? ''} className={r.id === selected ? 'selected' : ''} onClick={() => setSelected(r.id)}>
                  <td data-testid="memory-row-question">{r.question}</td>
                  <td>
                    <code>{r.indicator}</code>
                  </td>
                  <td>
                    {r.outcome}
                    {r.judged && <span className={`tag${r.judged === 'wrong' ? ' tag-unique' : ''}`}> marked {r.judged}</span>}
                  </td>
                  <td>
                    {r.counters.uses} ({r.counters.successes})
                  </td>
                  <td>{r.weight.toFixed(2)}</td>
                  <td className="small">{date(r.updatedAt)}</td>
                  <td>
                    <button
                      type="button"
                      data-testid="memory-delete"
                      disabled={busy}
                      onClick={(e) => {
                        e.stopPropagation();
                        void remove([r.id]);
                      }}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {record && <RecordDetails record={record} />}
    </section>
  );
}
