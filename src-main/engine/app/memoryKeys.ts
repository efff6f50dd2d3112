// The experience memory's key port, for a face that keeps the key its own way (the Electron shell seals it with
// safeStorage, shell/safeStorageMemoryKeyStore.ts): the port, the 0600 key file it falls back to (one creation rule,
// node/fileKeyStore.ts), the key's size and file name, the error it raises, and whether a folder already holds a
// memory (whose key must not change).
export { KEY_BYTES, loadOnceUntilFailure, type KeyStore } from '../core/keyStore.js';
export { MEMORY_KEY_FILE, memoryKeyStore } from '../memory/memoryKey.js';
export { MemoryKeyError } from '../memory/memoryErrors.js';
export { memoryExists } from './memoryFolder.js';
