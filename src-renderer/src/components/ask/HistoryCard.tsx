// The question history of this graph: search, re-run (asks again), delete, and export of the listed questions as
// one session (Markdown, HTML, JSON). Kept by the engine in the data folder; refreshed after every answer.
import { useEffect } from 'react';
import { useAskStore } from '../../stores/askStore.js';
import { useHistoryStore } from '../../stores/historyStore.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { ExportButtons } from './ExportButtons.js';

export function HistoryCard({ graph, onRerun }: { graph: string; onRerun(question: string): void }) {
  const entries = useHistoryStore((s) => s.entries);
  const total = useHistoryStore((s) => s.total);
  const query = useHistoryStore((s) => (s.graph === graph ? s.query : ''));
  const error = useHistoryStore((s) => s.error);
  const { load, remove } = useHistoryStore.getState();
  const finished = useAskStore((s) => s.finished);
  const running = useAskStore((s) => s.running);
  useEffect(() => void load(graph), [graph, finished, load]);

  return (
    <details className="card history-card" data-testid="history" data-total={total}>
      <summary>
        <strong>History</strong> <span className="muted small">({total} question{total === 1 ? '' : 's'} on this graph)</span>
      </summary>
      <div className="row history-tools">
        <input type="search" placeholder="Search questions and answers" value={query} onChange={(e) => void load(graph, e.target.value)} data-testid="history-search" />
        <ExportButtons questions={() => entries.map((e) => ({ at: e.at, result: e.result }))} title={`Ctrl-G session on ${graph}`} testId="history-export" />
      </div>
      {error && <ErrorNotice error={error} testId="history-error" />}
      {entries.length === 0 ? (
        <p className="muted small" data-testid="history-empty">
          {query ? 'No question matches.' : 'No question asked on this graph yet.'}
        </p>
      ) : (
        <ul className="history-list">
          {entries.map((e) => (
            <li key={e.id} data-testid="history-entry" data-id={e.id} data-question={e.question}>
              <span className="grow">
                <span className="history-question">{e.question}</span>{' '}
                <span className="muted small">
                  → {e.answers.join(', ') || 'no answer'}
                  {e.label ? ` · ${e.label}` : ''} · {new Date(e.at).toLocaleString()}
                </span>
              </span>
              <button type="button" className="button small" disabled={running} onClick={() => onRerun(e.question)} data-testid="history-rerun">
                Re-run
              </button>
              <button type="button" className="button small danger" onClick={() => void remove(graph, [e.id])} data-testid="history-delete">
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
