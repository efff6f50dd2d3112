// Audit exports: JSON (records + verification result) and a self-contained HTML report for a reader without
// the app. Every value in the HTML is escaped: payloads and replies are text a Brain or a person wrote.
import type { AuditRecord, AuditVerifyResult } from '../../../common/brainTypes.js';
import { readAuditLog, type AuditVerifyOptions } from './verifyAuditLog.js';
import { escapeHtml } from '../../../common/escapeHtml.js';

export { escapeHtml };

export function auditJson(verification: AuditVerifyResult, records: AuditRecord[]): string {
  return JSON.stringify({ verification, records }, null, 2) + '\n';
}

function detail(r: AuditRecord): string {
  const { text, raw, ...rest } = r.data as { text?: unknown; raw?: unknown } & Record<string, unknown>;
  const blocks: string[] = [];
  if (typeof text === 'string') blocks.push(`<h4>Payload sent</h4><pre>${escapeHtml(text)}</pre>`);
  if (typeof raw === 'string') blocks.push(`<h4>Reply</h4><pre>${escapeHtml(raw)}</pre>`);
  blocks.push(`<h4>Fields</h4><pre>${escapeHtml(JSON.stringify(rest, null, 2))}</pre>`);
  return blocks.join('');
}

export function auditHtml(verification: AuditVerifyResult, records: AuditRecord[], title = 'Ctrl-G Brain audit log'): string {
  const status = verification.ok
    ? `<p class="ok">Chain verified: ${verification.records} records, unaltered.</p>`
    : `<p class="bad">Chain BROKEN at line ${verification.line}: ${escapeHtml(verification.reason)}. Records after it are not shown.</p>`;
  const rows = records
    .map(
      (r) =>
        `<section class="${escapeHtml(r.kind)}"><h3>#${r.seq} ${escapeHtml(r.kind)} · ${escapeHtml(r.at)} · question ${escapeHtml(r.questionId)}</h3>` +
        `${detail(r)}<p class="hash">hash ${escapeHtml(r.hash)}<br>prev ${escapeHtml(r.prev)}</p></section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'">
<title>${escapeHtml(title)}</title>
<style>body{font:14px system-ui,sans-serif;margin:2em;max-width:70em}pre{background:#f4f4f4;padding:.6em;white-space:pre-wrap;word-break:break-word}
section{border-left:4px solid #999;padding-left:1em;margin:1.5em 0}.request{border-color:#c60}.response{border-color:#080}.decision{border-color:#06c}.failure{border-color:#c00}
.ok{color:#080;font-weight:bold}.bad{color:#c00;font-weight:bold}.hash{color:#777;font:11px monospace}</style></head>
<body><h1>${escapeHtml(title)}</h1>${status}
${rows}
</body></html>
`;
}

export async function exportAudit(path: string, format: 'json' | 'html', options: AuditVerifyOptions = {}): Promise<string> {
  const { verification, records } = await readAuditLog(path, options);
  return format === 'json' ? auditJson(verification, records) : auditHtml(verification, records);
}
