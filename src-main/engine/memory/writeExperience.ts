// Write-back after verification (success or failure): a new record, or, when a retrieved hit is the same
// experience, that record with its counters and template counts advanced. And the feedback of a reuse.
import { randomBytes } from 'node:crypto';
import type { AbstractTrace, ExperienceRecord } from './experienceRecord.js';
import type { ExperienceStore } from './experienceStore.js';
import { experienceWeight } from './maintainMemory.js';
import { UnknownExperienceError } from './memoryErrors.js';
import { mergeRecords, redundancyKey } from './redundancy.js';
import type { NameScanner } from '../core/nameScanner.js';

/** Random ids: nothing about the content can be read from them. */
export function newExperienceId(): string {
  return `xp-${randomBytes(8).toString('hex')}`;
}

export function newExperienceRecord(
  trace: AbstractTrace,
  vectors: { questionVector: Float32Array; indicatorVector: Float32Array },
  now = Date.now(),
): ExperienceRecord {
  const record: ExperienceRecord = {
    ...trace,
    id: newExperienceId(),
    questionVector: vectors.questionVector,
    indicatorVector: vectors.indicatorVector,
    counters: { uses: 0, successes: 0 },
    weight: 0,
    createdAt: now,
    updatedAt: now,
  };
  return { ...record, weight: experienceWeight(record) };
}

export interface WriteBackOptions {
  /** The graph's names (and those this session touched): a trace mentioning one is refused. */
  names?: NameScanner;
  /** The graph's ids. */
  ids?: NameScanner;
  /** Records retrieved for this question: one that is the same experience is updated instead of duplicated. */
  similar?: ExperienceRecord[];
  now?: number;
}

/** Stores an abstract trace (validated; LeakyTraceError when it is not abstract). */
export async function writeExperience(
  store: ExperienceStore,
  trace: AbstractTrace,
  vectors: { questionVector: Float32Array; indicatorVector: Float32Array },
  options: WriteBackOptions = {},
): Promise<{ id: string; merged: boolean }> {
  const fresh = newExperienceRecord(trace, vectors, options.now);
  const key = redundancyKey(fresh);
  const same = options.similar?.find((r) => redundancyKey(r) === key);
  if (!same) {
    await store.add(fresh, { names: options.names, ids: options.ids });
    return { id: fresh.id, merged: false };
  }
  // Re-read: the retrieved copy may be stale (another write since, or a buffered retrieval).
  const current = (await store.get(same.id)) ?? same;
  const merged = mergeRecords(current, fresh);
  await store.put({ ...merged, weight: experienceWeight(merged) }, { names: options.names, ids: options.ids });
  return { id: current.id, merged: true };
}

/** Feedback after a reused analysis was (or was not) verified. */
export async function recordReuse(store: ExperienceStore, id: string, verified: boolean, now = Date.now()): Promise<ExperienceRecord> {
  const r = await store.get(id);
  if (!r) throw new UnknownExperienceError(id);
  const counters = { uses: r.counters.uses + 1, successes: r.counters.successes + (verified ? 1 : 0) };
  const next: ExperienceRecord = { ...r, counters, lastUsedAt: now, updatedAt: now };
  const updated = { ...next, weight: experienceWeight(next) };
  await store.put(updated);
  return updated;
}
