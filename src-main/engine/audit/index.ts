// Public surface of the audit log.
export { AuditLog } from './auditLog.js';
export { verifyAuditLog, verifyAuditText, readAuditLog, type AuditHead } from './verifyAuditLog.js';
export { exportAudit, auditHtml, auditJson, escapeHtml } from './exportAudit.js';
export { AuditLogBrokenError, AuditLogMissingError } from './auditErrors.js';
export { defaultAuditPath, auditHeadPath } from './auditPaths.js';
export { canonicalJson } from './canonicalJson.js';
export { auditHash, GENESIS_HASH } from './auditHash.js';
