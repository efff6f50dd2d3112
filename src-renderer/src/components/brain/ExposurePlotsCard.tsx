// The exposure report's pictures for this machine's ledger, in the Brain tab: node exposure as a CDF over the
// eligible cohort, edges exposed per relation label, Brain calls and first-time entities along the questions. The
// same chart code draws `ctrlg exposure report`; the SVG is built from counts and escaped labels only.
import { useCallback, useEffect, useState } from 'react';
import type { ApiErrorBody } from '../../../../src-main/common/contract.js';
import { exposureCharts } from '../../../../src-main/common/exposureCharts.js';
import type { ExposureReportData } from '../../../../src-main/common/exposureReportTypes.js';
import { callChannel } from '../../api/callChannel.js';
import { ErrorNotice } from '../ErrorNotice.js';

export function ExposurePlotsCard() {
  const [report, setReport] = useState<ExposureReportData | null>(null);
  const [error, setError] = useState<ApiErrorBody | null>(null);
  const load = useCallback(async () => {
    const res = await callChannel('exposure.report', {});
    if (res.ok) {
      setReport(res.value);
      setError(null);
    } else setError(res.error);
  }, []);
  useEffect(() => void load(), [load]);

  const charts = report ? exposureCharts(report.runs) : [];
  return (
    <div className="card exposure-plots" data-testid="exposure-plots">
      <div className="row">
        <h3 className="grow">Exposure over time</h3>
        <button type="button" className="button small" onClick={() => void load()} data-testid="exposure-plots-refresh">
          Refresh
        </button>
      </div>
      {error && <ErrorNotice error={error} testId="exposure-plots-error" />}
      {!report && !error && <p className="muted small">Loading…</p>}
      {report && charts.length === 0 && <p className="muted small">Nothing has been sent to a remote Brain yet.</p>}
      <div className="exposure-charts">
        {charts.map((svg, i) => (
          // Our own SVG: built from numbers and XML-escaped labels by exposureCharts, never from raw input.
          <div key={i} className="exposure-chart" data-testid="exposure-chart" dangerouslySetInnerHTML={{ __html: svg }} />
        ))}
      </div>
      <p className="muted small">
        The same figures as a file: <span className="mono">npx ctrlg exposure report --ledger --out report.html</span>
      </p>
    </div>
  );
}
