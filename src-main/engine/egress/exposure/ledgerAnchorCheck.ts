// Before a ledger is opened for writing: a ledger file that is gone although the audit chain anchors it (a deleted
// ledger) must not silently become an empty one, or every exposure count would restart from zero. The open is
// refused instead (LedgerMissingError), and the rule for a ledger that cannot be opened applies: no Brain call is
// made. A ledger that differs from its last anchor is left to `audit verify` to report (a stop between the ledger
// write and its anchor leaves the same trace, and must not lock the analyst out).
import { existsSync } from 'node:fs';
import type { KeyStore } from '../../core/keyStore.js';
import { AuditLogMissingError } from '../audit/auditErrors.js';
import { ledgerAnchorProblem } from '../audit/ledgerAnchor.js';
import { readAuditLog } from '../audit/verifyAuditLog.js';
import { LedgerMissingError } from './ledgerErrors.js';

export async function assertLedgerNotDeleted(ledgerPath: string, auditPath: string, auditKeyStore?: KeyStore): Promise<void> {
  if (existsSync(ledgerPath)) return;
  let records;
  try {
    ({ records } = await readAuditLog(auditPath, auditKeyStore ? { keyStore: auditKeyStore } : {}));
  } catch (e) {
    if (e instanceof AuditLogMissingError) return;
    throw e;
  }
  const problem = ledgerAnchorProblem(records, undefined, ledgerPath);
  if (problem?.kind === 'missing') throw new LedgerMissingError(ledgerPath, problem.seq, problem.line);
}
