// The one key file rule (engine/node/fileKeyStore.ts) for the memory's and the ledger's keys: 32 random bytes,
// created exclusively with mode 0600 in a 0700 folder, refused when others can read it, not created beside data it
// protects, and both existing on-disk formats readable.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEY_BYTES, staticKeyStore } from '../../src-main/engine/core/keyStore.js';
import { ExposureLedger } from '../../src-main/engine/egress/exposure/exposureLedger.js';
import { LedgerKeyError } from '../../src-main/engine/egress/exposure/ledgerErrors.js';
import { MEMORY_KEY_FILE, memoryKeyError, memoryKeyStore } from '../../src-main/engine/memory/memoryKey.js';
import { MemoryKeyError } from '../../src-main/engine/memory/memoryErrors.js';
import { FileKeyStore, KeyFileError } from '../../src-main/engine/node/fileKeyStore.js';
import { folderId, resolveKeyDir, SeparateKeyStore } from '../../src-main/engine/node/keyFolder.js';
import { writeFileExclusive } from '../../src-main/engine/node/sealedFile.js';

const posix = process.platform !== 'win32';
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ctrlg-keys-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const mode = async (p: string) => (await stat(p)).mode & 0o777;

describe('FileKeyStore', () => {
  it('reads both existing formats: memory.key (64 hex characters) and ledger.key (32 raw bytes)', async () => {
    const memoryKey = randomBytes(32);
    const ledgerKey = randomBytes(32);
    // Exactly as earlier releases wrote them.
    await mkdir(join(dir, 'memory'), { mode: 0o700 });
    await writeFile(join(dir, 'memory', 'memory.key'), `${memoryKey.toString('hex')}\n`, { mode: 0o600 });
    await mkdir(join(dir, 'exposure'), { mode: 0o700 });
    await writeFile(join(dir, 'exposure', 'ledger.key'), ledgerKey, { mode: 0o600 });
    expect(await memoryKeyStore(join(dir, 'memory'), { create: false }).key()).toEqual(memoryKey);
    expect(await new FileKeyStore(join(dir, 'exposure', 'ledger.key'), { create: false }).key()).toEqual(ledgerKey);
  });

  it('creates 32 random bytes on first use, mode 0600 in a 0700 folder, in the store\'s encoding', async () => {
    const raw = new FileKeyStore(join(dir, 'exposure', 'ledger.key'));
    const key = await raw.key();
    expect(key).toHaveLength(KEY_BYTES);
    expect(await readFile(raw.path)).toEqual(key);
    const hex = memoryKeyStore(join(dir, 'memory')) as SeparateKeyStore;
    const key2 = await hex.key();
    // The memory's key lives in the key folder (CTRLG_KEYS, set per test file), under the memory folder's id.
    const hexPath = hex.path();
    expect(hexPath).toBe(join(resolveKeyDir(), folderId(join(dir, 'memory')), MEMORY_KEY_FILE));
    expect(await readFile(hexPath, 'utf8')).toBe(`${key2.toString('hex')}\n`);
    expect(hex.description).toBe(hexPath);
    if (posix) {
      expect(await mode(raw.path)).toBe(0o600);
      expect(await mode(hexPath)).toBe(0o600);
      expect(await mode(join(dir, 'exposure'))).toBe(0o700);
    }
    // The same key every time, in this store and in a new one; no temporary file left behind.
    expect(await raw.key()).toEqual(key);
    expect(await new FileKeyStore(raw.path).key()).toEqual(key);
    expect(await readdir(join(dir, 'exposure'))).toEqual(['ledger.key']);
  });

  it('agrees on one key when several stores create it at once', async () => {
    const path = join(dir, 'k', 'ledger.key');
    const keys = await Promise.all(Array.from({ length: 12 }, () => new FileKeyStore(path).key()));
    for (const k of keys) expect(k).toEqual(keys[0]);
    expect(await readFile(path)).toEqual(keys[0]);
    expect(await readdir(join(dir, 'k'))).toEqual(['ledger.key']);
    expect(await writeFileExclusive(path, Buffer.from('other'))).toBe(false);
    expect(await readFile(path)).toEqual(keys[0]);
  });

  it('does not create a key when told the protected data exists', async () => {
    const store = memoryKeyStore(dir, { create: false }) as SeparateKeyStore;
    const error = await store.key().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KeyFileError);
    expect(error).toMatchObject({ problem: 'missing', path: store.path() });
    expect(existsSync(store.path())).toBe(false);
    expect(existsSync(join(dir, MEMORY_KEY_FILE))).toBe(false);
    expect(memoryKeyError(error)).toBeInstanceOf(MemoryKeyError);
    expect((memoryKeyError(error) as Error).message).toMatch(/memory\.key is missing.*Nothing was changed/);
  });

  it('refuses a malformed key file, naming it', async () => {
    await writeFile(join(dir, 'short.key'), randomBytes(31), { mode: 0o600 });
    await expect(new FileKeyStore(join(dir, 'short.key')).key()).rejects.toMatchObject({ problem: 'malformed', detail: 'expected 32 bytes, found 31' });
    await writeFile(join(dir, 'memory.key'), 'not a key\n', { mode: 0o600 });
    const error = await memoryKeyStore(dir).key().catch((e: unknown) => e);
    expect(error).toMatchObject({ problem: 'malformed', path: join(dir, 'memory.key') });
    expect((memoryKeyError(error) as Error).message).toBe(`The memory key ${join(dir, 'memory.key')} is malformed (expected 64 hex characters); the memory was not touched.`);
    // Nothing was replaced.
    expect(await readFile(join(dir, 'memory.key'), 'utf8')).toBe('not a key\n');
  });

  it.skipIf(!posix)('refuses a key file other users can read, and each edge reports it as its own error', async () => {
    const path = join(dir, 'exposure', 'ledger.key');
    await new FileKeyStore(path).key();
    await chmod(path, 0o640);
    const error = await new FileKeyStore(path).key().catch((e: unknown) => e);
    expect(error).toMatchObject({ problem: 'exposed', mode: 0o640, path });
    await expect(ExposureLedger.open({ path: join(dir, 'exposure', 'ledger.enc'), keyStore: new FileKeyStore(path) })).rejects.toThrow(LedgerKeyError);
    expect((memoryKeyError(error) as Error).message).toBe(`The memory key ${path} is readable by other users (mode 640); run chmod 600 on it.`);
  });

  it('a static key store holds exactly 32 bytes', async () => {
    const key = randomBytes(32);
    expect(await staticKeyStore(key, 'test').key()).toEqual(key);
    expect(() => staticKeyStore(randomBytes(16))).toThrow(RangeError);
  });
});
