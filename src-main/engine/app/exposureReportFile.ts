// `ctrlg exposure report`: the figures (from eval folders or this machine's ledger) written as a self-contained HTML
// page and as JSON beside it. Files are 0600: the report holds no names, but it describes a private graph.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ExposureReportData } from '../../common/exposureReportTypes.js';
import { renderExposureReport } from '../egress/exposure/report/renderExposureReport.js';

export { ExposureReportInputError, reportFromEval } from './exposureReportFromEval.js';

/** Writes `out` (HTML) and `json` (default: `out` with .json); returns the two paths. */
export function writeExposureReport(data: ExposureReportData, out: string, json?: string): { html: string; json: string } {
  const html = resolve(out);
  const jsonPath = resolve(json ?? html.replace(/\.html?$/i, '') + '.json');
  writeFileSync(html, renderExposureReport(data), { mode: 0o600 });
  writeFileSync(jsonPath, JSON.stringify(data, null, 1) + '\n', { mode: 0o600 });
  return { html, json: jsonPath };
}
