// Summary statistics of node exposure: how concentrated the exposure is on a few entities. Node exposure as the
// Ctrl-G paper defines it: per raw entity, the fraction of its eligible sessions (questions whose G_Q^raw holds it)
// in which it became visible to a Brain, over ALL eligible entities, the never-exposed ones included; without them
// p50 and p99 describe only the unlucky ones.

/** Nearest-rank percentile (p in 0..100) of an ascending-sorted list; 0 for an empty list. */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** One entity's sessions: in how many it was eligible, and in how many of those it was exposed. */
export interface ExposureCount {
  eligible: number;
  exposed: number;
}

export interface NodeExposureStats {
  /** Entities eligible in at least one session (the cohort). */
  entities: number;
  /** Of those, exposed in at least one session. */
  exposedEntities: number;
  /** Percentiles and maximum of exposed / eligible sessions over the cohort. */
  p50: number;
  p99: number;
  max: number;
  /**
   * Share of the transmitted node instances ((entity, session) exposures) taken by the most exposed 1% of the
   * cohort (at least one entity): ranked by exposure fraction, ties by instances, so the figure is never flattered.
   */
  top1PercentShare: number;
  /**
   * What the same 1% would hold if the same instances were spread as evenly as the cohort allows (each entity
   * ⌊n/N⌋ or one more): the least top1PercentShare any placement of them could give. With few calls the top 1% of a
   * large cohort is more entities than were ever shown twice, and the share is this floor, not concentration.
   */
  top1PercentEven: number;
  /** The exposure at every whole percentile of the cohort (101 values, ascending): the CDF the report plots. */
  cdf: number[];
}

/** Node exposure over a cohort; entities with no eligible session are left out. Pure. */
export function nodeExposureStats(counts: Iterable<ExposureCount>): NodeExposureStats {
  const cohort = [...counts].filter((c) => c.eligible > 0).map((c) => ({ exposed: Math.min(c.exposed, c.eligible), f: Math.min(c.exposed, c.eligible) / c.eligible }));
  const sorted = cohort.map((c) => c.f).sort((a, b) => a - b);
  const total = cohort.reduce((n, c) => n + c.exposed, 0);
  const ranked = [...cohort].sort((a, b) => b.f - a.f || b.exposed - a.exposed);
  const topCount = Math.max(1, Math.ceil(ranked.length * 0.01));
  const top = ranked.slice(0, topCount).reduce((n, c) => n + c.exposed, 0);
  return {
    entities: cohort.length,
    exposedEntities: cohort.filter((c) => c.exposed > 0).length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? 0,
    top1PercentShare: total === 0 ? 0 : top / total,
    top1PercentEven: total === 0 ? 0 : evenTopShare(total, cohort.length, topCount),
    cdf: sorted.length ? Array.from({ length: 101 }, (_, i) => percentile(sorted, i)) : [],
  };
}

/** The top `top` entities' share of `total` instances spread as evenly as possible over `entities`. Pure. */
export function evenTopShare(total: number, entities: number, top: number): number {
  if (total <= 0 || entities <= 0) return 0;
  const each = Math.floor(total / entities);
  const extra = total - each * entities;
  return (Math.min(top, entities) * each + Math.min(top, extra)) / total;
}
