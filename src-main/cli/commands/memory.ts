// `ctrlg memory audit|list|delete|maintain`: the experience memory on this machine (<data>/memory by default).
// Everything is decrypted locally; audit exits non-zero when any record holds a name, id, session token or
// unbucketed literal.
import { parseArgs } from 'node:util';
import {
  auditMemoryFolder,
  defaultMemoryDir,
  deleteFromMemoryFolder,
  listMemoryFolder,
  maintainMemoryFolder,
  memoryExists,
  type AuditReport,
  type ExperienceRecord,
} from '../../engine/app/memoryFolder.js';
import { CliError, type CliCommand, type CliContext } from '../command.js';
import { assertLocalPath } from '../../engine/node/localPath.js';

export { defaultMemoryDir };

const USAGE = 'ctrlg memory audit [--graph NAME] [--k K] | list | delete ID | maintain   [--memory DIR] [--json]';

function formatAudit(report: AuditReport, dir: string, graphs: string[]): string {
  const c = report.counts;
  const lines = [
    `Memory ${dir}: ${report.records} record${report.records === 1 ? '' : 's'}, checked against ${graphs.length ? graphs.join(', ') : 'no graphs'}`,
    `  entity names          ${c.name}`,
    `  entity ids            ${c.id}`,
    `  session tokens        ${c.token}`,
    `  unbucketed literals   ${c.literal}`,
    `  undecryptable         ${c.undecryptable}`,
    `  rare templates (seen < ${report.k}, kept local)  ${report.rareTemplates}`,
  ];
  for (const f of report.findings.slice(0, 50)) lines.push(`  ! ${f.id}: ${f.kind} in ${f.field}`);
  if (report.findings.length > 50) lines.push(`  … ${report.findings.length - 50} more`);
  lines.push(report.clean ? 'Clean.' : `${report.findings.length} finding${report.findings.length === 1 ? '' : 's'}: delete the records with ctrlg memory delete ID.`);
  return lines.join('\n');
}

function formatRecord(r: ExperienceRecord): string {
  const when = new Date(r.updatedAt).toISOString();
  const templates = r.templates.map((t) => `    ${t.text}  (seen ${t.seen})`);
  const failures = r.failures.map((f) => `    ! ${f.mode} depth ${f.depth}: ${f.chain} — ${f.reason}`);
  return [
    `${r.id}  ${r.outcome}  uses ${r.counters.uses}  successes ${r.counters.successes}  weight ${r.weight.toFixed(2)}  ${r.exposure.relations} k=${r.exposure.k}  ${when}`,
    `    question: ${r.question}`,
    ...templates,
    ...failures,
  ].join('\n');
}

async function run(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      memory: { type: 'string' },
      graph: { type: 'string' },
      k: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const [sub, ...rest] = positionals;
  const dir = values.memory !== undefined ? assertLocalPath(values.memory, '--memory') : defaultMemoryDir(ctx.dataDir);
  const out = (text: string): void => void ctx.stdout.write(text + '\n');
  if (!sub) throw new CliError(`a sub-command is required: ${USAGE}`);
  if (!['audit', 'list', 'delete', 'maintain'].includes(sub)) throw new CliError(`unknown sub-command "${sub}": ${USAGE}`);
  // Never create a key or a table just to look: an absent memory is an empty one.
  if (!memoryExists(dir)) {
    if (sub === 'delete') throw new CliError(`no experience memory in ${dir}`, 1);
    out(values.json ? JSON.stringify(sub === 'list' ? [] : { records: 0, clean: true }) : `No experience memory in ${dir}.`);
    return 0;
  }

  if (sub === 'audit') {
    const k = values.k === undefined ? 2 : Number(values.k);
    if (!Number.isInteger(k) || k < 1) throw new CliError(`--k must be a positive integer, not "${values.k}"`);
    const { report, graphs } = await auditMemoryFolder(dir, ctx.dataDir, { ...(values.graph ? { graph: values.graph } : {}), k });
    out(values.json ? JSON.stringify({ ...report, graphs }, null, 2) : formatAudit(report, dir, graphs));
    return report.clean ? 0 : 1;
  }
  if (sub === 'list') {
    const records = await listMemoryFolder(dir);
    records.sort((a, b) => b.updatedAt - a.updatedAt);
    if (values.json)
      out(JSON.stringify(records.map(({ questionVector: _q, indicatorVector: _i, ...r }) => r), null, 2));
    else out(records.length ? records.map(formatRecord).join('\n') : `No experiences in ${dir}.`);
    return 0;
  }
  if (sub === 'delete') {
    if (rest.length === 0) throw new CliError('usage: ctrlg memory delete ID [ID…]');
    const removed = await deleteFromMemoryFolder(dir, rest);
    out(`Deleted ${removed} of ${rest.length} record${rest.length === 1 ? '' : 's'}.`);
    return removed === rest.length ? 0 : 1;
  }
  const report = await maintainMemoryFolder(dir);
  out(
    values.json
      ? JSON.stringify(report)
      : `Maintenance: ${report.before} → ${report.after} records (${report.merged} merged, ${report.pruned} pruned, ${report.reweighted} re-weighted).`,
  );
  return 0;
}

export const memoryCommand: CliCommand = {
  usage: USAGE,
  run,
};
