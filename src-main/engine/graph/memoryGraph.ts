// In-memory, integer-indexed view of a graph: CSR adjacency with both edge directions, grouped by
// (relation, direction) per entity. The QA pipeline works on this (microsecond neighbour access);
// it also implements GraphStore so tests and small graphs need no database.
import type {
  DegreeStats,
  Direction,
  Entity,
  GraphPath,
  GraphStats,
  LiteralKind,
  Neighborhood,
  NeighborGroup,
  NeighborOptions,
  Subgraph,
  Triple,
} from '../../common/graphTypes.js';
import { normalizeName } from '../../common/normalizeName.js';
import type { ExpandOptions, FindOptions, GraphStore, PathOptions } from './graphStore.js';
import { UnknownEntityError } from './graphStore.js';
import { categoricalScores } from './categoricalScores.js';
import { computeLiteralKinds } from './literalBuckets.js';
import { buildKeyHolders, type KeyHolders } from './keyHolders.js';
import { computeRelationSignatures, type RelationSignature } from './relationSignatures.js';
import { computeSchemaTypes, DEFAULT_SCHEMA_TYPE_OPTIONS } from './schemaTypes.js';
import { DIR_IN, DIR_OUT } from './edgeDirection.js';
import { buildStringTable, findString } from './stringTable.js';
import { IntColumn } from './intColumn.js';
import { uniqueTriples } from './uniqueTriples.js';
import { buildNameIndexData, type NameIndexData } from './nameIndexData.js';

export const LITERAL_CODES: (LiteralKind | undefined)[] = [undefined, 'date', 'number', 'string'];
export { DIR_IN, DIR_OUT };

/** The entity table, column by column (index = entity). */
export interface EntityColumns {
  ids: string[];
  names: string[];
  types: (string | undefined)[];
  /** Index into LITERAL_CODES (0 = not a literal). */
  literalCodes: Uint8Array;
}

/** Everything a MemoryGraph is made of, as read from a snapshot (graphSnapshot.ts) or built from triples. */
export interface MemoryGraphParts extends EntityColumns {
  relationLabels: string[];
  offsets: Int32Array;
  edgeNeighbor: Int32Array;
  edgeRelation: Int32Array;
  edgeDirection: Uint8Array;
  tripleCount: number;
  /** buildStringTable(ids); built when absent. */
  idTable?: Int32Array;
  /** literalKinds(graph) (literalBuckets.ts), precomputed at import; computed on first use when absent. */
  literalKinds?: Uint8Array;
  /** schemaTypes(graph) with the default options (schemaTypes.ts), precomputed at import; computed on first use when absent. */
  schemaTypes?: string[];
  /** relationSignatures(graph) (relationSignatures.ts), precomputed at import; computed on first use when absent. */
  relationSignatures?: RelationSignature[];
  /** buildKeyHolders(graph) (keyHolders.ts), precomputed at import; computed on first use when absent. */
  keyHolders?: KeyHolders;
  /** categoricalScores(graph), precomputed at import; computed on first use when absent. */
  categorical?: Float32Array;
  /** buildNameIndexData(names), precomputed at import; built on first use when absent. */
  nameIndex?: NameIndexData;
}

export class MemoryGraph implements GraphStore {
  readonly ids: string[];
  readonly names: string[];
  readonly types: (string | undefined)[];
  readonly literalCodes: Uint8Array;
  readonly relationLabels: string[];
  /** CSR over both directions: edges of entity i are offsets[i] .. offsets[i+1]-1. */
  readonly offsets: Int32Array;
  readonly edgeNeighbor: Int32Array;
  readonly edgeRelation: Int32Array;
  /** DIR_OUT when the entity is the head of the stored triple, DIR_IN when it is the tail. */
  readonly edgeDirection: Uint8Array;
  readonly tripleCount: number;
  /** id → entity index (stringTable.ts): stored in the snapshot, so opening a graph builds no Map of ids. */
  readonly idTable: Int32Array;
  private readonly relationIndex = new Map<string, number>();
  private normIndex: Map<string, number[]> | undefined;
  private categoricalMemo: Float32Array | undefined;
  private literalKindsMemo: Uint8Array | undefined;
  private schemaTypesMemo: string[] | undefined;
  private keyHoldersMemo: KeyHolders | undefined;
  private signaturesMemo: RelationSignature[] | undefined;
  private nameIndexMemo: NameIndexData | undefined;

  constructor(readonly name: string, parts: MemoryGraphParts) {
    this.ids = parts.ids;
    this.names = parts.names;
    this.types = parts.types;
    this.literalCodes = parts.literalCodes;
    this.relationLabels = parts.relationLabels;
    parts.relationLabels.forEach((r, i) => this.relationIndex.set(r, i));
    this.offsets = parts.offsets;
    this.edgeNeighbor = parts.edgeNeighbor;
    this.edgeRelation = parts.edgeRelation;
    this.edgeDirection = parts.edgeDirection;
    this.tripleCount = parts.tripleCount;
    this.idTable = parts.idTable ?? buildStringTable(parts.ids);
    this.categoricalMemo = parts.categorical;
    this.literalKindsMemo = parts.literalKinds;
    this.schemaTypesMemo = parts.schemaTypes;
    this.keyHoldersMemo = parts.keyHolders;
    this.signaturesMemo = parts.relationSignatures;
    this.nameIndexMemo = parts.nameIndex;
  }

  /** Builds the CSR from integer triples (unique) over an entity table. */
  static fromColumns(
    name: string,
    entities: EntityColumns,
    heads: Int32Array,
    rels: Int32Array,
    tails: Int32Array,
    relationLabels: string[],
    precomputed: Pick<MemoryGraphParts, 'nameIndex'> = {},
  ): MemoryGraph {
    return new MemoryGraph(name, { ...entities, ...precomputed, relationLabels, ...buildCsr(entities.ids.length, heads, rels, tails), tripleCount: heads.length });
  }

  /** Builds from entities and triples (ids); entities named only by triples are added with name = id. */
  static fromTriples(name: string, entities: Entity[], triples: Triple[]): MemoryGraph {
    const all = [...entities];
    const seen = new Map<string, number>();
    all.forEach((e, i) => seen.set(e.id, i));
    const idOf = (id: string): number => {
      let i = seen.get(id);
      if (i === undefined) {
        i = all.length;
        all.push({ id, name: id });
        seen.set(id, i);
      }
      return i;
    };
    const { labels, relationOf } = relationNumbering();
    const unique = new Set<string>();
    const h: number[] = [];
    const r: number[] = [];
    const t: number[] = [];
    for (const tr of triples) {
      const key = `${tr.head}\u0000${tr.relation}\u0000${tr.tail}`;
      if (unique.has(key)) continue;
      unique.add(key);
      h.push(idOf(tr.head));
      r.push(relationOf(tr.relation));
      t.push(idOf(tr.tail));
    }
    return MemoryGraph.fromColumns(name, entityColumns(all), Int32Array.from(h), Int32Array.from(r), Int32Array.from(t), labels);
  }

  /**
   * Loads a whole store into memory (entities, then triples, in batches) as integer columns: no key per triple
   * and no Entity object per entity, so a 10M-triple graph fits a 2 GB heap. Duplicate triples are dropped.
   */
  static async fromStore(store: GraphStore): Promise<MemoryGraph> {
    const cols: EntityColumns & { literals: number[] } = { ids: [], names: [], types: [], literalCodes: new Uint8Array(0), literals: [] };
    const index = new Map<string, number>();
    const add = (e: Entity): number => {
      const i = cols.ids.length;
      cols.ids.push(e.id);
      cols.names.push(e.name);
      cols.types.push(e.type);
      cols.literals.push(e.literal ? LITERAL_CODES.indexOf(e.literal) : 0);
      index.set(e.id, i);
      return i;
    };
    for await (const batch of store.entities()) for (const e of batch) add(e);
    const idOf = (id: string): number => index.get(id) ?? add({ id, name: id });
    const { labels, relationOf } = relationNumbering();
    const h = new IntColumn();
    const r = new IntColumn();
    const t = new IntColumn();
    for await (const batch of store.triples())
      for (const tr of batch) {
        h.push(idOf(tr.head));
        r.push(relationOf(tr.relation));
        t.push(idOf(tr.tail));
      }
    index.clear();
    const unique = uniqueTriples(cols.ids.length, h.view(), r.view(), t.view());
    const { literals, ...rest } = cols;
    return MemoryGraph.fromColumns(store.name, { ...rest, literalCodes: Uint8Array.from(literals) }, unique.heads, unique.rels, unique.tails, labels);
  }

  // ---- integer API (hot path) ----

  get size(): number {
    return this.ids.length;
  }

  indexOf(id: string): number | undefined {
    return findString(this.idTable, this.ids, id);
  }

  relationIndexOf(label: string): number | undefined {
    return this.relationIndex.get(label);
  }

  literalOf(i: number): LiteralKind | undefined {
    return LITERAL_CODES[this.literalCodes[i]];
  }

  degreeOf(i: number): number {
    return this.offsets[i + 1] - this.offsets[i];
  }

  entityAt(i: number): Entity {
    const e: Entity = { id: this.ids[i], name: this.names[i], degree: this.degreeOf(i) };
    if (this.types[i] !== undefined) e.type = this.types[i];
    const lit = this.literalOf(i);
    if (lit) e.literal = lit;
    return e;
  }

  /** How categorical each (relation, direction)'s landing values are (categoricalScores.ts), computed once. */
  categorical(): Float32Array {
    this.categoricalMemo ??= categoricalScores(this);
    return this.categoricalMemo;
  }

  /** Literal kind code of every entity (literalBuckets.ts), computed once. */
  literalKinds(): Uint8Array {
    this.literalKindsMemo ??= computeLiteralKinds(this);
    return this.literalKindsMemo;
  }

  /** Schema type of every entity under the default options (schemaTypes.ts), computed once. */
  schemaTypes(): string[] {
    this.schemaTypesMemo ??= computeSchemaTypes(this, DEFAULT_SCHEMA_TYPE_OPTIONS);
    return this.schemaTypesMemo;
  }

  /** What each relation joins (relationSignatures.ts), computed once. */
  relationSignatures(): RelationSignature[] {
    this.signaturesMemo ??= computeRelationSignatures(this);
    return this.signaturesMemo;
  }

  /** Entities holding each (relation, direction) key (keyHolders.ts), computed once. */
  keyHolders(): KeyHolders {
    this.keyHoldersMemo ??= buildKeyHolders(this);
    return this.keyHoldersMemo;
  }

  /** The name tables of linking and sanitizing (nameIndexData.ts), built once. */
  nameIndexData(): NameIndexData {
    this.nameIndexMemo ??= buildNameIndexData(this.names);
    return this.nameIndexMemo;
  }

  /** Entities whose normalised name equals normalizeName(text). */
  byNormalizedName(text: string): number[] {
    return this.normalizedIndex().get(normalizeName(text)) ?? [];
  }

  /** Normalised name → entity indexes (built on first use). */
  normalizedIndex(): Map<string, number[]> {
    if (!this.normIndex) {
      const m = new Map<string, number[]>();
      this.names.forEach((nm, i) => {
        const key = normalizeName(nm);
        const list = m.get(key);
        if (list) list.push(i);
        else m.set(key, [i]);
      });
      this.normIndex = m;
    }
    return this.normIndex;
  }

  // ---- GraphStore ----

  async stats(): Promise<GraphStats> {
    const relCount = new Array<number>(this.relationLabels.length).fill(0);
    for (let k = 0; k < this.edgeRelation.length; k++) if (this.edgeDirection[k] === DIR_OUT) relCount[this.edgeRelation[k]]++;
    const literals: Record<LiteralKind, number> = { date: 0, number: 0, string: 0 };
    for (let i = 0; i < this.size; i++) {
      const l = this.literalOf(i);
      if (l) literals[l]++;
    }
    const degrees = Array.from({ length: this.size }, (_, i) => this.degreeOf(i));
    return {
      name: this.name,
      entities: this.size,
      triples: this.tripleCount,
      relations: this.relationLabels
        .map((label, i) => ({ label, count: relCount[i] }))
        .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)),
      literals,
      degree: degreeStats(degrees),
    };
  }

  async getEntity(id: string): Promise<Entity | undefined> {
    const i = this.indexOf(id);
    return i === undefined ? undefined : this.entityAt(i);
  }

  async findEntities(query: string, options: FindOptions = {}): Promise<Entity[]> {
    const limit = options.limit ?? 20;
    const mode = options.mode ?? 'normalized';
    let hits: number[];
    if (mode === 'exact') {
      const i = this.indexOf(query);
      hits = i !== undefined ? [i] : this.names.flatMap((nm, k) => (nm === query ? [k] : []));
    } else if (mode === 'normalized') {
      hits = this.byNormalizedName(query);
    } else {
      const q = normalizeName(query);
      hits = [];
      for (const [key, list] of this.normalizedIndex()) if (key.includes(q)) hits.push(...list);
    }
    return hits
      .sort((a, b) => this.degreeOf(b) - this.degreeOf(a))
      .slice(0, limit)
      .map((i) => this.entityAt(i));
  }

  async neighbors(id: string, options: NeighborOptions = {}): Promise<Neighborhood> {
    const i = this.indexOf(id);
    if (i === undefined) throw new UnknownEntityError(id, this.name);
    const cap = options.capPerRelation ?? Infinity;
    const want = options.direction ?? 'both';
    const groups: NeighborGroup[] = [];
    this.forEachGroup(i, (rel, dir, s, e) => {
      const direction: Direction = dir === DIR_OUT ? 'out' : 'in';
      if (want !== 'both' && want !== direction) return;
      const shown: Entity[] = [];
      for (let k = s; k < e && shown.length < cap; k++) shown.push(this.entityAt(this.edgeNeighbor[k]));
      groups.push({ relation: this.relationLabels[rel], direction, total: e - s, shown });
    });
    return { center: this.entityAt(i), groups };
  }

  /** Calls fn once per contiguous (relation, direction) edge group of entity i. */
  forEachGroup(i: number, fn: (rel: number, dir: number, start: number, end: number) => void): void {
    const end = this.offsets[i + 1];
    let s = this.offsets[i];
    while (s < end) {
      const rel = this.edgeRelation[s];
      const dir = this.edgeDirection[s];
      let e = s + 1;
      while (e < end && this.edgeRelation[e] === rel && this.edgeDirection[e] === dir) e++;
      fn(rel, dir, s, e);
      s = e;
    }
  }

  async expand(seeds: string[], hops: number, options: ExpandOptions = {}): Promise<Subgraph> {
    const cap = options.capPerRelation ?? Infinity;
    const maxEntities = options.maxEntities ?? Infinity;
    const dist = new Map<number, number>();
    const start = seeds.map((s) => {
      const i = this.indexOf(s);
      if (i === undefined) throw new UnknownEntityError(s, this.name);
      return i;
    });
    for (const s of start) dist.set(s, 0);
    const tripleKeys = new Set<string>();
    const triples: Triple[] = [];
    const cut: Subgraph['cut'] = [];
    let frontier = [...new Set(start)];
    for (let d = 0; d < hops && frontier.length > 0; d++) {
      const next: number[] = [];
      for (const u of frontier) {
        this.forEachGroup(u, (rel, dir, s, e) => {
          const kept = Math.min(e - s, cap);
          if (kept < e - s)
            cut.push({ entity: this.ids[u], relation: this.relationLabels[rel], direction: dir === DIR_OUT ? 'out' : 'in', total: e - s, kept });
          for (let k = s; k < s + kept; k++) {
            const v = this.edgeNeighbor[k];
            if (!dist.has(v)) {
              if (dist.size >= maxEntities) continue;
              dist.set(v, d + 1);
              next.push(v);
            }
            const [h, t] = dir === DIR_OUT ? [u, v] : [v, u];
            const key = `${h} ${rel} ${t}`;
            if (!tripleKeys.has(key)) {
              tripleKeys.add(key);
              triples.push({ head: this.ids[h], relation: this.relationLabels[rel], tail: this.ids[t] });
            }
          }
        });
      }
      frontier = next;
    }
    const distance: Record<string, number> = {};
    for (const [i, d] of dist) distance[this.ids[i]] = d;
    return { seeds, entities: [...dist.keys()].map((i) => this.entityAt(i)), triples, distance, cut };
  }

  async paths(from: string[], to: string[], maxLength: number, options: PathOptions = {}): Promise<GraphPath[]> {
    const limit = options.limit ?? 100;
    const targets = new Set(to.map((t) => this.indexOf(t)).filter((i): i is number => i !== undefined));
    // Distance to the nearest target, so the depth-first search only takes steps that can still arrive.
    const toTarget = new Map<number, number>();
    let frontier = [...targets];
    for (const t of frontier) toTarget.set(t, 0);
    for (let d = 1; d <= maxLength && frontier.length > 0; d++) {
      const next: number[] = [];
      for (const u of frontier)
        for (let k = this.offsets[u]; k < this.offsets[u + 1]; k++) {
          const v = this.edgeNeighbor[k];
          if (!toTarget.has(v)) {
            toTarget.set(v, d);
            next.push(v);
          }
        }
      frontier = next;
    }
    const out: GraphPath[] = [];
    const stack: number[] = [];
    const edges: GraphPath['edges'] = [];
    const walk = (u: number): void => {
      if (out.length >= limit) return;
      if (targets.has(u) && stack.length > 1) {
        out.push({ entities: stack.map((i) => this.ids[i]), edges: [...edges] });
        return;
      }
      if (stack.length - 1 >= maxLength) return;
      const left = maxLength - (stack.length - 1) - 1;
      for (let k = this.offsets[u]; k < this.offsets[u + 1] && out.length < limit; k++) {
        const v = this.edgeNeighbor[k];
        const dv = toTarget.get(v);
        if (dv === undefined || dv > left || stack.includes(v)) continue;
        stack.push(v);
        edges.push({ relation: this.relationLabels[this.edgeRelation[k]], direction: this.edgeDirection[k] === DIR_OUT ? 'out' : 'in' });
        walk(v);
        stack.pop();
        edges.pop();
      }
    };
    for (const f of from) {
      const i = this.indexOf(f);
      if (i === undefined) continue;
      stack.push(i);
      walk(i);
      stack.pop();
    }
    return out;
  }

  async *entities(batchSize = 10_000): AsyncIterable<Entity[]> {
    for (let s = 0; s < this.size; s += batchSize)
      yield Array.from({ length: Math.min(batchSize, this.size - s) }, (_, k) => this.entityAt(s + k));
  }

  async *triples(batchSize = 10_000): AsyncIterable<Triple[]> {
    let batch: Triple[] = [];
    for (let i = 0; i < this.size; i++)
      for (let k = this.offsets[i]; k < this.offsets[i + 1]; k++) {
        if (this.edgeDirection[k] !== DIR_OUT) continue;
        batch.push({ head: this.ids[i], relation: this.relationLabels[this.edgeRelation[k]], tail: this.ids[this.edgeNeighbor[k]] });
        if (batch.length >= batchSize) {
          yield batch;
          batch = [];
        }
      }
    if (batch.length) yield batch;
  }

  async close(): Promise<void> {}
}

/** Entity columns of Entity objects. */
/** Relation labels numbered in order of first use. */
function relationNumbering(): { labels: string[]; relationOf(label: string): number } {
  const index = new Map<string, number>();
  const labels: string[] = [];
  return {
    labels,
    relationOf(label) {
      let i = index.get(label);
      if (i === undefined) {
        i = labels.length;
        labels.push(label);
        index.set(label, i);
      }
      return i;
    },
  };
}

export function entityColumns(entities: readonly Entity[]): EntityColumns {
  return {
    ids: entities.map((e) => e.id),
    names: entities.map((e) => e.name),
    types: entities.map((e) => e.type),
    literalCodes: Uint8Array.from(entities, (e) => (e.literal ? LITERAL_CODES.indexOf(e.literal) : 0)),
  };
}

/**
 * CSR over both directions, each entity's edges sorted by (relation, direction, neighbour) so that every
 * (relation, direction) group is contiguous.
 */
function buildCsr(n: number, heads: Int32Array, rels: Int32Array, tails: Int32Array): Pick<MemoryGraphParts, 'offsets' | 'edgeNeighbor' | 'edgeRelation' | 'edgeDirection'> {
  const degree = new Int32Array(n);
  for (let k = 0; k < heads.length; k++) {
    degree[heads[k]]++;
    degree[tails[k]]++;
  }
  const offsets = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) offsets[i + 1] = offsets[i] + degree[i];
  const m = offsets[n];
  const edgeNeighbor = new Int32Array(m);
  const edgeRelation = new Int32Array(m);
  const edgeDirection = new Uint8Array(m);
  const fill = offsets.slice(0, n);
  // Edges are appended in the global order (relation, direction, neighbour), so each entity's list comes out sorted
  // by it without a sort per entity: the triples by (relation, tail) give the out-edges, by (relation, head) the
  // in-edges (two stable counting sorts each).
  const R = rels.length ? maxOf(rels) + 1 : 0;
  const byTail = countingOrder(rels, R, countingOrder(tails, n));
  const byHead = countingOrder(rels, R, countingOrder(heads, n));
  // Appends relation r's triples from `order` (from cursor `i`) as edges of `self` towards `other`; the next cursor.
  const place = (order: Int32Array, i: number, r: number, self: Int32Array, other: Int32Array, direction: number): number => {
    for (; i < order.length && rels[order[i]] === r; i++) {
      const k = order[i];
      const at = fill[self[k]]++;
      edgeNeighbor[at] = other[k];
      edgeRelation[at] = r;
      edgeDirection[at] = direction;
    }
    return i;
  };
  for (let a = 0, b = 0, r = 0; r < R; r++) {
    a = place(byTail, a, r, heads, tails, DIR_OUT);
    b = place(byHead, b, r, tails, heads, DIR_IN);
  }
  return { offsets, edgeNeighbor, edgeRelation, edgeDirection };
}

function maxOf(a: Int32Array): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) if (a[i] > m) m = a[i];
  return m;
}

/**
 * Indexes 0..keys.length-1 ordered by keys[i] (values below `range`), stably: ties keep the order of `within`
 * (the identity when absent).
 */
function countingOrder(keys: Int32Array, range: number, within?: Int32Array): Int32Array {
  const start = new Int32Array(range + 1);
  for (let i = 0; i < keys.length; i++) start[keys[i] + 1]++;
  for (let v = 0; v < range; v++) start[v + 1] += start[v];
  const out = new Int32Array(keys.length);
  for (let j = 0; j < keys.length; j++) {
    const i = within ? within[j] : j;
    out[start[keys[i]]++] = i;
  }
  return out;
}

/** The distinct triples (order not kept: the CSR sorts every entity's edges anyway). */

/** Degree summary with log-2 histogram buckets. */
export function degreeStats(degrees: number[]): DegreeStats {
  if (degrees.length === 0) return { min: 0, max: 0, mean: 0, p50: 0, p90: 0, p99: 0, histogram: [] };
  const sorted = Float64Array.from(degrees).sort();
  const q = (p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  const histogram: DegreeStats['histogram'] = [];
  for (const d of sorted) {
    const from = d <= 0 ? 0 : 2 ** Math.floor(Math.log2(d));
    const to = d <= 0 ? 0 : from * 2 - 1;
    const last = histogram[histogram.length - 1];
    if (last && last.from === from) last.count++;
    else histogram.push({ from, to, count: 1 });
  }
  const sum = degrees.reduce((a, b) => a + b, 0);
  return { min: sorted[0], max: sorted[sorted.length - 1], mean: sum / degrees.length, p50: q(0.5), p90: q(0.9), p99: q(0.99), histogram };
}
