// Where the Brain's API key is kept, for the settings channels: the Electron shell stores it with safeStorage
// (shell/safeStorageKeyStore.ts), the headless host reads CTRLG_BRAIN_API_KEY and cannot store one, tests keep it
// in memory. Every store is also the gateway's KeyProvider, so the key is read per call and never cached here.
import { BRAIN_KEY_ENV, type KeyProvider } from '../egress/brain/keyProvider.js';

export interface BrainKeyStore extends KeyProvider {
  readonly storage: 'safeStorage' | 'env' | 'memory';
  /** False where the key comes from outside (the environment) and the UI cannot set it. */
  readonly writable: boolean;
  /** Stores a key, or forgets it (undefined). Throws where the store is not writable. */
  setKey(key: string | undefined): Promise<void>;
}

export class ReadOnlyKeyStoreError extends Error {
  constructor() {
    super(`The headless host reads the Brain API key from ${BRAIN_KEY_ENV}; set it there (it is not stored by the host).`);
    this.name = 'ReadOnlyKeyStoreError';
  }
}

/** The host's store: the key is whatever the environment holds at each call. */
export class EnvBrainKeyStore implements BrainKeyStore {
  readonly storage = 'env' as const;
  readonly writable = false;

  constructor(private readonly env: NodeJS.ProcessEnv = process.env) {}

  async apiKey(): Promise<string | undefined> {
    return this.env[BRAIN_KEY_ENV]?.trim() || undefined;
  }

  async setKey(): Promise<void> {
    throw new ReadOnlyKeyStoreError();
  }
}

/** A key held for the life of the process (tests). */
export class MemoryBrainKeyStore implements BrainKeyStore {
  readonly storage = 'memory' as const;
  readonly writable = true;
  private key: string | undefined;

  async apiKey(): Promise<string | undefined> {
    return this.key;
  }

  async setKey(key: string | undefined): Promise<void> {
    this.key = key?.trim() || undefined;
  }
}
