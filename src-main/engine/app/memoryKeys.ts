// The experience memory's key port, for a face that keeps the key its own way (the Electron shell seals it with
// safeStorage, shell/safeStorageMemoryKeyStore.ts): the port, the 0600 key file it falls back to, the key's size and
// file name, the error it raises, and whether a folder already holds a memory (whose key must not change).
export { FileKeyStore, KEY_BYTES, KEY_FILE, type KeyStore } from '../memory/keyStore.js';
export { MemoryKeyError } from '../memory/memoryErrors.js';
export { memoryExists } from './memoryFolder.js';
