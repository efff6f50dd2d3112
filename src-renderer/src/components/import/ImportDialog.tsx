// Modal import dialog: source file, target graph and format options, then live progress and the report.
import { useEffect, useRef, type FormEvent } from 'react';
import type { ImportFormat } from '../../../../src-main/common/graphTypes.js';
import { useImportStore } from '../../stores/importStore.js';
import { CsvColumnFields } from './CsvColumnFields.js';
import { FilePathField } from './FilePathField.js';
import { ImportProgressBar } from './ImportProgressBar.js';
import { ImportReport } from './ImportReport.js';

const FORMATS: { value: ImportFormat | 'auto'; label: string }[] = [
  { value: 'auto', label: 'Auto-detect' },
  { value: 'tsv', label: 'TSV / pipe-separated triples' },
  { value: 'csv', label: 'CSV with header' },
  { value: 'nt', label: 'N-Triples' },
  { value: 'ttl', label: 'Turtle' },
];

export function ImportDialog() {
  const open = useImportStore((s) => s.open);
  const form = useImportStore((s) => s.form);
  const job = useImportStore((s) => s.job);
  const { setForm, start, cancel, closeDialog } = useImportStore.getState();
  const dialogRef = useRef<HTMLDivElement>(null);
  const running = job?.status === 'running';

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && useImportStore.getState().job?.status !== 'running') closeDialog();
    };
    window.addEventListener('keydown', onKey);
    dialogRef.current?.querySelector<HTMLInputElement>('input')?.focus();
    return () => window.removeEventListener('keydown', onKey);
  }, [open, closeDialog]);

  if (!open) return null;

  function submit(e: FormEvent) {
    e.preventDefault();
    void start();
  }

  return (
    <div className="modal-backdrop">
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby="import-title" data-testid="import-dialog" ref={dialogRef}>
        <header className="modal-head">
          <h2 id="import-title">Import a graph</h2>
          <button type="button" className="link-button" onClick={closeDialog} aria-label="Close" data-testid="import-close-x">
            ×
          </button>
        </header>
        <form onSubmit={submit} className="modal-body">
          <FilePathField disabled={running} />
          <div className="form-grid">
            <label className="field">
              <span>Graph name</span>
              <input
                className="input"
                value={form.graph}
                onChange={(e) => setForm({ graph: e.target.value })}
                required
                pattern="[A-Za-z0-9][A-Za-z0-9._\-]*"
                maxLength={64}
                title='Letters, digits, ".", "_" and "-"'
                disabled={running}
                data-testid="import-graph-name"
              />
            </label>
            <label className="field">
              <span>Format</span>
              <select
                className="input"
                value={form.format}
                onChange={(e) => setForm({ format: e.target.value as ImportFormat | 'auto' })}
                disabled={running}
                data-testid="import-format"
              >
                {FORMATS.map((f) => (
                  <option key={f.value} value={f.value}>
                    {f.label}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {form.format === 'csv' && <CsvColumnFields disabled={running} />}
          <div className="checks">
            <label className="check">
              <input
                type="checkbox"
                checked={form.lenient}
                onChange={(e) => setForm({ lenient: e.target.checked })}
                disabled={running}
                data-testid="import-lenient"
              />
              Lenient: skip malformed lines and report them
            </label>
            <label className="check">
              <input
                type="checkbox"
                checked={form.replace}
                onChange={(e) => setForm({ replace: e.target.checked })}
                disabled={running}
                data-testid="import-replace"
              />
              Replace the graph if it exists
            </label>
          </div>
          {job && <ImportProgressBar status={job.status} progress={job.progress} />}
          {job && <ImportReport job={job} />}
          <footer className="modal-foot">
            {running ? (
              <button type="button" className="button danger" onClick={() => void cancel()} data-testid="import-cancel">
                Cancel import
              </button>
            ) : (
              <button type="button" className="button" onClick={closeDialog} data-testid="import-close">
                {job?.status === 'done' ? 'Done' : 'Close'}
              </button>
            )}
            <button type="submit" className="button primary" disabled={running} data-testid="import-start">
              {running ? 'Importing…' : job ? 'Import again' : 'Import'}
            </button>
          </footer>
        </form>
      </div>
    </div>
  );
}
