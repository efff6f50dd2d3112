// In-process index over the memory's search keys, so GetExp does not pay a LanceDB scan per question (~15–50 ms at
// 10k records here) on the hot path. LanceDB stays the store of record: the index is filled from it at open and
// follows every write. Small π partitions are scanned exactly; from `ivfFrom` rows on, rows are grouped around
// k-means centroids (trained on a sample, rebuilt when the partition doubles) and a query scans only the rows of
// its `probes` best centroids — approximate, like any IVF, but sub-millisecond at 10k records.
import type { ExperienceRow } from './experienceStore.js';

export interface KeyIndexOptions {
  /** Rows in a π partition before it is clustered (default 2048). */
  ivfFrom: number;
  /** Centroids scanned per query (default 8). */
  probes: number;
  /** Rows sampled to train the centroids (default 512). */
  sample: number;
  /** k-means rounds (default 4). */
  rounds: number;
}

const DEFAULT_KEY_INDEX: KeyIndexOptions = { ivfFrom: 2048, probes: 8, sample: 512, rounds: 4 };

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let d = 0; d < a.length; d++) s += a[d] * b[d];
  return s;
}

interface Partition {
  rows: Map<string, ExperienceRow>;
  centroids?: Float32Array[];
  /** Rows per centroid, when clustered (arrays: scanned on every query, so no id lookups on the hot path). */
  lists?: ExperienceRow[][];
  listOf?: Map<string, number>;
  /** Size at the last clustering: the partition is re-clustered when it doubles. */
  builtAt: number;
}

/** Deterministic sample (xorshift) so clustering is reproducible. */
function sampleOf<T>(items: T[], n: number): T[] {
  if (items.length <= n) return items;
  let s = 0x2545f491;
  const out = items.slice();
  for (let i = 0; i < n; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    const j = i + ((s >>> 0) % (out.length - i));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out.slice(0, n);
}

/** Spherical k-means by dot product (keys are concatenations of unit vectors). */
export function trainCentroids(keys: Float32Array[], k: number, rounds: number): Float32Array[] {
  const dim = keys[0].length;
  let centroids = keys.slice(0, k).map((v) => Float32Array.from(v));
  for (let r = 0; r < rounds; r++) {
    const sums = centroids.map(() => new Float32Array(dim));
    const counts = new Array<number>(centroids.length).fill(0);
    for (const v of keys) {
      const c = nearest(centroids, v, 1)[0];
      counts[c]++;
      const s = sums[c];
      for (let d = 0; d < dim; d++) s[d] += v[d];
    }
    centroids = sums.map((s, c) => {
      if (counts[c] === 0) return centroids[c];
      const n = Math.hypot(...s) || 1;
      return s.map((x) => x / n);
    });
  }
  return centroids;
}

/** Indexes of the `n` centroids with the largest dot product with v (partial selection, no allocation per centroid). */
function nearest(centroids: Float32Array[], v: Float32Array, n: number): number[] {
  const best: number[] = [];
  const bestScore: number[] = [];
  for (let c = 0; c < centroids.length; c++) {
    const s = dot(centroids[c], v);
    if (best.length === n && s <= bestScore[n - 1]) continue;
    let j = Math.min(best.length, n - 1);
    if (best.length < n) {
      best.push(c);
      bestScore.push(s);
    }
    for (; j > 0 && bestScore[j - 1] < s; j--) {
      best[j] = best[j - 1];
      bestScore[j] = bestScore[j - 1];
    }
    best[j] = c;
    bestScore[j] = s;
  }
  return best;
}

export class KeyIndex {
  private readonly partitions = new Map<string, Partition>();
  readonly options: KeyIndexOptions;

  constructor(options: Partial<KeyIndexOptions> = {}) {
    this.options = { ...DEFAULT_KEY_INDEX, ...options };
  }

  private partition(pi: string): Partition {
    let p = this.partitions.get(pi);
    if (!p) {
      p = { rows: new Map(), builtAt: 0 };
      this.partitions.set(pi, p);
    }
    return p;
  }

  /** Inserts or replaces rows by id (a row that changed π leaves its old partition). */
  upsert(rows: readonly ExperienceRow[]): void {
    for (const row of rows) {
      this.remove([row.id]);
      const p = this.partition(row.pi);
      p.rows.set(row.id, row);
      if (p.centroids && p.lists && p.listOf) {
        const c = nearest(p.centroids, row.key, 1)[0];
        p.lists[c].push(row);
        p.listOf.set(row.id, c);
      }
    }
    for (const p of this.partitions.values()) this.maybeCluster(p);
  }

  remove(ids: readonly string[]): void {
    for (const id of ids)
      for (const p of this.partitions.values()) {
        if (!p.rows.delete(id)) continue;
        const c = p.listOf?.get(id);
        if (c !== undefined) {
          const list = p.lists![c];
          list.splice(list.findIndex((r) => r.id === id), 1);
          p.listOf!.delete(id);
        }
      }
  }

  private maybeCluster(p: Partition): void {
    const n = p.rows.size;
    if (n < this.options.ivfFrom || (p.centroids && n < 2 * p.builtAt)) return;
    const rows = [...p.rows.values()];
    // 2·√n lists: each probe scans ~√n/2 rows, so 8 probes touch ~4·√n rows (400 at 10k) plus 2·√n centroids.
    const k = Math.max(2, Math.round(2 * Math.sqrt(n)));
    const centroids = trainCentroids(sampleOf(rows, Math.max(this.options.sample, k)).map((r) => r.key), k, this.options.rounds);
    const lists = centroids.map((): ExperienceRow[] => []);
    const listOf = new Map<string, number>();
    for (const r of rows) {
      const c = nearest(centroids, r.key, 1)[0];
      lists[c].push(r);
      listOf.set(r.id, c);
    }
    Object.assign(p, { centroids, lists, listOf, builtAt: n });
  }

  /** The `limit` rows of π with the largest dot product with `query` (exact below ivfFrom, IVF above). */
  search(query: Float32Array, pi: string, limit: number): ExperienceRow[] {
    const p = this.partitions.get(pi);
    if (!p) return [];
    const lists: Iterable<ExperienceRow>[] = p.centroids && p.lists ? nearest(p.centroids, query, this.options.probes).map((c) => p.lists![c]) : [p.rows.values()];
    const top: { row: ExperienceRow; s: number }[] = [];
    for (const list of lists)
      for (const row of list) {
        const s = dot(row.key, query);
        if (top.length < limit) {
          top.push({ row, s });
          if (top.length === limit) top.sort((a, b) => b.s - a.s);
        } else if (s > top[limit - 1].s) {
          top[limit - 1] = { row, s };
          for (let j = limit - 1; j > 0 && top[j].s > top[j - 1].s; j--) [top[j], top[j - 1]] = [top[j - 1], top[j]];
        }
      }
    return top.sort((a, b) => b.s - a.s).map((x) => x.row);
  }

  size(pi?: string): number {
    if (pi !== undefined) return this.partitions.get(pi)?.rows.size ?? 0;
    let n = 0;
    for (const p of this.partitions.values()) n += p.rows.size;
    return n;
  }
}
