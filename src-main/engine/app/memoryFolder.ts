// The experience memory in a folder (<data>/memory, or `--memory DIR`), for the CLI's memory command: whether one is
// there, an audit against the names and ids of the data dir's graphs, the records, deleting some, maintenance. Each
// call opens the store and closes it again; nothing here creates a key or a table (check memoryExists first). The
// app's memory browser goes through MemoryService instead, over the store it keeps open.
import { join } from 'node:path';
import { leakDictionaries } from '../memory/leakDictionaries.js';
import { GraphLibrary } from '../import/graphLibrary.js';
import { auditMemory, type AuditReport } from '../memory/auditMemory.js';
import type { ExperienceRecord } from '../memory/experienceRecord.js';
import { ExperienceStore } from '../memory/experienceStore.js';
import { graphDictionaries } from '../memory/graphDictionaries.js';
import { maintainMemory, type MaintenanceReport } from '../memory/maintainMemory.js';
import { MEMORY_DIR } from './memoryService.js';

export type { AuditReport, ExperienceRecord, MaintenanceReport };

/** The data dir's memory folder. */
export function defaultMemoryDir(dataDir: string): string {
  return join(dataDir, MEMORY_DIR);
}

/** True when `dir` holds an experience memory (an absent one is an empty one; looking never creates it). */
export function memoryExists(dir: string): boolean {
  return ExperienceStore.exists(dir);
}

async function withStore<T>(dir: string, fn: (store: ExperienceStore) => Promise<T>): Promise<T> {
  const store = await ExperienceStore.open(dir);
  try {
    return await fn(store);
  } finally {
    store.close();
  }
}

/** Audits the memory against the names and ids of one graph, or of every graph in the data dir. */
export async function auditMemoryFolder(dir: string, dataDir: string, options: { graph?: string; k: number }): Promise<{ report: AuditReport; graphs: string[] }> {
  const library = new GraphLibrary(dataDir);
  let dict;
  try {
    dict = await graphDictionaries(library, options.graph ? [options.graph] : undefined);
  } finally {
    await library.close();
  }
  const { names, ids, graphs } = dict;
  const report = await withStore(dir, (store) => auditMemory(store, { ...leakDictionaries(names, ids), k: options.k }));
  return { report, graphs };
}

/** Every record (decrypted locally). */
export function listMemoryFolder(dir: string): Promise<ExperienceRecord[]> {
  return withStore(dir, (store) => store.list());
}

/** Deletes records by id; how many there were. */
export function deleteFromMemoryFolder(dir: string, ids: string[]): Promise<number> {
  return withStore(dir, (store) => store.delete(ids));
}

/** Merges near-duplicates, prunes stale and failing records, re-weights the rest. */
export function maintainMemoryFolder(dir: string): Promise<MaintenanceReport> {
  return withStore(dir, (store) => maintainMemory(store));
}
