// `ctrlg audit verify [--audit FILE]` and `ctrlg audit export --format json|html --out FILE [--audit FILE]`:
// check the Brain audit log's hash chain, or export it for a reviewer. The data folder's own log is checked with its
// audit key (keyed records, the head file) and against its exposure ledger's anchors; a log named with --audit is
// checked as a chain only (its key and ledger belong to another folder).
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { AuditLogMissingError, auditKeyStore, defaultAuditPath, exportAudit, ledgerPaths, verifyAuditLog } from '../../engine/app/auditFile.js';
import { CliError, type CliCommand } from '../command.js';

export const auditCommand: CliCommand = {
  usage: 'ctrlg audit verify [--audit FILE] | ctrlg audit export --format json|html --out FILE [--audit FILE]',
  async run(args, ctx) {
    const [action, ...rest] = args;
    const { values } = parseArgs({
      args: rest,
      options: { audit: { type: 'string' }, format: { type: 'string' }, out: { type: 'string', short: 'o' } },
    });
    const path = values.audit ?? defaultAuditPath(ctx.dataDir);
    const checks = values.audit === undefined ? { keyStore: auditKeyStore(ctx.dataDir), ledgerPath: ledgerPaths(ctx.dataDir).ledger } : {};
    try {
      if (action === 'verify') {
        const result = await verifyAuditLog(path, checks);
        if (result.ok) {
          ctx.stdout.write(`audit log ok: ${result.records} records, chain intact (${path})\n`);
          for (const note of result.notes ?? []) ctx.stdout.write(`  note: ${note}\n`);
          return 0;
        }
        ctx.stdout.write(`audit log TAMPERED at line ${result.line}: ${result.reason} (${path})\n`);
        return 1;
      }
      if (action === 'export') {
        const format = values.format;
        if (format !== 'json' && format !== 'html') throw new CliError('--format json|html is required');
        if (!values.out) throw new CliError('--out FILE is required');
        await writeFile(values.out, await exportAudit(path, format, checks), { mode: 0o600 });
        ctx.stdout.write(`exported ${path} as ${format} to ${values.out}\n`);
        return 0;
      }
      throw new CliError(`unknown audit action "${action ?? ''}": use verify or export`);
    } catch (e) {
      if (e instanceof AuditLogMissingError) throw new CliError(e.message);
      throw e;
    }
  },
};
