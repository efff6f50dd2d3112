// Default place of the audit log, and of the head file that pins its last record (so a removed tail shows).
import { join } from 'node:path';

export function defaultAuditPath(dataDir: string): string {
  return join(dataDir, 'audit', 'audit.jsonl');
}

export function auditHeadPath(logPath: string): string {
  return `${logPath}.head`;
}
