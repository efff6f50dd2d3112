// In-process index over the memory's search keys, so GetExp does not pay a LanceDB scan per question (~15–50 ms at
// 10k records here) on the hot path. LanceDB stays the store of record: the index is filled from it at open and
// follows every write. Small π partitions are scanned exactly; from `ivfFrom` rows on, rows are grouped around
// k-means centroids (trained on a sample, rebuilt when the partition doubles) and a query scans only the rows of
// its `probes` best centroids — approximate, like any IVF, but sub-millisecond at 10k records. Keys live in one
// contiguous Float32Array per list (not one small array per row): the scan is a straight pass over memory, which
// is what makes it ~3× faster than chasing row objects.
import type { ExperienceRow } from './experienceRecord.js';

export interface KeyIndexOptions {
  /** Rows in a π partition before it is clustered (default 2048). */
  ivfFrom: number;
  /** Centroids scanned per query (default 16). */
  probes: number;
  /** Rows sampled to train the centroids: at least this many, and at least 8 per centroid (default 512). */
  sample: number;
  /** k-means rounds (default 4). */
  rounds: number;
}

const DEFAULT_KEY_INDEX: KeyIndexOptions = { ivfFrom: 2048, probes: 16, sample: 512, rounds: 4 };

/** Dot product of a[ao … ao+dim) with b, four accumulators (independent adds pipeline; ~2× a plain loop). */
function dotAt(a: Float32Array, ao: number, b: Float32Array, dim: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let d = 0;
  for (; d + 3 < dim; d += 4) {
    s0 += a[ao + d] * b[d];
    s1 += a[ao + d + 1] * b[d + 1];
    s2 += a[ao + d + 2] * b[d + 2];
    s3 += a[ao + d + 3] * b[d + 3];
  }
  for (; d < dim; d++) s0 += a[ao + d] * b[d];
  return s0 + s1 + s2 + s3;
}

/** Rows and their keys, the keys packed back to back; removal swaps the last row into the hole. */
class FlatList {
  keys: Float32Array;
  readonly rows: ExperienceRow[] = [];

  constructor(readonly dim: number, capacity = 16) {
    this.keys = new Float32Array(dim * capacity);
  }

  get size(): number {
    return this.rows.length;
  }

  /** Appends a row; returns its slot. */
  push(row: ExperienceRow): number {
    const slot = this.rows.length;
    if ((slot + 1) * this.dim > this.keys.length) {
      const grown = new Float32Array(this.keys.length * 2);
      grown.set(this.keys);
      this.keys = grown;
    }
    this.keys.set(row.key.subarray(0, this.dim), slot * this.dim);
    this.rows.push(row);
    return slot;
  }

  /** Removes the row at `slot`; returns the row that moved into it (if any), whose slot is now `slot`. */
  removeAt(slot: number): ExperienceRow | undefined {
    const last = this.rows.length - 1;
    const moved = slot === last ? undefined : this.rows[last];
    if (moved) {
      this.rows[slot] = moved;
      this.keys.copyWithin(slot * this.dim, last * this.dim, (last + 1) * this.dim);
    }
    this.rows.pop();
    return moved;
  }

  scan(query: Float32Array, top: TopK): void {
    const { keys, rows, dim } = this;
    for (let r = 0; r < rows.length; r++) top.offer(dotAt(keys, r * dim, query, dim), rows[r]);
  }
}

/** The `limit` best (score, row) pairs seen, best first; insertion keeps it sorted (limit is small). */
class TopK {
  readonly scores: number[] = [];
  readonly rows: ExperienceRow[] = [];

  constructor(readonly limit: number) {}

  offer(s: number, row: ExperienceRow): void {
    const n = this.rows.length;
    if (n === this.limit && s <= this.scores[n - 1]) return;
    let j = n < this.limit ? n : n - 1;
    if (n < this.limit) {
      this.scores.push(s);
      this.rows.push(row);
    }
    for (; j > 0 && this.scores[j - 1] < s; j--) {
      this.scores[j] = this.scores[j - 1];
      this.rows[j] = this.rows[j - 1];
    }
    this.scores[j] = s;
    this.rows[j] = row;
  }
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

/** Indexes of the `n` centroids (packed, `dim` each) with the largest dot product with v. */
function nearest(centroids: Float32Array, dim: number, v: Float32Array, n: number): number[] {
  const k = centroids.length / dim;
  const best: number[] = [];
  const bestScore: number[] = [];
  for (let c = 0; c < k; c++) {
    const s = dotAt(centroids, c * dim, v, dim);
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

/** Spherical k-means by dot product (keys are concatenations of unit vectors); centroids packed, `dim` each. */
export function trainCentroids(keys: Float32Array[], k: number, rounds: number): Float32Array {
  const dim = keys[0].length;
  const centroids = new Float32Array(k * dim);
  keys.slice(0, k).forEach((v, c) => centroids.set(v, c * dim));
  for (let r = 0; r < rounds; r++) {
    const sums = new Float32Array(k * dim);
    const counts = new Array<number>(k).fill(0);
    for (const v of keys) {
      const c = nearest(centroids, dim, v, 1)[0];
      counts[c]++;
      for (let d = 0; d < dim; d++) sums[c * dim + d] += v[d];
    }
    for (let c = 0; c < k; c++) {
      if (counts[c] === 0) continue; // an empty cluster keeps its old centre
      let n = 0;
      for (let d = 0; d < dim; d++) n += sums[c * dim + d] ** 2;
      n = Math.sqrt(n) || 1;
      for (let d = 0; d < dim; d++) centroids[c * dim + d] = sums[c * dim + d] / n;
    }
  }
  return centroids;
}

interface Partition {
  dim: number;
  /** One list when exact, one per centroid when clustered. */
  lists: FlatList[];
  centroids?: Float32Array;
  /** Where each row is: list and slot. */
  where: Map<string, { list: number; slot: number }>;
  /** Size at the last clustering: the partition is re-clustered when it doubles. */
  builtAt: number;
}

export class KeyIndex {
  private readonly partitions = new Map<string, Partition>();
  readonly options: KeyIndexOptions;

  constructor(options: Partial<KeyIndexOptions> = {}) {
    this.options = { ...DEFAULT_KEY_INDEX, ...options };
  }

  private partition(pi: string, dim: number): Partition {
    let p = this.partitions.get(pi);
    if (!p) {
      p = { dim, lists: [new FlatList(dim)], where: new Map(), builtAt: 0 };
      this.partitions.set(pi, p);
    }
    if (p.dim !== dim) throw new Error(`Experience key of ${dim} dimensions in a memory partition of ${p.dim}.`);
    return p;
  }

  private place(p: Partition, row: ExperienceRow): void {
    const list = p.centroids ? nearest(p.centroids, p.dim, row.key, 1)[0] : 0;
    p.where.set(row.id, { list, slot: p.lists[list].push(row) });
  }

  /** Inserts or replaces rows by id (a row that changed π leaves its old partition). */
  upsert(rows: readonly ExperienceRow[]): void {
    for (const row of rows) {
      this.remove([row.id]);
      this.place(this.partition(row.pi, row.key.length), row);
    }
    for (const p of this.partitions.values()) this.maybeCluster(p);
  }

  remove(ids: readonly string[]): void {
    for (const id of ids)
      for (const p of this.partitions.values()) {
        const at = p.where.get(id);
        if (!at) continue;
        p.where.delete(id);
        const moved = p.lists[at.list].removeAt(at.slot);
        if (moved) p.where.set(moved.id, at);
      }
  }

  private maybeCluster(p: Partition): void {
    const n = p.where.size;
    if (n < this.options.ivfFrom || (p.centroids && n < 2 * p.builtAt)) return;
    const rows = p.lists.flatMap((l) => l.rows);
    // 2·√n lists: each probe scans ~√n/2 rows, so 16 probes touch ~8·√n rows (800 at 10k) plus 2·√n centroids.
    const k = Math.max(2, Math.round(2 * Math.sqrt(n)));
    // ≥ 8 sampled rows per centroid: with fewer, k-means leaves a few huge lists that every query then scans.
    const sample = sampleOf(rows, Math.max(this.options.sample, 8 * k)).map((r) => r.key);
    p.centroids = trainCentroids(sample, k, this.options.rounds);
    p.lists = Array.from({ length: k }, () => new FlatList(p.dim, Math.max(16, Math.ceil(n / k))));
    p.where.clear();
    for (const r of rows) this.place(p, r);
    p.builtAt = n;
  }

  /** The `limit` rows of π with the largest dot product with `query` (exact below ivfFrom, IVF above). */
  search(query: Float32Array, pi: string, limit: number): ExperienceRow[] {
    const p = this.partitions.get(pi);
    if (!p || limit <= 0) return [];
    if (query.length !== p.dim) throw new Error(`Query of ${query.length} dimensions against experience keys of ${p.dim}.`);
    const top = new TopK(limit);
    const lists = p.centroids ? nearest(p.centroids, p.dim, query, this.options.probes).map((c) => p.lists[c]) : p.lists;
    for (const list of lists) list.scan(query, top);
    return top.rows;
  }

  size(pi?: string): number {
    if (pi !== undefined) return this.partitions.get(pi)?.where.size ?? 0;
    let n = 0;
    for (const p of this.partitions.values()) n += p.where.size;
    return n;
  }
}
