// The experience memory's AES-256 key in the Electron shell: a random key sealed with safeStorage (the OS keychain /
// DPAPI / libsecret) in <data>/memory/memory.key.enc, so the records on disk cannot be read without this user's
// login. A memory created headless (0600 key file) keeps its file key: switching keys would make it unreadable.
// Where the OS offers no encryption, the 0600 key file is the fallback (as on the headless host). Implements core's
// KeyStore port, created by the same rule as a key file: exclusively (two windows or processes agree on one key),
// mode 0600 in a 0700 folder, never a new key beside a memory that already exists.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { safeStorage } from 'electron';
import { writeFileExclusive } from '../engine/node/sealedFile.js';
import { KEY_BYTES, MEMORY_KEY_FILE, memoryExists, memoryKeyStore, MemoryKeyError, type KeyStore } from '../engine/app/memoryKeys.js';

export const SEALED_KEY_FILE = 'memory.key.enc';

export class SafeStorageMemoryKeyStore implements KeyStore {
  private cached: Promise<Buffer> | undefined;
  private source = 'safeStorage';

  constructor(readonly memoryDir: string) {}

  get description(): string {
    return this.source === 'safeStorage' ? `${join(this.memoryDir, SEALED_KEY_FILE)} (safeStorage)` : join(this.memoryDir, MEMORY_KEY_FILE);
  }

  key(): Promise<Buffer> {
    this.cached ??= this.load().catch((e) => {
      this.cached = undefined;
      throw e;
    });
    return this.cached;
  }

  private async load(): Promise<Buffer> {
    const sealedPath = join(this.memoryDir, SEALED_KEY_FILE);
    if (existsSync(sealedPath)) return this.unseal(sealedPath);
    const fileKey = existsSync(join(this.memoryDir, MEMORY_KEY_FILE));
    if (fileKey || memoryExists(this.memoryDir) || !safeStorage.isEncryptionAvailable()) {
      this.source = 'file';
      return memoryKeyStore(this.memoryDir, { create: !memoryExists(this.memoryDir) }).key();
    }
    await mkdir(this.memoryDir, { recursive: true, mode: 0o700 });
    const key = randomBytes(KEY_BYTES);
    if (await writeFileExclusive(sealedPath, safeStorage.encryptString(key.toString('hex')))) return key;
    // Another process sealed one first: use theirs.
    return this.unseal(sealedPath);
  }

  private async unseal(sealedPath: string): Promise<Buffer> {
    if (!safeStorage.isEncryptionAvailable()) throw new MemoryKeyError(`The memory key ${sealedPath} needs the OS keychain, which is not available now. Nothing was changed.`);
    const hex = safeStorage.decryptString(await readFile(sealedPath)).trim();
    const key = Buffer.from(hex, 'hex');
    if (key.length !== KEY_BYTES) throw new MemoryKeyError(`The memory key ${sealedPath} is damaged. Nothing was changed.`);
    return key;
  }
}
