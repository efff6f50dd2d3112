// The experience memory's AES-256 key in the Electron shell: a random key sealed with safeStorage in
// <data>/memory/memory.key.enc (safeStorageSealedKeyStore.ts), so the records on disk cannot be read without this
// user's login. A memory created headless keeps its file key; without OS encryption the headless key file is used.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MEMORY_KEY_FILE, memoryExists, memoryKeyStore, MemoryKeyError, type KeyStore } from '../engine/app/memoryKeys.js';
import { SafeStorageSealedKeyStore } from './safeStorageSealedKeyStore.js';

export const SEALED_KEY_FILE = 'memory.key.enc';

export function safeStorageMemoryKeyStore(memoryDir: string): KeyStore {
  const fileKeys = memoryKeyStore(memoryDir, { create: !memoryExists(memoryDir) });
  return new SafeStorageSealedKeyStore({
    sealedPath: join(memoryDir, SEALED_KEY_FILE),
    fileKeys,
    // A key file left in the memory folder by an older version, or a memory that already exists, keeps its file key.
    keepFileKey: () => existsFileKey(memoryDir) || memoryExists(memoryDir),
    error: (message) => new MemoryKeyError(message.replace('The key', 'The memory key')),
  });
}

function existsFileKey(memoryDir: string): boolean {
  return existsSync(join(memoryDir, MEMORY_KEY_FILE));
}
