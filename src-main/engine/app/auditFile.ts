// The Brain audit log as a file, for the CLI's audit command (`--audit FILE`, default the data dir's): verify its
// hash chain, or export it for a reviewer. The app reads the same log through BrainService.verifyAudit / exportAudit.
// For a data folder's own log the check covers its audit key (keyed records, head file) and its exposure ledger.
export { AuditLogMissingError } from '../egress/audit/auditErrors.js';
export { auditKeyStore, defaultAuditPath } from '../egress/audit/auditPaths.js';
export { ledgerPaths } from '../egress/exposure/ledgerPaths.js';
export { exportAudit } from '../egress/audit/exportAudit.js';
export { verifyAuditLog } from '../egress/audit/verifyAuditLog.js';
