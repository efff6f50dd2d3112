// High-frequency buffer in front of LanceDB: recent lookups keyed by π and a SimHash signature of the question
// vector, so a repeated or near-identical question is answered in microseconds. An entry answers only when its
// own vectors are nearly identical to the query (the signature is a bucket, not proof). The owner drops entries a
// write makes stale (retain). When full, the entry with the least (hits × similarity × recency) value goes:
// frequently hit, close matches stay.
import { dot } from '../drm/cosine.js';

export interface HotBufferOptions {
  /** Entries kept (default 512). */
  capacity?: number;
  /** Cosine both query vectors must reach against an entry's to reuse its answer (default 0.995). */
  minSimilarity?: number;
  /** SimHash bits of the bucket signature (default 16). */
  bits?: number;
}

interface Entry<T> {
  bucket: string;
  q: Float32Array;
  i: Float32Array | undefined;
  value: T;
  hits: number;
  simSum: number;
  lastUsed: number;
}

export interface HotBufferStats {
  size: number;
  hits: number;
  misses: number;
  evictions: number;
}

/** Deterministic pseudo-random hyperplanes (xorshift32), so signatures are stable across processes. */
function hyperplanes(bits: number, dim: number): Float32Array[] {
  let s = 0x9e3779b9;
  const next = (): number => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) / 0xffffffff) * 2 - 1;
  };
  return Array.from({ length: bits }, () => Float32Array.from({ length: dim }, next));
}

export class HotBuffer<T> {
  readonly capacity: number;
  readonly minSimilarity: number;
  private readonly bits: number;
  private planes: Float32Array[] = [];
  private readonly buckets = new Map<string, Entry<T>[]>();
  private size = 0;
  private tick = 0;
  private readonly counts = { hits: 0, misses: 0, evictions: 0 };

  constructor(options: HotBufferOptions = {}) {
    this.capacity = Math.max(1, options.capacity ?? 512);
    this.minSimilarity = options.minSimilarity ?? 0.995;
    this.bits = Math.max(1, Math.min(30, options.bits ?? 16));
  }

  /** Bucket of a query: context (π key and retrieval parameters) + SimHash of the question vector. */
  signature(context: string, q: Float32Array): string {
    if (this.planes.length === 0 || this.planes[0].length !== q.length) this.planes = hyperplanes(this.bits, q.length);
    let sig = 0;
    for (let b = 0; b < this.bits; b++) if (dot(this.planes[b], q) >= 0) sig |= 1 << b;
    return `${context}#${sig >>> 0}`;
  }

  get(context: string, q: Float32Array, i: Float32Array | undefined): T | undefined {
    const bucket = this.signature(context, q);
    const list = this.buckets.get(bucket);
    this.tick++;
    if (list) {
      for (let n = list.length - 1; n >= 0; n--) {
        const e = list[n];
        const sq = dot(e.q, q);
        if (sq < this.minSimilarity) continue;
        if ((e.i === undefined) !== (i === undefined)) continue;
        const si = e.i && i ? dot(e.i, i) : 1;
        if (si < this.minSimilarity) continue;
        e.hits++;
        e.simSum += Math.min(sq, si);
        e.lastUsed = this.tick;
        this.counts.hits++;
        return e.value;
      }
    }
    this.counts.misses++;
    return undefined;
  }

  set(context: string, q: Float32Array, i: Float32Array | undefined, value: T): void {
    const bucket = this.signature(context, q);
    if (this.size >= this.capacity) this.evict();
    const entry: Entry<T> = { bucket, q: Float32Array.from(q), i: i && Float32Array.from(i), value, hits: 0, simSum: 0, lastUsed: ++this.tick };
    const list = this.buckets.get(bucket);
    if (list) list.push(entry);
    else this.buckets.set(bucket, [entry]);
    this.size++;
  }

  /** Value of keeping an entry: hit count, mean similarity of its hits, and how recently it was used. */
  private keepValue(e: Entry<T>): number {
    const similarity = e.hits ? e.simSum / e.hits : this.minSimilarity;
    const recency = 1 / (1 + (this.tick - e.lastUsed) / this.capacity);
    return (1 + e.hits) * similarity * recency;
  }

  private evict(): void {
    let worst: Entry<T> | undefined;
    let worstValue = Infinity;
    for (const list of this.buckets.values())
      for (const e of list) {
        const v = this.keepValue(e);
        if (v < worstValue) {
          worstValue = v;
          worst = e;
        }
      }
    if (!worst) return;
    const list = this.buckets.get(worst.bucket)!;
    list.splice(list.indexOf(worst), 1);
    if (list.length === 0) this.buckets.delete(worst.bucket);
    this.size--;
    this.counts.evictions++;
  }

  /** Keeps only the entries `keep` accepts (called after a write with a test for staleness). */
  retain(keep: (value: T, q: Float32Array, i: Float32Array | undefined) => boolean): number {
    return this.update((value, q, i) => (keep(value, q, i) ? value : undefined));
  }

  /** Replaces each entry's value with what `next` returns, dropping entries it returns undefined for. */
  update(next: (value: T, q: Float32Array, i: Float32Array | undefined) => T | undefined): number {
    let dropped = 0;
    for (const [bucket, list] of this.buckets) {
      for (let n = list.length - 1; n >= 0; n--) {
        const value = next(list[n].value, list[n].q, list[n].i);
        if (value === undefined) {
          list.splice(n, 1);
          dropped++;
        } else list[n].value = value;
      }
      if (list.length === 0) this.buckets.delete(bucket);
    }
    this.size -= dropped;
    return dropped;
  }

  clear(): void {
    this.buckets.clear();
    this.size = 0;
  }

  stats(): HotBufferStats {
    return { size: this.size, ...this.counts };
  }
}
