// Reading and writing the graph snapshot file (graphSnapshot.ts): the whole file read in parallel slices, an atomic
// write (temporary file, then rename), and a verdict the library acts on — use it, or rebuild it and why.
import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
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
    buf = await readWhole(file);
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

/** Bytes read at once by one worker thread; a 10M-triple graph's snapshot (~870 MB) is read in ~14 of them. */
const SLICE = 64 << 20;

/**
 * The whole file, its slices read side by side on libuv's worker threads: readFile reads a large file half a MiB
 * at a time, one after the other, which is half the cold start of a question on a 10M-triple graph.
 */
export async function readWhole(file: string, sliceBytes = SLICE): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const size = (await handle.stat()).size;
    // Not from the small-buffer pool: the typed-array views decodeSnapshot makes need an aligned start.
    const buf = Buffer.allocUnsafeSlow(size);
    const slice = async (from: number, to: number): Promise<void> => {
      for (let at = from; at < to; ) {
        const { bytesRead } = await handle.read(buf, at, to - at, at);
        // The file shrank while being read (truncated in place): unusable, so it is rebuilt.
        if (bytesRead === 0) throw new Error(`${file} ended at byte ${at} of ${size}`);
        at += bytesRead;
      }
    };
    const jobs: Promise<void>[] = [];
    for (let from = 0; from < size; from += sliceBytes) jobs.push(slice(from, Math.min(size, from + sliceBytes)));
    await Promise.all(jobs);
    return buf;
  } finally {
    await handle.close();
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
