// Which files `graph.import` may read. Whoever holds the host's token can name any path, so a path is
// accepted only inside the data folder, the home folder, the bundled resources (the demo) and any folder the
// face adds, or when the analyst picked exactly that file in the native dialog. Paths are compared after
// resolving symlinks, so a link in the home folder to /etc/passwd is refused like the file itself.
import { realpath } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, relative, resolve } from 'node:path';
import { ApiError } from './apiError.js';

async function real(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch {
    // A folder that does not exist yet (a fresh data dir) still bounds the paths under it.
    return resolve(path);
  }
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

export class ImportPathPolicy {
  private readonly roots: string[];
  private readonly picked = new Set<string>();

  /** `roots`: folders imports may read; the home folder is added unless `home` is false (tests). */
  constructor(roots: readonly string[], home: string | false = homedir()) {
    this.roots = [...roots, ...(home ? [home] : [])].map((r) => resolve(r));
  }

  /** Remembers a file the analyst picked in the native dialog: it may be imported wherever it is. */
  async pick(path: string): Promise<void> {
    this.picked.add(await real(path));
  }

  /** The file's real path, or a typed error naming the rule (never anything read from the file). */
  async check(file: string): Promise<string> {
    const path = await real(resolve(file));
    if (this.picked.has(path)) return path;
    for (const root of this.roots) if (inside(await real(root), path)) return path;
    throw new ApiError(
      'invalid_request',
      `Cannot import ${file}: it is outside the folders an import may read (the data folder and your home folder). Pick the file with Browse…, or move it into one of them.`,
      { file, reason: 'path_not_allowed' },
    );
  }
}
