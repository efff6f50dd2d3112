// Keeps the memory small and its ranking honest: redundant records merged, low-value ones pruned, every record
// re-weighted from its uses and successes. The planning steps are pure; maintainMemory applies them to a store.
import { maxSeen, type ExperienceRecord } from './experienceRecord.js';
import type { ExperienceStore } from './experienceStore.js';
import { mergeRecords, redundancyKey } from './redundancy.js';

const DAY_MS = 86_400_000;

export interface PrunePolicy {
  /** A record never reused and older than this goes (default 60 days). */
  unusedMaxAgeMs: number;
  /** Failed/unanswered-only records kept, newest first (default 200). */
  maxFailed: number;
  /** After this many reuses, a record succeeding less often than minSuccessRate goes (default 5, 0.2). */
  minUses: number;
  minSuccessRate: number;
}

export const DEFAULT_PRUNE_POLICY: PrunePolicy = { unusedMaxAgeMs: 60 * DAY_MS, maxFailed: 200, minUses: 5, minSuccessRate: 0.2 };

/**
 * Ranking weight in [0, 1]: Laplace-smoothed success rate, scaled up with evidence (reuses and sessions that saw
 * its templates). A new verified record starts at 0.3; failed records count half.
 */
export function experienceWeight(r: Pick<ExperienceRecord, 'counters' | 'templates' | 'outcome'>): number {
  const { uses, successes } = r.counters;
  const rate = (successes + 1) / (uses + 2);
  const evidence = 1 - Math.exp(-(uses + maxSeen(r)) / 4);
  const w = rate * (0.5 + 0.5 * evidence);
  return r.outcome === 'verified' ? w : w / 2;
}

/** Groups redundant records; each group becomes its oldest member with the others merged in. Pure. */
export function planMerges(records: ExperienceRecord[]): { merged: ExperienceRecord[]; removed: string[] } {
  const groups = new Map<string, ExperienceRecord[]>();
  for (const r of records) {
    const key = redundancyKey(r);
    const g = groups.get(key);
    if (g) g.push(r);
    else groups.set(key, [r]);
  }
  const merged: ExperienceRecord[] = [];
  const removed: string[] = [];
  for (const g of groups.values()) {
    if (g.length < 2) continue;
    g.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
    merged.push(g.slice(1).reduce(mergeRecords, g[0]));
    removed.push(...g.slice(1).map((r) => r.id));
  }
  return { merged, removed };
}

/** Ids of low-value records: old and never reused, proven useless, or failed-only beyond the cap. Pure. */
export function planPrune(records: ExperienceRecord[], now: number, policy: PrunePolicy = DEFAULT_PRUNE_POLICY): string[] {
  const out = new Set<string>();
  for (const r of records) {
    const { uses, successes } = r.counters;
    if (uses === 0 && now - r.createdAt > policy.unusedMaxAgeMs) out.add(r.id);
    if (uses >= policy.minUses && successes / uses < policy.minSuccessRate) out.add(r.id);
  }
  const failed = records
    .filter((r) => r.outcome !== 'verified' && !out.has(r.id))
    .sort((a, b) => b.updatedAt - a.updatedAt);
  for (const r of failed.slice(policy.maxFailed)) out.add(r.id);
  return [...out];
}

export interface MaintenanceReport {
  before: number;
  after: number;
  merged: number;
  pruned: number;
  reweighted: number;
}

export async function maintainMemory(
  store: ExperienceStore,
  options: { now?: number; policy?: Partial<PrunePolicy> } = {},
): Promise<MaintenanceReport> {
  const now = options.now ?? Date.now();
  const policy = { ...DEFAULT_PRUNE_POLICY, ...options.policy };
  const records = await store.list();
  const { merged, removed } = planMerges(records);
  const byId = new Map(records.map((r) => [r.id, r]));
  for (const id of removed) byId.delete(id);
  for (const m of merged) byId.set(m.id, m);
  const pruned = planPrune([...byId.values()], now, policy);
  for (const id of pruned) byId.delete(id);

  const changed = new Map(merged.filter((m) => byId.has(m.id)).map((m) => [m.id, m]));
  let reweighted = 0;
  for (const r of byId.values()) {
    const weight = experienceWeight(r);
    if (Math.abs(weight - r.weight) > 1e-6) {
      changed.set(r.id, { ...(changed.get(r.id) ?? r), weight });
      reweighted++;
    }
  }
  // Write the survivors first, then delete: an interruption leaves duplicates (merged again next time), never a loss.
  await store.put([...changed.values()]);
  await store.delete([...removed, ...pruned]);
  return { before: records.length, after: byId.size, merged: removed.length, pruned: pruned.length, reweighted };
}
