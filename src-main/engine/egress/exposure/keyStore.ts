// Where the ledger's 256-bit key lives. Headless (CLI, host): a 0600 file in the data dir, created on first use.
// The Electron shell provides a safeStorage-backed KeyStore instead (OS keychain).
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { LedgerKeyError } from './ledgerErrors.js';

export const LEDGER_KEY_BYTES = 32;

export interface KeyStore {
  /** The 32-byte key, created on first use. */
  key(): Promise<Buffer>;
}

export class FileKeyStore implements KeyStore {
  constructor(readonly path: string) {}

  async key(): Promise<Buffer> {
    let bytes: Buffer;
    try {
      bytes = await readFile(this.path);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new LedgerKeyError(this.path, (e as Error).message);
      await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
      const fresh = randomBytes(LEDGER_KEY_BYTES);
      try {
        // 'wx': never overwrite a key another process created a moment ago (its ledger would become unreadable).
        await writeFile(this.path, fresh, { mode: 0o600, flag: 'wx' });
        return fresh;
      } catch (w) {
        if ((w as NodeJS.ErrnoException).code !== 'EEXIST') throw new LedgerKeyError(this.path, (w as Error).message);
        bytes = await readFile(this.path);
      }
    }
    if (bytes.length !== LEDGER_KEY_BYTES) throw new LedgerKeyError(this.path, `expected ${LEDGER_KEY_BYTES} bytes, found ${bytes.length}`);
    if (process.platform !== 'win32') {
      const mode = (await stat(this.path)).mode & 0o777;
      if (mode & 0o077) throw new LedgerKeyError(this.path, `permissions ${mode.toString(8)} let other users read it; run chmod 600 on it`);
    }
    return bytes;
  }
}

/** A key held in memory (tests; or one the shell decrypted with safeStorage). */
export class MemoryKeyStore implements KeyStore {
  constructor(private readonly bytes: Buffer) {
    if (bytes.length !== LEDGER_KEY_BYTES) throw new LedgerKeyError('(memory)', `expected ${LEDGER_KEY_BYTES} bytes`);
  }

  async key(): Promise<Buffer> {
    return this.bytes;
  }
}
