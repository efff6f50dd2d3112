// A 256-bit key sealed with safeStorage (the OS keychain / DPAPI / libsecret) in a file beside what it protects: the
// Electron shell's KeyStore for the experience memory, the exposure ledger and the audit chain, so none of their
// keys is ever a plain file. Data created headless keeps its file key (switching keys would make it unreadable),
// and where the OS offers no encryption the headless key file (in the key folder, away from the data) is the
// fallback. Created by the rule every key follows: exclusively (two windows or processes agree on one key), mode
// 0600 in a 0700 folder, never a new key beside data that already exists.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { safeStorage } from 'electron';
import { writeFileExclusive } from '../engine/node/sealedFile.js';
import { KEY_BYTES, loadOnceUntilFailure, type KeyStore } from '../engine/app/memoryKeys.js';

export interface SealedKeyOptions {
  /** The sealed key's file (e.g. <data>/exposure/ledger.key.enc). */
  sealedPath: string;
  /** The headless key store: used when `keepFileKey()` says the data already has a file key, or without OS encryption. */
  fileKeys: KeyStore;
  /** True when the protected data exists or a file key does: the key must not change. */
  keepFileKey: () => boolean;
  /** The error a key that cannot be unsealed becomes (each part names itself). */
  error: (message: string) => Error;
}

export class SafeStorageSealedKeyStore implements KeyStore {
  private source: 'safeStorage' | 'file' = 'safeStorage';

  constructor(private readonly options: SealedKeyOptions) {}

  get description(): string {
    return this.source === 'safeStorage' ? `${this.options.sealedPath} (safeStorage)` : this.options.fileKeys.description;
  }

  /** The key, read (or created) once per store; a failure is not kept, so a fixed file is picked up. */
  readonly key = loadOnceUntilFailure(() => this.load());

  private async load(): Promise<Buffer> {
    const { sealedPath } = this.options;
    if (existsSync(sealedPath)) return this.unseal(sealedPath);
    if (this.options.keepFileKey() || !safeStorage.isEncryptionAvailable()) {
      this.source = 'file';
      return this.options.fileKeys.key();
    }
    await mkdir(dirname(sealedPath), { recursive: true, mode: 0o700 });
    const key = randomBytes(KEY_BYTES);
    if (await writeFileExclusive(sealedPath, safeStorage.encryptString(key.toString('hex')))) return key;
    // Another process sealed one first: use theirs.
    return this.unseal(sealedPath);
  }

  private async unseal(sealedPath: string): Promise<Buffer> {
    if (!safeStorage.isEncryptionAvailable()) throw this.options.error(`The key ${sealedPath} needs the OS keychain, which is not available now. Nothing was changed.`);
    const key = Buffer.from(safeStorage.decryptString(await readFile(sealedPath)).trim(), 'hex');
    if (key.length !== KEY_BYTES) throw this.options.error(`The key ${sealedPath} is damaged. Nothing was changed.`);
    return key;
  }
}
