// The key port: where a 256-bit key at rest comes from. The experience memory and the exposure ledger each take a
// KeyStore; headless runs (CLI, host, tests) give them a FileKeyStore (engine/node/fileKeyStore.ts), the Electron
// shell a safeStorage-sealed one (src-main/shell/), so the engine never imports Electron.

/** Every key behind this port is 32 bytes (AES-256 / HKDF input). */
export const KEY_BYTES = 32;

export interface KeyStore {
  /** The 32-byte key; created on first use where the store may create one. */
  key(): Promise<Buffer>;
  /** Where the key lives, for messages (a path, or a path and how it is sealed). */
  readonly description: string;
}

/** A fixed key: tests, or a key a shell already unwrapped. Throws a RangeError for a key that is not 32 bytes. */
export function staticKeyStore(key: Uint8Array, description = 'supplied key'): KeyStore {
  if (key.length !== KEY_BYTES) throw new RangeError(`A key must be ${KEY_BYTES} bytes, not ${key.length}.`);
  const copy = Buffer.from(key);
  return { description, key: async () => copy };
}

/**
 * A key loaded once per store, every caller sharing the one load; a failure is not kept, so a fixed file (or a
 * keychain that came back) is picked up by the next call.
 */
export function loadOnceUntilFailure(load: () => Promise<Buffer>): () => Promise<Buffer> {
  let cached: Promise<Buffer> | undefined;
  return () =>
    (cached ??= load().catch((e: unknown) => {
      cached = undefined;
      throw e;
    }));
}
