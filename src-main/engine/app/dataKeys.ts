// The keys of a data folder's exposure ledger and audit log, for a face that keeps keys its own way (the Electron
// shell seals them with safeStorage): the headless key stores (key folder or CTRLG_*_KEY, node/keyFolder.ts) it
// falls back to, and where the ledger and its pre-key-folder key file live (data made with a file key keeps it).
export { auditKeyStore, auditLogIsKeyed, defaultAuditPath } from '../egress/audit/auditPaths.js';
export { ledgerKeyStore, ledgerPaths } from '../egress/exposure/ledgerPaths.js';
export { LedgerKeyError } from '../egress/exposure/ledgerErrors.js';
