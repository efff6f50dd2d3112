// The Brain API key in the Electron shell: encrypted with safeStorage (the OS keychain / DPAPI / libsecret) in a
// 0600 file under the data dir. Decrypted per call for the gateway and never logged. Where the OS offers no
// encryption (a Linux session without a keyring), nothing is stored: a plaintext key on disk is not an option.
import { safeStorage } from 'electron';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../engine/node/sealedFile.js';
import type { BrainKeyStore } from '../engine/app/brainKeyStore.js';

export class SafeStorageKeyStore implements BrainKeyStore {
  readonly storage = 'safeStorage' as const;
  readonly writable = true;

  constructor(readonly path: string) {}

  async apiKey(): Promise<string | undefined> {
    let sealed: Buffer;
    try {
      sealed = await readFile(this.path);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
    if (!safeStorage.isEncryptionAvailable()) return undefined;
    return safeStorage.decryptString(sealed) || undefined;
  }

  async setKey(key: string | undefined): Promise<void> {
    const value = key?.trim();
    if (!value) {
      await rm(this.path, { force: true });
      return;
    }
    if (!safeStorage.isEncryptionAvailable()) throw new Error('This system offers no encrypted storage (safeStorage) for the API key; it was not saved.');
    await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
    await writeFileAtomic(this.path, safeStorage.encryptString(value));
  }
}
