// The graph picker's "SPARQL endpoint" form: a graph that stays in the user's own SPARQL 1.1 store. The engine checks
// the URL (http/https, no credentials) and IRIs and asks the endpoint for the graph's size before listing it.
import { useState, type FormEvent } from 'react';
import type { ApiErrorBody } from '../../../../src-main/common/contract.js';
import { callChannel } from '../../api/callChannel.js';
import { useGraphsStore } from '../../stores/graphsStore.js';
import { ErrorNotice } from '../ErrorNotice.js';

const EMPTY = { graph: '', endpoint: '', graphIri: '', labelPredicate: '' };

export function SparqlGraphForm() {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<ApiErrorBody | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setAdding(true);
    setError(null);
    const res = await callChannel('graph.addSparql', {
      graph: form.graph.trim(),
      endpoint: form.endpoint.trim(),
      ...(form.graphIri.trim() ? { graphIri: form.graphIri.trim() } : {}),
      ...(form.labelPredicate.trim() ? { labelPredicate: form.labelPredicate.trim() } : {}),
    });
    setAdding(false);
    if (!res.ok) {
      setError(res.error);
      return;
    }
    const { refresh, select } = useGraphsStore.getState();
    await refresh();
    select(res.value.name);
    setForm(EMPTY);
    setOpen(false);
  }

  if (!open)
    return (
      <button type="button" className="link-button small" onClick={() => setOpen(true)} data-testid="sparql-open" title="A graph read from your own SPARQL 1.1 store">
        + SPARQL endpoint
      </button>
    );

  const field = (key: keyof typeof EMPTY, label: string, placeholder: string, required = false) => (
    <label className="field sparql-field">
      <span>{label}</span>
      <input
        className="input small"
        value={form[key]}
        placeholder={placeholder}
        required={required}
        disabled={adding}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
        data-testid={`sparql-${key}`}
        {...(key === 'graph' ? { pattern: '[A-Za-z0-9][A-Za-z0-9._\\-]*', maxLength: 64 } : {})}
      />
    </label>
  );

  return (
    <form className="sparql-form" onSubmit={(e) => void submit(e)} data-testid="sparql-form">
      {field('graph', 'Graph name', 'my-store', true)}
      {field('endpoint', 'Endpoint URL', 'http://localhost:8890/sparql', true)}
      {field('graphIri', 'Named graph (optional)', 'http://example.org/graph')}
      {field('labelPredicate', 'Label predicate (optional)', 'rdfs:label (default)')}
      <p className="muted small">Queries go to this endpoint only; nothing is copied and no question text is sent.</p>
      {error && <ErrorNotice error={error} testId="sparql-error" onDismiss={() => setError(null)} />}
      <div className="sparql-actions">
        <button type="submit" className="button small primary" disabled={adding} data-testid="sparql-add">
          {adding ? 'Connecting…' : 'Add'}
        </button>
        <button type="button" className="button small" disabled={adding} onClick={() => setOpen(false)} data-testid="sparql-cancel">
          Cancel
        </button>
      </div>
    </form>
  );
}
