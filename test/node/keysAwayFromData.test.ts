// Keys away from the data they protect, for the CLI and the host: the default key folder is beside the app's config
// ($XDG_CONFIG_HOME/ctrlg-desktop/keys) and the default data folder in $XDG_DATA_HOME, so the two never nest; an old
// data folder in the config folder is moved out on first start; key files left in the data by older versions are
// moved into the key folder and still open their data; an env variable can supply a key; the data folder is 0700
// and what the CLI writes into it 0600 (graph.kuzu included). Every path here is under a temporary HOME.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ledgerKeyStore, ledgerPaths } from '../../src-main/engine/egress/exposure/ledgerPaths.js';
import { legacyDataDir, platformDataDir, resolveDataDir, settleDataDir } from '../../src-main/engine/node/dataDir.js';
import { KeyFileError } from '../../src-main/engine/node/fileKeyStore.js';
import { folderId, platformKeyDir, resolveKeyDir, SeparateKeyStore } from '../../src-main/engine/node/keyFolder.js';
import { isInside } from '../../src-main/engine/node/pathInside.js';
import { runCliCaptured } from '../helpers/runCliCaptured.js';

const posix = process.platform !== 'win32';
let home: string;
let env: NodeJS.ProcessEnv;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'ctrlg-home-'));
  env = { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_DATA_HOME: join(home, '.local', 'share') };
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const mode = (p: string): number => statSync(p).mode & 0o777;
/** Every file under `dir` whose name ends in .key (a key file). */
const keyFilesUnder = (dir: string): string[] => readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.key'));

describe('default folders', () => {
  it('puts keys in the config folder and data in the data folder, never one inside the other', () => {
    const data = platformDataDir(env, 'linux', home);
    const keys = platformKeyDir(env, 'linux', home);
    expect(data).toBe(join(home, '.local', 'share', 'ctrlg-desktop'));
    expect(keys).toBe(join(home, '.config', 'ctrlg-desktop', 'keys'));
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      const d = platformDataDir({ ...env, APPDATA: join(home, 'Roaming'), LOCALAPPDATA: join(home, 'Local') }, platform, home);
      const k = platformKeyDir({ ...env, APPDATA: join(home, 'Roaming'), LOCALAPPDATA: join(home, 'Local') }, platform, home);
      expect(isInside(k, d), platform).toBe(false);
      expect(isInside(d, k), platform).toBe(false);
    }
    expect(resolveKeyDir({ ...env, CTRLG_KEYS: join(home, 'elsewhere') })).toBe(join(home, 'elsewhere'));
  });

  it('moves an old data folder out of the config folder on first start, leaving its keys folder', () => {
    const legacy = legacyDataDir(env, 'linux', home)!;
    mkdirSync(join(legacy, 'graphs', 'demo'), { recursive: true });
    writeFileSync(join(legacy, 'graphs', 'demo', 'graph.kuzu'), 'db');
    mkdirSync(join(legacy, 'keys'), { recursive: true });
    const choice = settleDataDir(env, 'linux', home);
    expect(choice).toEqual({ dir: join(home, '.local', 'share', 'ctrlg-desktop'), moved: ['graphs'] });
    expect(readFileSync(join(choice.dir, 'graphs', 'demo', 'graph.kuzu'), 'utf8')).toBe('db');
    expect(readdirSync(legacy)).toEqual(['keys']);
    // A second start finds nothing left to move.
    expect(settleDataDir(env, 'linux', home)).toEqual({ dir: choice.dir, moved: [] });
    // --data and CTRLG_DATA still win.
    expect(resolveDataDir(undefined, { ...env, CTRLG_DATA: join(home, 'mine') })).toBe(join(home, 'mine'));
  });

  it('leaves an old folder in place with a warning when the new one already holds data', () => {
    const legacy = legacyDataDir(env, 'linux', home)!;
    mkdirSync(join(legacy, 'graphs'), { recursive: true });
    mkdirSync(join(platformDataDir(env, 'linux', home), 'memory'), { recursive: true });
    const choice = settleDataDir(env, 'linux', home);
    expect(choice.dir).toBe(platformDataDir(env, 'linux', home));
    expect(choice.warning).toMatch(/still holds data from an older version \(graphs\)/);
    expect(existsSync(join(legacy, 'graphs'))).toBe(true);
  });
});

describe('SeparateKeyStore', () => {
  it('keeps the key under the folder id in the key folder, and a moved data folder still finds it', async () => {
    const keyDir = join(home, 'keys');
    const data = join(home, 'data');
    const store = new SeparateKeyStore({ folder: data, name: 'ledger.key', keyDir, env: {} });
    const key = await store.key();
    expect(store.path()).toBe(join(keyDir, folderId(data), 'ledger.key'));
    expect(keyFilesUnder(data)).toEqual([]);
    if (posix) {
      expect(mode(store.path())).toBe(0o600);
      expect(mode(join(keyDir, folderId(data)))).toBe(0o700);
    }
    const moved = join(home, 'moved-data');
    mkdirSync(moved);
    writeFileSync(join(moved, 'folder.id'), readFileSync(join(data, 'folder.id')));
    expect(await new SeparateKeyStore({ folder: moved, name: 'ledger.key', keyDir, env: {} }).key()).toEqual(key);
    // Another data folder gets its own key.
    expect(await new SeparateKeyStore({ folder: join(home, 'other'), name: 'ledger.key', keyDir, env: {} }).key()).not.toEqual(key);
  });

  it('moves a key file left in the data folder into the key folder; the old ledger still opens', async () => {
    const data = join(home, 'data');
    const old = ledgerPaths(data).key;
    const key = randomBytes(32);
    mkdirSync(join(data, 'exposure'), { recursive: true, mode: 0o700 });
    writeFileSync(old, key, { mode: 0o600 });
    const store = ledgerKeyStore(data, { CTRLG_KEYS: join(home, 'keys') }) as SeparateKeyStore;
    expect(await store.key()).toEqual(key);
    expect(existsSync(old)).toBe(false);
    expect(readFileSync(store.path())).toEqual(key);
    expect(keyFilesUnder(data)).toEqual([]);
  });

  it('takes a key from the environment (64 hex characters) without writing any file, and refuses a bad one', async () => {
    const key = randomBytes(32);
    const data = join(home, 'data');
    const store = ledgerKeyStore(data, { CTRLG_KEYS: join(home, 'keys'), CTRLG_LEDGER_KEY: key.toString('hex') });
    expect(await store.key()).toEqual(key);
    expect(store.description).toBe('$CTRLG_LEDGER_KEY');
    expect(existsSync(join(home, 'keys'))).toBe(false);
    await expect(ledgerKeyStore(data, { CTRLG_LEDGER_KEY: 'abc' }).key()).rejects.toMatchObject({ problem: 'malformed', path: '$CTRLG_LEDGER_KEY' });
  });

  it('refuses a key folder inside the folder it protects, with what to do', async () => {
    const data = join(home, 'data');
    const error = await new SeparateKeyStore({ folder: data, name: 'audit.key', keyDir: join(data, 'keys'), env: {} }).key().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KeyFileError);
    expect((error as Error).message).toMatch(/inside the folder it protects.*set CTRLG_KEYS to a folder outside it/);
    expect(existsSync(join(data, 'keys'))).toBe(false);
  });
});

describe.skipIf(!posix)('data folder permissions', () => {
  it('the CLI makes the data folder 0700 and what it writes 0600, graph.kuzu included; no key file in it', async () => {
    const data = join(home, 'data');
    mkdirSync(data, { mode: 0o755 });
    chmodSync(data, 0o755);
    const triples = join(home, 'films.tsv');
    writeFileSync(triples, 'Top Hat\tdirected_by\tMark Sandrich\nTop Hat\tstarring\tFred Astaire\n', { mode: 0o644 });
    const before = process.umask();
    try {
      const run = await runCliCaptured(['import', triples, '--graph', 'films', '--data', data]);
      expect(run, run.err).toMatchObject({ code: 0, out: expect.stringContaining('Imported 2 triples') });
    } finally {
      process.umask(before);
    }
    expect(mode(data)).toBe(0o700);
    const entries = readdirSync(data, { recursive: true, withFileTypes: true });
    const kuzu = entries.filter((e) => e.name === 'graph.kuzu');
    expect(kuzu.length).toBeGreaterThan(0);
    for (const e of entries) {
      const p = join(e.parentPath, e.name);
      if (e.isDirectory()) expect(mode(p), p).toBe(0o700);
      else if (e.isFile()) expect(mode(p) & 0o077, p).toBe(0);
    }
    expect(keyFilesUnder(data)).toEqual([]);
  }, 120_000);
});
