// Where graphs, memory and ledgers live. The Electron shell uses the same folder (app name "ctrlg-desktop").
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export const APP_DIR_NAME = 'ctrlg-desktop';

export function platformDataDir(): string {
  const home = homedir();
  if (process.platform === 'darwin') return join(home, 'Library', 'Application Support', APP_DIR_NAME);
  if (process.platform === 'win32') return join(process.env.APPDATA ?? join(home, 'AppData', 'Roaming'), APP_DIR_NAME);
  return join(process.env.XDG_CONFIG_HOME ?? join(home, '.config'), APP_DIR_NAME);
}

/** --data flag, then CTRLG_DATA, then the platform's app-data folder. */
export function resolveDataDir(flag?: string): string {
  if (flag) return resolve(flag);
  if (process.env.CTRLG_DATA) return resolve(process.env.CTRLG_DATA);
  return platformDataDir();
}
