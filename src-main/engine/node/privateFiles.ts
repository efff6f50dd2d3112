// Data readable by this user only: every file a face's process creates is 0600 and every folder 0700 (umask 077,
// which also covers files native libraries write, such as Kuzu's graph.kuzu), and the data folder itself is made
// 0700, which closes everything in a folder made by an older version to other local users.
import { chmodSync, mkdirSync } from 'node:fs';

export const PRIVATE_UMASK = 0o077;

/** Sets the process umask to 077 (no-op on Windows, where modes do not apply). */
export function privateFileModes(): void {
  if (process.platform !== 'win32') process.umask(PRIVATE_UMASK);
}

/** Creates the data folder if needed and makes it 0700. */
export function protectDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (process.platform !== 'win32') chmodSync(dir, 0o700);
}
