// Coarse schema types read from the graph's own structure, so views can say "a T2 node" without any label the
// analyst wrote. An entity is described by the (relation, direction) keys it takes part in; keys that mostly
// co-occur on the same entities are one role (a film has a director, writers and actors; a person is directed
// by / stars in films), and an entity's type is the role of its most common key. Literals are typed by kind.
import { literalKindOfCode, literalKinds } from './literalBuckets.js';

/** What schema types read of a graph (a MemoryGraph; structural, so memoryGraph.ts can compute them without a cycle). */
export interface SchemaGraph {
  readonly size: number;
  readonly relationLabels: readonly string[];
  forEachGroup(i: number, fn: (rel: number, dir: number, start: number, end: number) => void): void;
  literalKinds(): Uint8Array;
  schemaTypes(): string[];
}

export interface SchemaTypeOptions {
  /** Keys are one role when they co-occur on at least this share of the rarer key's entities. */
  cooccurrence: number;
  /** Keys present on more than this share of all entities (e.g. a `type` edge on everything) join no role. */
  ubiquity: number;
  /** At most this many entity types; the rarest roles share the last one. */
  maxTypes: number;
}

export const DEFAULT_SCHEMA_TYPE_OPTIONS: SchemaTypeOptions = { cooccurrence: 0.5, ubiquity: 0.5, maxTypes: 12 };

/** Entities with more distinct keys than this add no co-occurrence pairs (hubs would dominate and cost O(d²)). */
const MAX_KEYS_FOR_PAIRS = 32;

/**
 * Type of every entity of the graph (`T1`…`Tn`, `date`, `number`, `string`, `none`). With the default options the
 * graph keeps them (computed at import, in the graph snapshot): a whole-graph pass no question should pay.
 */
export function schemaTypes(graph: SchemaGraph, options?: Partial<SchemaTypeOptions>): string[] {
  if (!options) return graph.schemaTypes();
  return computeSchemaTypes(graph, { ...DEFAULT_SCHEMA_TYPE_OPTIONS, ...options });
}

export function computeSchemaTypes(graph: SchemaGraph, opts: SchemaTypeOptions): string[] {
  const n = graph.size;
  const keyCount = graph.relationLabels.length * 2;
  const count = new Int32Array(keyCount);
  const pairs = new Map<number, number>();
  const literal: (string | undefined)[] = new Array(n);
  const keysOf = (i: number): number[] => {
    const keys: number[] = [];
    graph.forEachGroup(i, (rel, dir) => keys.push(rel * 2 + dir));
    return keys;
  };

  let withEdges = 0;
  const kinds = literalKinds(graph);
  for (let i = 0; i < n; i++) {
    literal[i] = literalKindOfCode(kinds[i]);
    if (literal[i]) continue;
    const keys = keysOf(i);
    if (keys.length === 0) continue;
    withEdges++;
    for (const k of keys) count[k]++;
    if (keys.length > MAX_KEYS_FOR_PAIRS) continue;
    for (let a = 0; a < keys.length; a++)
      for (let b = a + 1; b < keys.length; b++) {
        const id = keys[a] * keyCount + keys[b];
        pairs.set(id, (pairs.get(id) ?? 0) + 1);
      }
  }

  // Union-find over keys: join two keys when they co-occur on most entities of the rarer one.
  const parent = Int32Array.from({ length: keyCount }, (_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  };
  const ubiquitous = (k: number): boolean => count[k] > opts.ubiquity * withEdges && withEdges > 1;
  for (const [id, c] of pairs) {
    const a = Math.floor(id / keyCount);
    const b = id % keyCount;
    if (ubiquitous(a) || ubiquitous(b)) continue;
    if (c >= opts.cooccurrence * Math.min(count[a], count[b])) {
      const ra = find(a);
      const rb = find(b);
      if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
    }
  }

  // Each entity takes the role of its most common non-ubiquitous key (ties → lower key, so it is stable).
  const roleOf = new Int32Array(n).fill(-1);
  const roleSize = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    if (literal[i]) continue;
    let best = -1;
    let bestFallback = -1;
    graph.forEachGroup(i, (rel, dir) => {
      const k = rel * 2 + dir;
      if (ubiquitous(k)) {
        if (bestFallback < 0 || count[k] > count[bestFallback]) bestFallback = k;
      } else if (best < 0 || count[k] > count[best]) best = k;
    });
    const key = best >= 0 ? best : bestFallback;
    if (key < 0) continue;
    const role = find(key);
    roleOf[i] = role;
    roleSize.set(role, (roleSize.get(role) ?? 0) + 1);
  }

  // Name roles T1.. by size (largest first, then lowest key): the numbering says nothing beyond the structure.
  const ranked = [...roleSize.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const nameOf = new Map<number, string>();
  ranked.forEach(([role], r) => nameOf.set(role, `T${Math.min(r + 1, opts.maxTypes)}`));
  const out = new Array<string>(n);
  for (let i = 0; i < n; i++) out[i] = literal[i] ?? (roleOf[i] >= 0 ? nameOf.get(roleOf[i])! : 'none');
  return out;
}
