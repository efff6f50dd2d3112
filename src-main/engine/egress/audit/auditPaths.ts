// Default place of the audit log, of the head file that pins its last record (so a removed tail shows), and of the
// audit key that keys the chain: in the key folder, away from the log (node/keyFolder.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KeyStore } from '../../core/keyStore.js';
import { SeparateKeyStore } from '../../node/keyFolder.js';

export const AUDIT_KEY_ENV = 'CTRLG_AUDIT_KEY';

export function defaultAuditPath(dataDir: string): string {
  return join(dataDir, 'audit', 'audit.jsonl');
}

export function auditHeadPath(logPath: string): string {
  return `${logPath}.head`;
}

/** Whether the log at `logPath` is keyed (its head file carries a MAC): its key must then exist, never be replaced. */
export function auditLogIsKeyed(logPath: string): boolean {
  try {
    return readFileSync(auditHeadPath(logPath), 'utf8').includes('"mac"');
  } catch {
    return false;
  }
}

/** The audit key for a data folder: $CTRLG_AUDIT_KEY, else `<key folder>/<data id>/audit.key` (not made beside a keyed log). */
export function auditKeyStore(dataDir: string, env: NodeJS.ProcessEnv = process.env): KeyStore {
  return new SeparateKeyStore({ folder: dataDir, name: 'audit.key', envVar: AUDIT_KEY_ENV, env, create: !auditLogIsKeyed(defaultAuditPath(dataDir)) });
}
