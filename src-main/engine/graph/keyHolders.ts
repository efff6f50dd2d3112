// For every (relation, direction) key, the entities with at least one such edge, ascending: a CSR over keys. The
// sanitizer's hub peers and the exposure attack's reference index both start from it; built at import and kept in
// the graph snapshot, so neither pays a pass over every edge on a process's first question.

/** What the holders are read from (a MemoryGraph; structural, so memoryGraph.ts can build them without a cycle). */
export interface KeyedCsr {
  readonly size: number;
  readonly relationLabels: readonly string[];
  readonly offsets: Int32Array;
  readonly edgeRelation: Int32Array;
  readonly edgeDirection: Uint8Array;
}

export interface KeyHolders {
  /** Holders of key relation*2+direction: items[start[key] .. start[key+1]). */
  start: Int32Array;
  items: Int32Array;
}

export function buildKeyHolders(graph: KeyedCsr): KeyHolders {
  const keys = graph.relationLabels.length * 2;
  const { offsets, edgeRelation, edgeDirection } = graph;
  const keyAt = (k: number): number => edgeRelation[k] * 2 + edgeDirection[k];
  // Edges of an entity are grouped by key, so an entity adds itself once per key it has.
  const start = new Int32Array(keys + 1);
  for (let i = 0; i < graph.size; i++) for (let k = offsets[i]; k < offsets[i + 1]; k++) if (k === offsets[i] || keyAt(k) !== keyAt(k - 1)) start[keyAt(k) + 1]++;
  for (let key = 0; key < keys; key++) start[key + 1] += start[key];
  const items = new Int32Array(start[keys]);
  const fill = start.slice(0, keys);
  for (let i = 0; i < graph.size; i++) for (let k = offsets[i]; k < offsets[i + 1]; k++) if (k === offsets[i] || keyAt(k) !== keyAt(k - 1)) items[fill[keyAt(k)]++] = i;
  return { start, items };
}

/** Whether arrays read from a file make holders of `keys` keys over `n` entities, each list strictly ascending. */
export function keyHoldersFit(h: KeyHolders, keys: number, n: number): boolean {
  if (h.start.length !== keys + 1 || h.start[0] !== 0 || h.start[keys] !== h.items.length) return false;
  for (let key = 0; key < keys; key++) {
    if (h.start[key + 1] < h.start[key]) return false;
    for (let j = h.start[key]; j < h.start[key + 1]; j++) if (h.items[j] < 0 || h.items[j] >= n || (j > h.start[key] && h.items[j] <= h.items[j - 1])) return false;
  }
  return true;
}

/** The holders of one key, ascending (a view, no copy). */
export function holdersOf(h: KeyHolders, key: number): Int32Array {
  return h.items.subarray(h.start[key], h.start[key + 1]);
}

/** The key of a (relation, direction) pair, the order MemoryGraph sorts each entity's edges in. */
export function edgeKey(relation: number, direction: number): number {
  return relation * 2 + direction;
}

function keyAt(graph: KeyedCsr, k: number): number {
  return graph.edgeRelation[k] * 2 + graph.edgeDirection[k];
}

/** First edge of entity x whose key is ≥ key (binary search over x's sorted edges). */
export function keyStart(graph: KeyedCsr, x: number, key: number): number {
  let lo = graph.offsets[x];
  let hi = graph.offsets[x + 1];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keyAt(graph, mid) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Number of x's edges with this key. */
export function keyCount(graph: KeyedCsr, x: number, key: number): number {
  return keyStart(graph, x, key + 1) - keyStart(graph, x, key);
}

/** Whether x has key `key` among its edges. */
export function hasKey(graph: KeyedCsr, x: number, key: number): boolean {
  const s = keyStart(graph, x, key);
  return s < graph.offsets[x + 1] && keyAt(graph, s) === key;
}
