// Keys away from the data they protect (CLI and host; the Electron shell seals its keys with safeStorage). A copy
// or backup of a data folder then carries no key: the ledger key, the audit key and the memory key live in a key
// folder of their own, one subfolder per protected folder:
//   <key folder>/<folder id>/<name>       key folder: CTRLG_KEYS, else $XDG_CONFIG_HOME/ctrlg-desktop/keys
//                                         (~/.config/…; %LOCALAPPDATA%\ctrlg-desktop\keys on Windows)
// The folder id is a random id kept in the protected folder (`folder.id`), so a moved data folder still finds its
// keys, and two data folders never share one. An env variable (64 hex characters) supplies a key instead of any file.
// Key files from before (`<data>/exposure/ledger.key`, `<memory>/memory.key`) are moved into the key folder on first
// use (linked there exclusively, then removed from the data folder), so existing data stays readable.
// A key folder inside the protected folder is refused: that would be the old layout under another name.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { KEY_BYTES, loadOnceUntilFailure, type KeyStore } from '../core/keyStore.js';
import { FileKeyStore, KeyFileError, type KeyFileEncoding } from './fileKeyStore.js';
import { writeFileExclusive } from './sealedFile.js';
import { isInside } from './pathInside.js';

export const KEYS_DIR_ENV = 'CTRLG_KEYS';
export const FOLDER_ID_FILE = 'folder.id';
const APP = 'ctrlg-desktop';

/** The platform's key folder: beside the app's config, never inside a data folder (see dataDir.ts). */
export function platformKeyDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home: string = homedir()): string {
  if (platform === 'win32') return join(env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), APP, 'keys');
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), APP, 'keys');
}

/** CTRLG_KEYS, else the platform's key folder. */
export function resolveKeyDir(env: NodeJS.ProcessEnv = process.env): string {
  return env[KEYS_DIR_ENV] ? resolve(env[KEYS_DIR_ENV]) : platformKeyDir(env);
}

/** The protected folder's id, created (random, exclusively) on first use. */
export function folderId(folder: string): string {
  const file = join(folder, FOLDER_ID_FILE);
  const read = (): string | undefined => {
    try {
      const id = readFileSync(file, 'utf8').trim();
      if (!/^[0-9a-f]{32}$/.test(id)) throw new KeyFileError(file, 'malformed', 'the folder id is not 32 hex characters');
      return id;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
  };
  const existing = read();
  if (existing) return existing;
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, `${randomBytes(16).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  const id = read();
  if (!id) throw new KeyFileError(file, 'io', 'the folder id could not be created');
  return id;
}

export interface KeyLocation {
  /** The folder whose data the key protects (the data folder, a memory folder). */
  folder: string;
  /** The key file's name (ledger.key, audit.key, memory.key). */
  name: string;
  /** Where this key was kept before: moved into the key folder on first use. */
  legacy?: string;
  /** Variable that supplies the key as 64 hex characters instead of a file. */
  envVar?: string;
  encoding?: KeyFileEncoding;
  /** `false` when the protected data exists: a missing key is an error, never replaced. */
  create?: boolean;
  /** Defaults to resolveKeyDir(). */
  keyDir?: string;
  env?: NodeJS.ProcessEnv;
}

/** A key from an env variable (64 hex characters), or a key file in the key folder: see the header. */
export class SeparateKeyStore implements KeyStore {
  private resolved: string | undefined;

  constructor(readonly location: KeyLocation) {}

  private get env(): NodeJS.ProcessEnv {
    return this.location.env ?? process.env;
  }

  get description(): string {
    const { envVar, name } = this.location;
    if (envVar && this.env[envVar]) return `$${envVar}`;
    return this.resolved ?? join(this.location.keyDir ?? resolveKeyDir(this.env), '<folder id>', name);
  }

  /** The key file's path in the key folder (creates the folder id when there is none). */
  path(): string {
    const keyDir = this.location.keyDir ?? resolveKeyDir(this.env);
    if (isInside(keyDir, this.location.folder))
      throw new KeyFileError(keyDir, 'io', `the key folder is inside the folder it protects (${this.location.folder}); set ${KEYS_DIR_ENV} to a folder outside it`);
    this.resolved = join(keyDir, folderId(this.location.folder), this.location.name);
    return this.resolved;
  }

  /** The key, read (or created) once per store; a failure is not kept, so a fixed file is picked up. */
  readonly key = loadOnceUntilFailure(() => this.load());

  private async load(): Promise<Buffer> {
    const { envVar, legacy, encoding = 'raw', create } = this.location;
    const supplied = envVar ? this.env[envVar]?.trim() : undefined;
    if (envVar && supplied) {
      if (!/^[0-9a-fA-F]{64}$/.test(supplied)) throw new KeyFileError(`$${envVar}`, 'malformed', `expected ${2 * KEY_BYTES} hex characters`);
      return Buffer.from(supplied, 'hex');
    }
    const path = this.path();
    if (!existsSync(path) && legacy && existsSync(legacy)) return this.migrate(legacy, path, encoding);
    return new FileKeyStore(path, { encoding, ...(create === undefined ? {} : { create }) }).key();
  }

  /** Moves a key file from the data folder into the key folder: linked there exclusively, then removed. */
  private async migrate(legacy: string, path: string, encoding: KeyFileEncoding): Promise<Buffer> {
    const key = await new FileKeyStore(legacy, { encoding, create: false }).key();
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    const bytes = encoding === 'raw' ? key : Buffer.from(`${key.toString('hex')}\n`, 'utf8');
    if (!(await writeFileExclusive(path, bytes))) {
      // Another process moved it first: both must hold the same key, or one of them would be locked out.
      const theirs = await new FileKeyStore(path, { encoding, create: false }).key();
      if (!theirs.equals(key)) throw new KeyFileError(path, 'io', `it differs from the older key file ${legacy}; keep the one that opens the data and remove the other`);
    }
    await unlink(legacy).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw new KeyFileError(legacy, 'io', `it was copied to ${path} but could not be removed: ${e.message}`);
    });
    return key;
  }
}
