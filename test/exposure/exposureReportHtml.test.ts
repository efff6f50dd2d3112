import { describe, expect, it } from 'vitest';
import type { ExposureReportData, NodeExposureFigures } from '../../src-main/common/exposureReportTypes.js';
import { escapeHtml } from '../../src-main/common/escapeHtml.js';
import { cdfChart, cumulative, exposureCharts, groupedBarChart, horizontalBarChart } from '../../src-main/common/exposureCharts.js';
import { renderExposureReport } from '../../src-main/engine/egress/exposure/report/renderExposureReport.js';

const exposure = (values: number[]): NodeExposureFigures => ({
  eligible: values.length,
  exposed: values.filter((v) => v > 0).length,
  sessions: 3,
  p50: 0,
  p99: Math.max(...values),
  max: Math.max(...values),
  top1PercentShare: 0.5,
  values,
});

const data: ExposureReportData = {
  title: 'Exposure <test>',
  generatedAt: '2026-12-02T00:00:00.000Z',
  source: 'toy',
  runs: [
    {
      view: 'masked',
      questions: 3,
      hitsAt1: 0.9,
      attack: { asr1: 0.6, asr5: 0.8, anchors: { tokens: 3, asr1: 1 }, bridges: { tokens: 2, asr1: 0 }, unique: 0.6, linkage: 0.5 },
      nodeExposure: { built: exposure([0, 0, 1 / 3, 1]) },
    },
    {
      view: 'sanitized',
      questions: 3,
      hitsAt1: 0.9,
      attack: { asr1: 0.1, asr5: 0.3, anchors: { tokens: 3, asr1: 0.2 }, bridges: { tokens: 1, asr1: 0 }, unique: 0 },
      nodeExposure: { built: exposure([0, 0, 0, 1 / 3]), sent: exposure([0, 0, 0, 0.1]) },
      perRelation: { 'directed_by<script>': 4, starred: 2 },
      stream: { brainCalls: [1, 0, 1], newEntities: [3, 1, 0] },
    },
  ],
};

describe('exposure report HTML', () => {
  it('is one self-contained page: no script, no external resource, every label escaped', () => {
    const html = renderExposureReport(data);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/(src|href)=["']?https?:/i);
    expect(html).toContain('Exposure &lt;test&gt;');
    expect(html).toContain('directed_by&lt;script&gt;');
    expect(html).toContain("default-src 'none'");
  });

  it('tables each run, with built and sent exposure on their own rows', () => {
    const html = renderExposureReport(data);
    expect(html).toContain('masked (every built payload)');
    expect(html).toContain('sanitized (actually sent)');
    expect(html).toContain('60.0%'); // masked ASR@1
    expect(html).toContain('10.0%'); // sanitized ASR@1
  });

  it('draws one picture per kind of figure present, none for absent ones', () => {
    const charts = exposureCharts(data.runs);
    expect(charts).toHaveLength(4); // bars, CDF, per relation (sanitized only), stream
    for (const c of charts) expect(c.startsWith('<svg')).toBe(true);
    expect(exposureCharts([{ view: 'ledger', questions: 0 }])).toEqual([]);
  });
});

describe('charts', () => {
  it('bars scale to the largest value and print each value', () => {
    const svg = groupedBarChart('t', [{ label: 'g', bars: [{ name: 'a', value: 0.5 }, { name: 'b', value: 0.25 }] }]);
    expect(svg.match(/<rect [^>]*height="([\d.]+)"[^>]*><title>/g)).toHaveLength(2);
    expect(svg).toContain('50.0%');
    expect(svg).toContain('25.0%');
  });

  it('a CDF reaches 100% at the largest value', () => {
    const svg = cdfChart('t', [{ name: 's', values: [0, 0.5, 1] }], 'x');
    const path = /<path d="([^"]+)"/.exec(svg)![1];
    expect(path.trim().endsWith('V34.0')).toBe(true); // top of the plot = 100%
  });

  it('horizontal bars keep the largest first and at most the limit', () => {
    const svg = horizontalBarChart('t', [{ label: 'rel_small', value: 1 }, { label: 'rel_big', value: 9 }, { label: 'rel_mid', value: 5 }], 2);
    expect(svg.indexOf('rel_big')).toBeLessThan(svg.indexOf('rel_mid'));
    expect(svg).not.toContain('rel_small');
  });

  it('helpers', () => {
    expect(cumulative([1, 0, 2])).toEqual([1, 1, 3]);
    expect(escapeHtml(`<a href="x">'&`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;');
  });
});
