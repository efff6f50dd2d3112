// The exposure ledger's and the audit chain's keys in the Electron shell: sealed with safeStorage like the memory's
// (safeStorageSealedKeyStore.ts), in <data>/exposure/ledger.key.enc and <data>/audit/audit.key.enc. A ledger or a keyed
// audit log made headless keeps its key file (in the key folder, away from the data): switching keys would make it
// unreadable or break the chain.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { auditKeyStore, auditLogIsKeyed, defaultAuditPath, ledgerKeyStore, ledgerPaths, LedgerKeyError } from '../engine/app/dataKeys.js';
import { SafeStorageSealedKeyStore } from './safeStorageSealedKeyStore.js';

/** The ledger's and the audit chain's keys sealed with safeStorage, like the memory's; data made headless keeps its key file. */
export function sealedDataKeys(dataDir: string): { ledgerKeyStore: SafeStorageSealedKeyStore; auditKeyStore: SafeStorageSealedKeyStore } {
  const paths = ledgerPaths(dataDir);
  const ledgerFileKeys = ledgerKeyStore(dataDir);
  const auditFileKeys = auditKeyStore(dataDir);
  return {
    ledgerKeyStore: new SafeStorageSealedKeyStore({
      sealedPath: `${paths.key}.enc`,
      fileKeys: ledgerFileKeys,
      keepFileKey: () => existsSync(paths.ledger) || existsSync(paths.key),
      error: (message) => new LedgerKeyError(`${paths.key}.enc`, message),
    }),
    auditKeyStore: new SafeStorageSealedKeyStore({
      sealedPath: join(dataDir, 'audit', 'audit.key.enc'),
      fileKeys: auditFileKeys,
      // A log keyed headless keeps its key; an unkeyed one (older version) starts its keyed part with the sealed key.
      keepFileKey: () => auditLogIsKeyed(defaultAuditPath(dataDir)),
      error: (message) => new Error(message),
    }),
  };
}
