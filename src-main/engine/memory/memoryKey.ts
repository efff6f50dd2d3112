// The memory's key: headless, $CTRLG_MEMORY_KEY or `<key folder>/<memory folder id>/memory.key` (64 hex characters,
// the format memory keys have always had), away from the memory it protects (node/keyFolder.ts); a memory.key left
// inside the memory folder by an older version is moved there on first use. And the MemoryKeyError a key failure
// becomes at the memory's edge (ExperienceStore.open), whichever KeyStore supplied it.
import { join } from 'node:path';
import type { KeyStore } from '../core/keyStore.js';
import { KeyFileError } from '../node/fileKeyStore.js';
import { SeparateKeyStore } from '../node/keyFolder.js';
import { MemoryKeyError } from './memoryErrors.js';

export const MEMORY_KEY_FILE = 'memory.key';
export const MEMORY_KEY_ENV = 'CTRLG_MEMORY_KEY';

/** `create: false` for a memory that already exists: a lost key must not be silently replaced by a new one. */
export function memoryKeyStore(memoryDir: string, options: { create?: boolean; env?: NodeJS.ProcessEnv } = {}): KeyStore {
  return new SeparateKeyStore({
    folder: memoryDir,
    name: MEMORY_KEY_FILE,
    legacy: join(memoryDir, MEMORY_KEY_FILE),
    envVar: MEMORY_KEY_ENV,
    encoding: 'hex',
    ...(options.create === undefined ? {} : { create: options.create }),
    ...(options.env ? { env: options.env } : {}),
  });
}

/** A KeyFileError as the memory reports it (saying that nothing was changed); anything else as it is. */
export function memoryKeyError(e: unknown): unknown {
  if (!(e instanceof KeyFileError)) return e;
  const { path } = e;
  switch (e.problem) {
    case 'missing':
      return new MemoryKeyError(`The memory key ${path} is missing; the memory next to it cannot be read without it. Nothing was changed.`);
    case 'exposed':
      return new MemoryKeyError(`The memory key ${path} is readable by other users (mode ${(e.mode ?? 0).toString(8)}); run chmod 600 on it.`);
    case 'malformed':
      return new MemoryKeyError(`The memory key ${path} is malformed (${e.detail}); the memory was not touched.`);
    default:
      return new MemoryKeyError(`The memory key ${path} cannot be read or created (${e.detail}). Nothing was changed.`);
  }
}
