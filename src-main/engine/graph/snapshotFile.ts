// Reading and writing the graph snapshot file (graphSnapshot.ts): one read of the whole file, an atomic write
// (temporary file, then rename), and a verdict the library acts on — use it, or rebuild it and why.
import { randomBytes } from 'node:crypto';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { decodeSnapshot, encodeSnapshot, snapshotHeader, SnapshotError } from './graphSnapshot.js';
import type { MemoryGraph } from './memoryGraph.js';

export type SnapshotRead =
  | { kind: 'ok'; graph: MemoryGraph }
  | { kind: 'missing' }
  /** Made from another state of the database (an older import): rebuilt without a word. */
  | { kind: 'stale' }
  /** Damaged, truncated or of another version: rebuilt, and the reason reported. */
  | { kind: 'unusable'; error: SnapshotError };

/** The snapshot at `file` if it was made from the database state `stamp` and is intact. */
export async function readSnapshotFile(file: string, name: string, stamp: string): Promise<SnapshotRead> {
  let buf: Buffer;
  try {
    buf = await readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    return { kind: 'unusable', error: new SnapshotError(file, `cannot read it (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`) };
  }
  try {
    if (snapshotHeader(buf, file).stamp !== stamp) return { kind: 'stale' };
    return { kind: 'ok', graph: decodeSnapshot(name, buf, file) };
  } catch (err) {
    if (err instanceof SnapshotError) return { kind: 'unusable', error: err };
    // Whatever else a damaged file provokes (a typed-array range, a string too long) is a damaged file too.
    return { kind: 'unusable', error: new SnapshotError(file, `damaged (${(err as Error).message})`) };
  }
}

/** Writes the snapshot beside its final name, then renames it into place (readers see the old or the new file). */
export async function writeSnapshotFile(file: string, graph: MemoryGraph, stamp: string): Promise<void> {
  const tmp = `${file}.tmp-${randomBytes(4).toString('hex')}`;
  const handle = await open(tmp, 'w', 0o600);
  try {
    const chunks = encodeSnapshot(graph, stamp);
    let position = 0;
    for (const chunk of chunks) {
      await handle.write(chunk, 0, chunk.byteLength, position);
      position += chunk.byteLength;
    }
    await handle.sync();
  } catch (err) {
    await handle.close().catch(() => undefined);
    await rm(tmp, { force: true });
    throw err;
  }
  await handle.close();
  try {
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}
