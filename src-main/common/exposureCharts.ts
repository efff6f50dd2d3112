// Small, dependency-free SVG charts for the exposure figures. Pure string builders, so the same picture appears in
// the self-contained HTML report (no script, no network) and in the Brain tab. Every text is escaped.

import { escapeHtml } from './escapeHtml.js';
import type { ExposureRunFigures } from './exposureReportTypes.js';

const PALETTE = ['#3b6fb6', '#d0743c', '#4f9a5a', '#9b59b6'];
const W = 560;
const H = 260;
const M = { left: 56, right: 16, top: 34, bottom: 44 };

export const percent = (x: number): string => `${(100 * x).toFixed(1)}%`;

function frame(title: string, body: string, height = H): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${height}" width="${W}" height="${height}" role="img" aria-label="${escapeHtml(title)}" font-family="system-ui, sans-serif" font-size="11">` +
    `<text x="${W / 2}" y="18" text-anchor="middle" font-size="13" font-weight="600">${escapeHtml(title)}</text>${body}</svg>`
  );
}

function yAxis(max: number, fmt: (v: number) => string, height = H): string {
  const plotH = height - M.top - M.bottom;
  let s = '';
  for (let i = 0; i <= 4; i++) {
    const v = (max * i) / 4;
    const y = M.top + plotH - (plotH * i) / 4;
    s += `<line x1="${M.left}" x2="${W - M.right}" y1="${y}" y2="${y}" stroke="#ddd"/>`;
    s += `<text x="${M.left - 6}" y="${y + 4}" text-anchor="end" fill="#555">${escapeHtml(fmt(v))}</text>`;
  }
  return s;
}

function legend(names: string[]): string {
  // Each entry as wide as its text (about 6.5 px a character at 11 px) plus the swatch and a gap.
  let x = M.left;
  return names
    .map((n, i) => {
      const s = `<rect x="${x}" y="${H - 14}" width="10" height="10" fill="${PALETTE[i % PALETTE.length]}"/><text x="${x + 14}" y="${H - 5}">${escapeHtml(n)}</text>`;
      x += 28 + Math.ceil(6.5 * n.length);
      return s;
    })
    .join('');
}

export interface BarGroup {
  label: string;
  bars: { name: string; value: number }[];
}

/** Grouped vertical bars with the value printed on each bar (e.g. ASR@1 and Hits@1, masked vs sanitized). */
export function groupedBarChart(title: string, groups: BarGroup[], fmt: (v: number) => string = percent, max = 1): string {
  const names = [...new Set(groups.flatMap((g) => g.bars.map((b) => b.name)))];
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const top = Math.max(max, ...groups.flatMap((g) => g.bars.map((b) => b.value)));
  const gw = plotW / Math.max(1, groups.length);
  const bw = Math.min(48, (gw * 0.8) / Math.max(1, names.length));
  let body = yAxis(top, fmt);
  groups.forEach((g, gi) => {
    const x0 = M.left + gi * gw + (gw - bw * names.length) / 2;
    for (const b of g.bars) {
      const ni = names.indexOf(b.name);
      const h = top > 0 ? (plotH * b.value) / top : 0;
      const x = x0 + ni * bw;
      const y = M.top + plotH - h;
      body += `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${(bw - 3).toFixed(1)}" height="${h.toFixed(1)}" fill="${PALETTE[ni % PALETTE.length]}"><title>${escapeHtml(`${g.label} · ${b.name}: ${fmt(b.value)}`)}</title></rect>`;
      body += `<text x="${(x + (bw - 3) / 2).toFixed(1)}" y="${(y - 3).toFixed(1)}" text-anchor="middle">${escapeHtml(fmt(b.value))}</text>`;
    }
    body += `<text x="${(M.left + gi * gw + gw / 2).toFixed(1)}" y="${H - M.bottom + 16}" text-anchor="middle" fill="#333">${escapeHtml(g.label)}</text>`;
  });
  return frame(title, body + legend(names));
}

export interface Series {
  name: string;
  values: number[];
}

/** Empirical CDFs of per-entity values in [0, max] (node exposure), with dotted lines at each series' p99. */
export function cdfChart(title: string, series: Series[], xLabel: string): string {
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const xmax = Math.max(1e-9, ...series.flatMap((s) => s.values));
  const X = (v: number): number => M.left + (plotW * v) / xmax;
  const Y = (p: number): number => M.top + plotH - plotH * p;
  let body = yAxis(1, (v) => `${Math.round(100 * v)}%`);
  for (let i = 0; i <= 4; i++) body += `<text x="${X((xmax * i) / 4).toFixed(1)}" y="${H - M.bottom + 14}" text-anchor="middle" fill="#555">${((xmax * i) / 4).toFixed(2)}</text>`;
  body += `<text x="${M.left + plotW / 2}" y="${H - M.bottom + 28}" text-anchor="middle">${escapeHtml(xLabel)}</text>`;
  series.forEach((s, si) => {
    const v = [...s.values].sort((a, b) => a - b);
    if (!v.length) return;
    let d = `M${X(0).toFixed(1)},${Y(0).toFixed(1)}`;
    for (let i = 0; i < v.length; i++) {
      if (i + 1 < v.length && v[i + 1] === v[i]) continue;
      d += ` H${X(v[i]).toFixed(1)} V${Y((i + 1) / v.length).toFixed(1)}`;
    }
    const colour = PALETTE[si % PALETTE.length];
    body += `<path d="${d}" fill="none" stroke="${colour}" stroke-width="2"/>`;
    const p99 = v[Math.min(v.length - 1, Math.max(0, Math.ceil(0.99 * v.length) - 1))];
    body += `<line x1="${X(p99).toFixed(1)}" x2="${X(p99).toFixed(1)}" y1="${M.top}" y2="${M.top + plotH}" stroke="${colour}" stroke-dasharray="3,3"><title>${escapeHtml(`${s.name} p99 ${p99.toFixed(3)}`)}</title></line>`;
  });
  return frame(title, body + legend(series.map((s) => s.name)));
}

/** Lines over a sequence (e.g. cumulative Brain calls along a question stream). */
export function lineChart(title: string, series: Series[], xLabel: string): string {
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const n = Math.max(1, ...series.map((s) => s.values.length));
  const ymax = Math.max(1, ...series.flatMap((s) => s.values));
  const X = (i: number): number => M.left + (plotW * i) / Math.max(1, n - 1);
  const Y = (v: number): number => M.top + plotH - (plotH * v) / ymax;
  let body = yAxis(ymax, (v) => (ymax >= 10 ? Math.round(v).toString() : v.toFixed(1)));
  body += `<text x="${M.left + plotW / 2}" y="${H - M.bottom + 20}" text-anchor="middle">${escapeHtml(xLabel)} (1–${n})</text>`;
  series.forEach((s, si) => {
    if (!s.values.length) return;
    const d = s.values.map((v, i) => `${i ? 'L' : 'M'}${X(i).toFixed(1)},${Y(v).toFixed(1)}`).join(' ');
    body += `<path d="${d}" fill="none" stroke="${PALETTE[si % PALETTE.length]}" stroke-width="2"/>`;
  });
  return frame(title, body + legend(series.map((s) => s.name)));
}

/** Horizontal bars, largest first, at most `limit` (e.g. edges sent per relation label). */
export function horizontalBarChart(title: string, items: { label: string; value: number }[], limit = 15): string {
  const rows = [...items].sort((a, b) => b.value - a.value || a.label.localeCompare(b.label)).slice(0, limit);
  const rowH = 18;
  const height = M.top + rows.length * rowH + 16;
  const labelW = 170;
  const plotW = W - labelW - M.right - 40;
  const max = Math.max(1, ...rows.map((r) => r.value));
  let body = '';
  rows.forEach((r, i) => {
    const y = M.top + i * rowH;
    const w = (plotW * r.value) / max;
    const label = r.label.length > 28 ? `${r.label.slice(0, 27)}…` : r.label;
    body += `<text x="${labelW - 6}" y="${y + 12}" text-anchor="end">${escapeHtml(label)}</text>`;
    body += `<rect x="${labelW}" y="${y + 2}" width="${w.toFixed(1)}" height="${rowH - 5}" fill="${PALETTE[0]}"><title>${escapeHtml(`${r.label}: ${r.value}`)}</title></rect>`;
    body += `<text x="${(labelW + w + 4).toFixed(1)}" y="${y + 12}">${r.value}</text>`;
  });
  if (!rows.length) body += `<text x="${W / 2}" y="${M.top + 12}" text-anchor="middle" fill="#777">nothing sent</text>`;
  return frame(title, body, Math.max(height, M.top + 30));
}

/** Running sum, for cumulative stream plots. */
export function cumulative(values: readonly number[]): number[] {
  let s = 0;
  return values.map((v) => (s += v));
}

/** The pictures, in the order an analyst reads them; each is omitted when its figures are absent. */
export function exposureCharts(runs: ExposureRunFigures[]): string[] {
  const charts: string[] = [];
  const groups: BarGroup[] = [];
  const bar = (label: string, f: (r: ExposureRunFigures) => number | undefined): void => {
    const bars = runs.flatMap((r) => (f(r) === undefined ? [] : [{ name: r.view, value: f(r)! }]));
    if (bars.length) groups.push({ label, bars });
  };
  bar('anchors+bridges', (r) => r.attack?.asr1);
  bar('anchors', (r) => r.attack?.anchors.asr1);
  bar('bridges', (r) => r.attack?.bridges.asr1);
  bar('linkage', (r) => r.attack?.linkage);
  bar('Hits@1', (r) => r.hitsAt1);
  if (groups.length) charts.push(groupedBarChart('ASR@1 (named at rank 1) by target, and Hits@1', groups));
  const cdf: Series[] = [];
  for (const r of runs) {
    if (r.nodeExposure?.built?.values.length) cdf.push({ name: `${r.view} (built)`, values: r.nodeExposure.built.values });
    if (r.nodeExposure?.sent?.values.length) cdf.push({ name: `${r.view} (sent)`, values: r.nodeExposure.sent.values });
  }
  if (cdf.length) charts.push(cdfChart('Per-node exposure (CDF over eligible entities; dashed: p99)', cdf, 'exposed sessions / eligible sessions'));
  for (const r of runs)
    if (r.perRelation && Object.keys(r.perRelation).length)
      charts.push(horizontalBarChart(`Edges exposed per relation label (${r.view})`, Object.entries(r.perRelation).map(([label, value]) => ({ label, value }))));
  const stream: Series[] = [];
  for (const r of runs)
    if (r.stream?.brainCalls.length) {
      stream.push({ name: `${r.view}: calls`, values: cumulative(r.stream.brainCalls) });
      stream.push({ name: `${r.view}: entities`, values: cumulative(r.stream.newEntities) });
    }
  if (stream.length) charts.push(lineChart('Brain calls and entities shown for the first time, along the stream (cumulative)', stream, 'question'));
  return charts;
}

