// `ctrlg exposure report`: the figures (from eval folders or this machine's ledger) written as a self-contained HTML
// page and as JSON beside it. Files are 0600: the report holds no names, but it describes a private graph.
import { chmodSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ExposureReportData } from '../../common/exposureReportTypes.js';
import { renderExposureReport } from '../egress/exposure/report/renderExposureReport.js';

import { existsSync } from 'node:fs';
import { ledgerPaths } from '../egress/exposure/ledgerPaths.js';
import { assemble } from './assemble.js';
import { ExposureReportInputError } from './exposureReportFromEval.js';

export { ExposureReportInputError, reportFromEval } from './exposureReportFromEval.js';

/** The report of this data folder's exposure ledger (what the Brain tab shows); a typed error when there is none. */
export async function reportFromLedger(dataDir: string): Promise<ExposureReportData> {
  const { ledger } = ledgerPaths(dataDir);
  if (!existsSync(ledger)) throw new ExposureReportInputError(ledger, undefined, 'no exposure ledger yet: nothing has been sent to a remote Brain from this data folder');
  const parts = assemble({ dataDir, memory: null, ask: false });
  try {
    return await parts.brain.exposureReport();
  } finally {
    await parts.close();
  }
}

/** Writes `out` (HTML) and `json` (default: `out` with .json); returns the two paths. */
export function writeExposureReport(data: ExposureReportData, out: string, json?: string): { html: string; json: string } {
  const html = resolve(out);
  const jsonPath = resolve(json ?? html.replace(/\.html?$/i, '') + '.json');
  // mode applies only to a new file: chmod too, so an older, wider report is narrowed.
  writeFileSync(html, renderExposureReport(data), { mode: 0o600 });
  chmodSync(html, 0o600);
  writeFileSync(jsonPath, JSON.stringify(data, null, 1) + '\n', { mode: 0o600 });
  chmodSync(jsonPath, 0o600);
  return { html, json: jsonPath };
}
