// Where the Brain API key comes from. The CLI and the host read the environment; the Electron shell supplies a
// safeStorage-backed provider. The key is fetched per call and handed straight to the SDK, never stored here.

export interface KeyProvider {
  /** The API key, or undefined when none is configured. */
  apiKey(): Promise<string | undefined>;
}

export const BRAIN_KEY_ENV = 'CTRLG_BRAIN_API_KEY';

/** Reads the key from an environment variable (default CTRLG_BRAIN_API_KEY) at each call. */
export class EnvKeyProvider implements KeyProvider {
  constructor(
    private readonly variable = BRAIN_KEY_ENV,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  async apiKey(): Promise<string | undefined> {
    const v = this.env[this.variable]?.trim();
    return v ? v : undefined;
  }
}

/** A fixed key (tests, or a key the shell already decrypted). */
export class StaticKeyProvider implements KeyProvider {
  constructor(private readonly key: string | undefined) {}

  async apiKey(): Promise<string | undefined> {
    return this.key;
  }
}
