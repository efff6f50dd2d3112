// The exposure report as one self-contained HTML page: a table of figures per run, then the pictures (attack success
// masked vs sanitized, accuracy, node-exposure CDF, exposure per relation, the question stream). No script, no
// external resource, so it can be mailed or archived as it is; the JSON beside it holds the same data.
import type { ExposureReportData, ExposureRunFigures, NodeExposureFigures } from '../../../../common/exposureReportTypes.js';
import { escapeHtml } from '../../../../common/escapeHtml.js';
import { exposureCharts, percent } from '../../../../common/exposureCharts.js';

const CSS = `body{font-family:system-ui,sans-serif;margin:24px auto;max-width:1180px;color:#222}
h1{font-size:20px}h2{font-size:16px;margin-top:28px}table{border-collapse:collapse;font-size:13px}
th,td{border:1px solid #ccc;padding:4px 8px;text-align:right}th:first-child,td:first-child{text-align:left}
.charts{display:flex;flex-wrap:wrap;gap:16px}.note{color:#555;font-size:12px;max-width:900px}`;

const fix = (x: number | undefined, digits = 3): string => (x === undefined ? '—' : x.toFixed(digits));
const pc = (x: number | undefined): string => (x === undefined ? '—' : percent(x));

function exposureCells(e: NodeExposureFigures | undefined): string[] {
  return e ? [String(e.eligible), String(e.exposed), fix(e.p50), fix(e.p99), fix(e.max), pc(e.top1PercentShare)] : ['—', '—', '—', '—', '—', '—'];
}

function figuresTable(runs: ExposureRunFigures[]): string {
  const head = ['run', 'questions', 'Hits@1', 'ASR@1', 'ASR@5', 'anchors (ASR@1)', 'bridges (ASR@1)', 'unique tokens', 'linkage ASR@1',
    'eligible', 'exposed', 'p50', 'p99', 'max', 'top-1% share'];
  const rows: string[][] = [];
  for (const r of runs) {
    const a = r.attack;
    const base = [r.view, String(r.questions), pc(r.hitsAt1), pc(a?.asr1), pc(a?.asr5),
      a ? `${pc(a.anchors.asr1)} of ${a.anchors.tokens}` : '—', a ? `${pc(a.bridges.asr1)} of ${a.bridges.tokens}` : '—', pc(a?.unique), pc(a?.linkage)];
    const ne = r.nodeExposure;
    if (ne?.built) rows.push([...base.map((c, i) => (i === 0 ? `${c} (every built payload)` : c)), ...exposureCells(ne.built)]);
    if (ne?.sent) rows.push([...base.map((c, i) => (i === 0 ? `${c} (actually sent)` : c)), ...exposureCells(ne.sent)]);
    if (!ne?.built && !ne?.sent) rows.push([...base, ...exposureCells(undefined)]);
  }
  const th = head.map((h) => `<th>${escapeHtml(h)}</th>`).join('');
  const body = rows.map((row) => `<tr>${row.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`).join('');
  return `<table><thead><tr>${th}</tr></thead><tbody>${body}</tbody></table>`;
}

export function renderExposureReport(data: ExposureReportData): string {
  const charts = exposureCharts(data.runs);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>${escapeHtml(data.title)}</title><style>${CSS}</style></head><body>
<h1>${escapeHtml(data.title)}</h1>
<p class="note">Source: ${escapeHtml(data.source)} · made ${escapeHtml(data.generatedAt)}. ASR@k: expected share of visible anchor and bridge
tokens an observer holding a copy of the graph names correctly at rank ≤ k (ties broken at random). Node exposure: per
raw entity, the sessions in which it became visible to the Brain over the sessions whose question subgraph held it,
over every eligible entity; top-1% share: the share of visible node instances taken by the most exposed 1%.</p>
<h2>Figures</h2>${figuresTable(data.runs)}
<h2>Pictures</h2><div class="charts">${charts.join('\n') || '<p>No figures to plot.</p>'}</div>
</body></html>
`;
}
