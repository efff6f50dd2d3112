// The memory's key: headless, `<memoryDir>/memory.key` (64 hex characters, the format memory keys have always had)
// through the one FileKeyStore; and the MemoryKeyError a key failure becomes at the memory's edge
// (ExperienceStore.open), whichever KeyStore supplied it.
import { join } from 'node:path';
import { FileKeyStore, KeyFileError } from '../node/fileKeyStore.js';
import { MemoryKeyError } from './memoryErrors.js';

export const MEMORY_KEY_FILE = 'memory.key';

/** `create: false` for a memory that already exists: a lost key must not be silently replaced by a new one. */
export function memoryKeyStore(memoryDir: string, options: { create?: boolean } = {}): FileKeyStore {
  return new FileKeyStore(join(memoryDir, MEMORY_KEY_FILE), { encoding: 'hex', ...options });
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
