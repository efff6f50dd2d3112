// Default places of the ledger and its key file under the data dir.
import { join } from 'node:path';

export function ledgerPaths(dataDir: string): { ledger: string; key: string } {
  return { ledger: join(dataDir, 'exposure', 'ledger.enc'), key: join(dataDir, 'exposure', 'ledger.key') };
}
