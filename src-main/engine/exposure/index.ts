// Public surface of the exposure ledger.
export { ExposureLedger, type LedgerCall, type LedgerOpenOptions } from './exposureLedger.js';
export { FileKeyStore, MemoryKeyStore, LEDGER_KEY_BYTES, type KeyStore } from './keyStore.js';
export { LedgerCorruptError, LedgerKeyError } from './ledgerErrors.js';
export { ledgerPaths } from './ledgerPaths.js';
export { tokenResolver, type TokenResolver } from './tokenResolver.js';
export { percentile, topShare } from './exposureStats.js';
