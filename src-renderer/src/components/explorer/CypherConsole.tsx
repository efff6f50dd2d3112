// The read-only Cypher console on the graph's Kuzu database: results as a table or as a graph, with a row limit
// and a timeout. Writes are refused in the engine (a gate, and a database opened read-only) with the reason shown.
import cytoscape from 'cytoscape';
import { useEffect, useRef } from 'react';
import { formatCount } from '../../api/formatters.js';
import { ROW_LIMITS, TIMEOUTS_MS, useCypherStore } from '../../stores/cypherStore.js';
import { ErrorNotice } from '../ErrorNotice.js';
import type { CypherResult } from '../../../../src-main/common/cypherTypes.js';
import { cellText } from './cellText.js';
import { useThemeStore } from '../../stores/themeStore.js';
import { cyStyleFor } from './cyStyle.js';
import { shorten } from './toCyElements.js';

export function CypherConsole({ graph }: { graph: string }) {
  const s = useCypherStore();
  return (
    <section className="cypher-console" data-testid="cypher-console">
      <div className="cypher-input">
        <textarea
          className="input mono"
          value={s.query}
          onChange={(e) => s.setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              void s.run(graph);
            }
          }}
          rows={4}
          spellCheck={false}
          aria-label="Cypher query"
          data-testid="cypher-input"
        />
        <div className="cypher-controls">
          <button type="button" className="button primary small" onClick={() => void s.run(graph)} disabled={s.running} data-testid="cypher-run">
            {s.running ? 'Running…' : 'Run'}
          </button>
          <span className="muted small">Ctrl+Enter · read-only</span>
          <label className="inline-field">
            Rows
            <select className="input small" value={s.maxRows} onChange={(e) => s.setMaxRows(Number(e.target.value))} data-testid="cypher-rows">
              {ROW_LIMITS.map((n) => (
                <option key={n} value={n}>
                  {formatCount(n)}
                </option>
              ))}
            </select>
          </label>
          <label className="inline-field">
            Timeout
            <select className="input small" value={s.timeoutMs} onChange={(e) => s.setTimeoutMs(Number(e.target.value))} data-testid="cypher-timeout">
              {TIMEOUTS_MS.map((ms) => (
                <option key={ms} value={ms}>
                  {ms / 1000} s
                </option>
              ))}
            </select>
          </label>
          <div className="segmented" role="group" aria-label="Result view">
            {(['table', 'graph'] as const).map((v) => (
              <button key={v} type="button" className={`segment${s.view === v ? ' active' : ''}`} aria-pressed={s.view === v} onClick={() => s.setView(v)} data-testid={`cypher-view-${v}`}>
                {v === 'table' ? 'Table' : 'Graph'}
              </button>
            ))}
          </div>
        </div>
      </div>
      {s.error && <ErrorNotice error={s.error} testId="cypher-error" />}
      {s.result && (
        <div className="muted small cypher-status" data-testid="cypher-status" data-rows={s.result.rows.length} data-truncated={s.result.truncated}>
          {formatCount(s.result.rows.length)} row(s){s.result.truncated ? ` — cut at the limit of ${formatCount(s.maxRows)}` : ''} · {s.result.ms} ms
          {' · '}
          {s.result.graph.nodes.length} node(s), {s.result.graph.edges.length} relationship(s)
        </div>
      )}
      {s.result && (s.view === 'table' ? <ResultTable result={s.result} /> : <ResultGraph result={s.result} />)}
    </section>
  );
}

function ResultTable({ result }: { result: CypherResult }) {
  return (
    <div className="cypher-table-wrap">
      <table className="table cypher-table" data-testid="cypher-table">
        <thead>
          <tr>
            {result.columns.map((c) => (
              <th key={c}>{c}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {result.rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) => (
                <td key={j} title={typeof cell === 'object' && cell !== null ? JSON.stringify(cell) : undefined}>
                  {cellText(cell)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ResultGraph({ result }: { result: CypherResult }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const cy = cytoscape({
      container: ref.current,
      style: cyStyleFor(useThemeStore.getState().resolved),
      elements: [
        ...result.graph.nodes.map((n) => ({
          group: 'nodes' as const,
          data: { id: n.key, label: shorten(n.label), size: 22, color: '#64748b', hub: false },
        })),
        ...result.graph.edges.map((e) => ({ group: 'edges' as const, data: { id: `e:${e.key}`, source: e.source, target: e.target, label: e.label, hub: false } })),
      ],
      layout: { name: 'cose', animate: false, randomize: false, fit: true, padding: 30 } as cytoscape.LayoutOptions,
      minZoom: 0.1,
      maxZoom: 3,
    });
    return () => cy.destroy();
  }, [result]);
  if (result.graph.nodes.length === 0)
    return <div className="muted small cypher-status">No nodes in this result: return nodes or paths (e.g. RETURN a, r, b) to see a graph.</div>;
  return <div ref={ref} className="cypher-graph" data-testid="cypher-graph" />;
}
