// The audit log viewer: every record of the Brain's hash-chained log (decisions, requests with their payloads,
// responses, failures, ledger anchors, downloads), filtered by kind and text, verified against its chain and key
// (the engine's `ctrlg audit verify` check), and exported as JSON or a self-contained HTML report.
import { useState } from 'react';
import type { AuditKind, AuditRecord, AuditVerifyResult } from '../../../../src-main/common/brainTypes.js';
import type { ApiErrorBody } from '../../../../src-main/common/contract.js';
import { callChannel } from '../../api/callChannel.js';
import { downloadText } from '../../api/downloadText.js';
import { ErrorNotice } from '../ErrorNotice.js';

const KINDS: AuditKind[] = ['decision', 'request', 'response', 'failure', 'ledger', 'download'];

/** Records whose kind is `kind` (or any) and whose text contains `text` (case-insensitive). */
export function filterAudit(records: readonly AuditRecord[], kind: AuditKind | 'all', text: string): AuditRecord[] {
  const needle = text.trim().toLowerCase();
  return records.filter((r) => (kind === 'all' || r.kind === kind) && (!needle || JSON.stringify(r).toLowerCase().includes(needle)));
}

export function AuditLogCard() {
  const [records, setRecords] = useState<AuditRecord[] | null>(null);
  const [verification, setVerification] = useState<AuditVerifyResult | null>(null);
  const [kind, setKind] = useState<AuditKind | 'all'>('all');
  const [text, setText] = useState('');
  const [error, setError] = useState<ApiErrorBody | null>(null);
  const [busy, setBusy] = useState(false);

  const load = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    const res = await callChannel('audit.export', { format: 'json' });
    setBusy(false);
    if (!res.ok) return setError(res.error);
    const parsed = JSON.parse(res.value.text) as { verification: AuditVerifyResult; records: AuditRecord[] };
    setRecords(parsed.records);
    setVerification(parsed.verification);
  };
  const verify = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    const res = await callChannel('audit.verify', {});
    setBusy(false);
    if (res.ok) setVerification(res.value);
    else setError(res.error);
  };
  const exportAs = async (format: 'json' | 'html'): Promise<void> => {
    setError(null);
    const res = await callChannel('audit.export', { format });
    if (!res.ok) return setError(res.error);
    downloadText(`ctrlg-audit.${format}`, res.value.text, format === 'json' ? 'application/json' : 'text/html');
  };
  const shown = records ? filterAudit(records, kind, text) : [];

  return (
    <div className="card audit-card" data-testid="audit-viewer">
      <div className="row">
        <h3 className="grow">Audit log</h3>
        <button type="button" className="button small" onClick={() => void load()} disabled={busy} data-testid="audit-load">
          {records ? 'Reload' : 'Show records'}
        </button>
        <button type="button" className="button small" onClick={() => void verify()} disabled={busy} data-testid="audit-viewer-verify">
          Verify
        </button>
        <button type="button" className="button small" onClick={() => void exportAs('json')} data-testid="audit-export-json">
          Export JSON
        </button>
        <button type="button" className="button small" onClick={() => void exportAs('html')} data-testid="audit-export-html">
          Export HTML
        </button>
      </div>
      {verification &&
        (verification.ok ? (
          <p className="success small" data-testid="audit-viewer-result" data-ok="true">
            Chain verified: {verification.records} record(s), unaltered.{verification.notes?.length ? ` ${verification.notes.join(' ')}` : ''}
          </p>
        ) : (
          <p className="warning small" data-testid="audit-viewer-result" data-ok="false">
            Chain BROKEN at line {verification.line}: {verification.reason}. Records after it are not shown.
          </p>
        ))}
      {error && <ErrorNotice error={error} testId="audit-viewer-error" />}
      {records && (
        <>
          <div className="row audit-filters">
            <select value={kind} onChange={(e) => setKind(e.target.value as AuditKind | 'all')} data-testid="audit-filter-kind" aria-label="Record kind">
              <option value="all">All kinds</option>
              {KINDS.map((k) => (
                <option key={k} value={k}>
                  {k}
                </option>
              ))}
            </select>
            <input type="search" placeholder="Filter (question id, model, text…)" value={text} onChange={(e) => setText(e.target.value)} data-testid="audit-filter-text" />
            <span className="muted small" data-testid="audit-count">
              {shown.length} of {records.length}
            </span>
          </div>
          <ol className="audit-records">
            {shown.map((r) => (
              <li key={r.seq} data-testid="audit-record" data-kind={r.kind}>
                <details>
                  <summary>
                    <span className="mono">#{r.seq}</span> <span className="tag">{r.kind}</span> <span className="small muted">{r.at}</span>{' '}
                    <span className="small mono">{r.questionId}</span>
                  </summary>
                  <pre className="payload-text">{JSON.stringify(r.data, null, 2)}</pre>
                </details>
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
