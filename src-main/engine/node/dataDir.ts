// Where graphs, memory and ledgers live. The Electron shell uses the same folder (app name "ctrlg-desktop").
// Linux keeps data in the XDG data folder ($XDG_DATA_HOME/ctrlg-desktop, ~/.local/share/…) and keys in the config
// folder ($XDG_CONFIG_HOME/ctrlg-desktop/keys, node/keyFolder.ts): the two must not nest, or a copy of the data
// would carry its keys. Versions before that kept data in $XDG_CONFIG_HOME/ctrlg-desktop itself; such a folder is
// moved to the data folder on first start (entry by entry, `keys` left where it is), so it keeps working. Where the
// move is impossible (another file system, a data folder already there) the old folder stays in use with a warning,
// and its keys are refused until CTRLG_KEYS names a folder outside it (keyFolder.ts says so).
import { existsSync, mkdirSync, readdirSync, renameSync, rmdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { assertLocalPath } from './localPath.js';

export const APP_DIR_NAME = 'ctrlg-desktop';

/** The platform's data folder for new installs (no side effects). */
export function platformDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home: string = homedir()): string {
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', APP_DIR_NAME);
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), APP_DIR_NAME);
  return join(env.XDG_DATA_HOME || join(home, '.local', 'share'), APP_DIR_NAME);
}

/** Where Linux data lived before it moved out of the config folder; undefined elsewhere. */
export function legacyDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home: string = homedir()): string | undefined {
  if (platform === 'darwin' || platform === 'win32') return undefined;
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), APP_DIR_NAME);
}

/** Entries of the old folder that are data (its `keys` subfolder is the new key folder, not data). */
function legacyEntries(dir: string): string[] {
  try {
    return readdirSync(dir).filter((e) => e !== 'keys');
  } catch {
    return [];
  }
}

export interface DataDirChoice {
  dir: string;
  /** Entries moved from the old folder on this call. */
  moved: string[];
  /** Why the old folder is still in use, or still holds data. */
  warning?: string;
}

/** The platform data folder, after moving an old Linux data folder into it (see the header). */
export function settleDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home: string = homedir()): DataDirChoice {
  const dir = platformDataDir(env, platform, home);
  const legacy = legacyDataDir(env, platform, home);
  const old = legacy ? legacyEntries(legacy) : [];
  if (!legacy || old.length === 0) return { dir, moved: [] };
  if (existsSync(dir) && readdirSync(dir).length > 0)
    return { dir, moved: [], warning: `${legacy} still holds data from an older version (${old.join(', ')}); ${dir} is used. Move what you need by hand.` };
  const moved: string[] = [];
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    for (const entry of old) {
      renameSync(join(legacy, entry), join(dir, entry));
      moved.push(entry);
    }
  } catch (e) {
    if (moved.length === 0) {
      try {
        rmdirSync(dir);
      } catch {
        /* not empty or not ours: leave it */
      }
      return { dir: legacy, moved, warning: `${legacy} could not be moved to ${dir} (${(e as Error).message}); it stays in use. Move it by hand, or set CTRLG_KEYS to a folder outside it.` };
    }
    return { dir, moved, warning: `only part of ${legacy} was moved to ${dir} (${(e as Error).message}); move the rest by hand.` };
  }
  return { dir, moved };
}

/** --data flag, then CTRLG_DATA, then the platform's app-data folder (an old Linux folder moved into it first). */
export function resolveDataDir(flag?: string, env: NodeJS.ProcessEnv = process.env): string {
  if (flag) return resolve(assertLocalPath(flag, '--data'));
  if (env.CTRLG_DATA) return resolve(assertLocalPath(env.CTRLG_DATA, 'CTRLG_DATA'));
  const choice = settleDataDir(env);
  if (choice.warning) process.stderr.write(`ctrlg: ${choice.warning}\n`);
  return choice.dir;
}
