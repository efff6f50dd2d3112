// Default places of the ledger under the data dir, and of its key: in the key folder, away from the data
// (node/keyFolder.ts); a ledger.key left beside the ledger by an older version is moved there on first use.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { KeyStore } from '../../core/keyStore.js';
import { SeparateKeyStore } from '../../node/keyFolder.js';

export const LEDGER_KEY_ENV = 'CTRLG_LEDGER_KEY';

export function ledgerPaths(dataDir: string): { ledger: string; key: string } {
  return { ledger: join(dataDir, 'exposure', 'ledger.enc'), key: join(dataDir, 'exposure', 'ledger.key') };
}

/**
 * The ledger's key for a data folder: $CTRLG_LEDGER_KEY, else `<key folder>/<data id>/ledger.key`. No key is made
 * beside a ledger that already exists (a lost key is an error, not a new key that cannot open it).
 */
export function ledgerKeyStore(dataDir: string, env: NodeJS.ProcessEnv = process.env): KeyStore {
  const paths = ledgerPaths(dataDir);
  return new SeparateKeyStore({ folder: dataDir, name: 'ledger.key', legacy: paths.key, envVar: LEDGER_KEY_ENV, env, create: !existsSync(paths.ledger) });
}
