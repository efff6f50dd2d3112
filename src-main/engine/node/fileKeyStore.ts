// A 32-byte key in a file of its own: the headless KeyStore of the experience memory and of the exposure ledger
// (the Electron shell seals its keys with safeStorage instead, behind the same port). One rule for every key file:
//  - the key is 32 random bytes, created on first use exclusively — written whole to a temporary file, then linked
//    into place (writeFileExclusive) — mode 0600 in a 0700 folder, so two processes starting together agree on one
//    key and neither reads half a file;
//  - a key file other users can read is refused, before its bytes are read;
//  - a store whose protected data already exists is built with `create: false`: a lost key is then an error, never
//    silently replaced by a new one;
//  - every failure is a KeyFileError naming the file (the memory and the ledger turn it into their own errors).
// Two encodings, because existing files must stay readable: `raw`, 32 bytes (the ledger's ledger.key), and `hex`,
// 64 hex characters and a newline (the memory's memory.key).
import { randomBytes } from 'node:crypto';
import { mkdir, open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { KEY_BYTES, loadOnceUntilFailure, type KeyStore } from '../core/keyStore.js';
import { writeFileExclusive } from './sealedFile.js';

export type KeyFileEncoding = 'raw' | 'hex';

/** missing (and not to be created), exposed (other users can read it), malformed (not a key), io (any other error). */
export type KeyFileProblem = 'missing' | 'exposed' | 'malformed' | 'io';

export class KeyFileError extends Error {
  constructor(
    readonly path: string,
    readonly problem: KeyFileProblem,
    /** What is wrong, in a few words (no key material). */
    readonly detail: string,
    /** Permission bits of an exposed file. */
    readonly mode?: number,
    options?: { cause?: unknown },
  ) {
    super(`The key file ${path} is unusable: ${detail}`, options);
    this.name = 'KeyFileError';
  }
}

export interface FileKeyStoreOptions {
  /** How the key is written in the file (default `raw`). */
  encoding?: KeyFileEncoding;
  /** `false` when the data this key protects already exists: a missing key is then an error (default true). */
  create?: boolean;
}

export class FileKeyStore implements KeyStore {
  readonly encoding: KeyFileEncoding;

  constructor(
    readonly path: string,
    private readonly options: FileKeyStoreOptions = {},
  ) {
    this.encoding = options.encoding ?? 'raw';
  }

  get description(): string {
    return this.path;
  }

  /** The key, read (or created) once per store; a failure is not kept, so a fixed file is picked up. */
  readonly key = loadOnceUntilFailure(() => this.loadOrCreate());

  private async loadOrCreate(): Promise<Buffer> {
    const existing = await this.read();
    if (existing) return existing;
    if (this.options.create === false) throw new KeyFileError(this.path, 'missing', 'it is missing, and the data it protects exists, so no new key was made');
    const key = randomBytes(KEY_BYTES);
    let created: boolean;
    try {
      await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
      created = await writeFileExclusive(this.path, this.encode(key));
    } catch (e) {
      throw new KeyFileError(this.path, 'io', (e as Error).message, undefined, { cause: e });
    }
    if (created) return key;
    // Another process created it first: use theirs.
    const theirs = await this.read();
    if (!theirs) throw new KeyFileError(this.path, 'io', 'it disappeared while it was being created');
    return theirs;
  }

  /** The key on disk, or undefined when there is no file. Permissions are checked before the bytes are read. */
  private async read(): Promise<Buffer | undefined> {
    let bytes: Buffer;
    try {
      const handle = await open(this.path, 'r');
      try {
        if (process.platform !== 'win32') {
          const mode = (await handle.stat()).mode & 0o777;
          if (mode & 0o077) throw new KeyFileError(this.path, 'exposed', `permissions ${mode.toString(8)} let other users read it; run chmod 600 on it`, mode);
        }
        bytes = await handle.readFile();
      } finally {
        await handle.close();
      }
    } catch (e) {
      if (e instanceof KeyFileError) throw e;
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new KeyFileError(this.path, 'io', (e as Error).message, undefined, { cause: e });
    }
    return this.decode(bytes);
  }

  private decode(bytes: Buffer): Buffer {
    if (this.encoding === 'raw') {
      if (bytes.length !== KEY_BYTES) throw new KeyFileError(this.path, 'malformed', `expected ${KEY_BYTES} bytes, found ${bytes.length}`);
      return bytes;
    }
    const text = bytes.toString('utf8').trim();
    if (!/^[0-9a-f]{64}$/i.test(text)) throw new KeyFileError(this.path, 'malformed', `expected ${2 * KEY_BYTES} hex characters`);
    return Buffer.from(text, 'hex');
  }

  private encode(key: Buffer): Buffer {
    return this.encoding === 'raw' ? key : Buffer.from(`${key.toString('hex')}\n`, 'utf8');
  }
}
