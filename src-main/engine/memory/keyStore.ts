// Where the memory's AES-256 key comes from. Headless runs (CLI, tests, host) keep it in a 0600 file next to the
// store, created on first use; the Electron shell supplies a safeStorage-backed KeyStore through the same
// interface, so the engine never imports Electron.
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { MemoryKeyError } from './memoryErrors.js';

export const KEY_BYTES = 32;
export const KEY_FILE = 'memory.key';

export interface KeyStore {
  /** The 32-byte key; created on first use where the store can create one. */
  key(): Promise<Buffer>;
  /** Where the key lives, for error messages. */
  readonly description: string;
}

/** A fixed key (tests, or a key the shell already unwrapped). */
export function staticKeyStore(key: Uint8Array, description = 'supplied key'): KeyStore {
  if (key.length !== KEY_BYTES) throw new MemoryKeyError(`The memory key must be ${KEY_BYTES} bytes, not ${key.length}.`);
  const copy = Buffer.from(key);
  return { description, key: async () => copy };
}

/** `<memoryDir>/memory.key`: 64 hex characters, mode 0600, created exclusively so two processes agree. */
export class FileKeyStore implements KeyStore {
  readonly path: string;
  private cached: Promise<Buffer> | undefined;

  /** `create: false` for a memory that already exists: a lost key must not be silently replaced by a new one. */
  constructor(
    memoryDir: string,
    private readonly options: { create?: boolean } = {},
  ) {
    this.path = join(memoryDir, KEY_FILE);
  }

  get description(): string {
    return this.path;
  }

  key(): Promise<Buffer> {
    this.cached ??= this.loadOrCreate().catch((e) => {
      this.cached = undefined;
      throw e;
    });
    return this.cached;
  }

  private async loadOrCreate(): Promise<Buffer> {
    try {
      return await this.load();
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      if (this.options.create === false)
        throw new MemoryKeyError(`The memory key ${this.path} is missing; the memory next to it cannot be read without it. Nothing was changed.`);
    }
    await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
    const key = randomBytes(KEY_BYTES);
    try {
      const handle = await open(this.path, 'wx', 0o600);
      try {
        await handle.writeFile(key.toString('hex') + '\n');
        await handle.sync();
      } finally {
        await handle.close();
      }
      return key;
    } catch (e) {
      // Another process created it first: use theirs.
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') return this.load();
      throw e;
    }
  }

  private async load(): Promise<Buffer> {
    const text = (await readFile(this.path, 'utf8')).trim();
    if (process.platform !== 'win32') {
      const mode = (await stat(this.path)).mode & 0o777;
      if (mode & 0o077)
        throw new MemoryKeyError(`The memory key ${this.path} is readable by other users (mode ${mode.toString(8)}); run chmod 600 on it.`);
    }
    if (!/^[0-9a-f]{64}$/i.test(text))
      throw new MemoryKeyError(`The memory key ${this.path} is malformed (expected 64 hex characters); the memory was not touched.`);
    return Buffer.from(text, 'hex');
  }
}
