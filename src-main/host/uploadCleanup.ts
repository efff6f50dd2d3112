// Uploads are plaintext copies of the analyst's files: each one is removed once the import that read it has ended
// (imported, failed or cancelled), and whatever a stopped host left behind is cleared when the next one starts.
import { rm } from 'node:fs/promises';
import { join, relative, resolve, isAbsolute } from 'node:path';
import type { Engine } from '../engine/app/createEngine.js';

/** Where POST /upload stores the files. */
export function uploadsDir(dataDir: string): string {
  return join(dataDir, 'uploads');
}

/** Removes every upload left by an earlier run (nothing can be importing them yet). */
export async function clearUploads(dataDir: string): Promise<void> {
  await rm(uploadsDir(dataDir), { recursive: true, force: true });
}

/** Whether `file` is a file inside the uploads folder. */
export function isUpload(dataDir: string, file: unknown): file is string {
  if (typeof file !== 'string' || file === '') return false;
  const rel = relative(resolve(uploadsDir(dataDir)), resolve(file));
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

/** The engine, with graph.import removing the upload it read once it has ended, whatever the outcome. */
export function removingUploads(engine: Engine, dataDir: string): Engine {
  return {
    ...engine,
    on: engine.on.bind(engine),
    ensureDemoGraph: () => engine.ensureDemoGraph(),
    close: () => engine.close(),
    dispatch: async (channel, request) => {
      const file = channel === 'graph.import' && request && typeof request === 'object' ? (request as { file?: unknown }).file : undefined;
      if (!isUpload(dataDir, file)) return engine.dispatch(channel, request);
      try {
        return await engine.dispatch(channel, request);
      } finally {
        // A cancelled import's last step may still hold the file open (Windows refuses the removal): the next start clears it.
        await rm(file, { force: true }).catch(() => undefined);
      }
    },
  };
}
