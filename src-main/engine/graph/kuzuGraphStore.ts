// GraphStore over one Kuzu database (one graph). Queries are prepared once and run one at a time on a
// single connection; results that can be large (hubs, whole-graph scans) are capped or paged.
import type { Connection, Database, KuzuValue, PreparedStatement, QueryResult } from 'kuzu';
import type {
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
import { bufferPoolBytes } from './bufferPool.js';
import { MemoryGraph, degreeStats } from './memoryGraph.js';
import { assertLocalPath } from '../node/localPath.js';

type Row = Record<string, KuzuValue>;

const Q = {
  byId: 'MATCH (e:Entity {id: $id}) RETURN e',
  byIds: 'MATCH (e:Entity) WHERE e.id IN $ids RETURN e',
  byNorm: 'MATCH (e:Entity) WHERE e.norm = $norm RETURN e ORDER BY e.degree DESC, e.id LIMIT $limit',
  byNormContains: 'MATCH (e:Entity) WHERE e.norm CONTAINS $norm RETURN e ORDER BY e.degree DESC, e.id LIMIT $limit',
  edgesOut:
    'MATCH (u:Entity)-[r:Rel]->(v:Entity) WHERE u.id IN $ids RETURN u.id AS src, r.label AS label, v ORDER BY src, label, v.degree DESC, v.id',
  edgesIn:
    'MATCH (u:Entity)<-[r:Rel]-(v:Entity) WHERE u.id IN $ids RETURN u.id AS src, r.label AS label, v ORDER BY src, label, v.degree DESC, v.id',
  edgeIdsOut: 'MATCH (u:Entity)-[r:Rel]->(v:Entity) WHERE u.id IN $ids RETURN u.id AS h, r.label AS r, v.id AS t',
  edgeIdsIn: 'MATCH (u:Entity)<-[r:Rel]-(v:Entity) WHERE u.id IN $ids RETURN v.id AS h, r.label AS r, u.id AS t',
  groupCountsOut: 'MATCH (u:Entity {id: $id})-[r:Rel]->(:Entity) RETURN r.label AS label, count(*) AS n',
  groupCountsIn: 'MATCH (u:Entity {id: $id})<-[r:Rel]-(:Entity) RETURN r.label AS label, count(*) AS n',
  groupOut: 'MATCH (u:Entity {id: $id})-[r:Rel]->(v:Entity) WHERE r.label = $label RETURN v ORDER BY v.degree DESC, v.id LIMIT $cap',
  groupIn: 'MATCH (u:Entity {id: $id})<-[r:Rel]-(v:Entity) WHERE r.label = $label RETURN v ORDER BY v.degree DESC, v.id LIMIT $cap',
  countEntities: 'MATCH (e:Entity) RETURN count(e) AS n',
  countTriples: 'MATCH ()-[r:Rel]->() RETURN count(r) AS n',
  relationCounts: 'MATCH ()-[r:Rel]->() RETURN r.label AS label, count(r) AS n',
  literalCounts: 'MATCH (e:Entity) WHERE e.literal IS NOT NULL RETURN e.literal AS kind, count(e) AS n',
  degreeCounts: 'MATCH (e:Entity) RETURN e.degree AS d, count(e) AS n ORDER BY d',
  // Scalar columns: converting NODE values costs about twice as much per row. Pages are ranges of the entities'
  // import order (`ord`), or of the node table's offsets in a database without it: a filter on the scan, so no
  // result holds the whole graph (SKIP would rescan per page). Within a head, triples come by label.
  hasOrd: "CALL table_info('Entity') WHERE name = 'ord' RETURN count(*) AS n",
  maxOrd: 'MATCH (e:Entity) RETURN max(e.ord) AS n',
  maxOffset: 'MATCH (e:Entity) RETURN max(offset(id(e))) AS n',
  entityPageByOrd:
    'MATCH (e:Entity) WHERE e.ord >= $lo AND e.ord < $hi RETURN e.id AS id, e.name AS name, e.type AS type, e.literal AS literal, e.degree AS degree ORDER BY e.ord',
  triplePageByOrd:
    'MATCH (a:Entity)-[r:Rel]->(b:Entity) WHERE a.ord >= $lo AND a.ord < $hi RETURN a.id AS h, r.label AS r, b.id AS t ORDER BY a.ord, r.label, b.ord',
  entityPage:
    'MATCH (e:Entity) WHERE offset(id(e)) >= $lo AND offset(id(e)) < $hi RETURN e.id AS id, e.name AS name, e.type AS type, e.literal AS literal, e.degree AS degree ORDER BY offset(id(e))',
  triplePage:
    'MATCH (a:Entity)-[r:Rel]->(b:Entity) WHERE offset(id(a)) >= $lo AND offset(id(a)) < $hi RETURN a.id AS h, r.label AS r, b.id AS t ORDER BY offset(id(a)), r.label, offset(id(b))',
} as const;

/** Entities per page when the whole graph is read (a page of triples holds their out-edges). */
export const READ_PAGE_ENTITIES = 100_000;

function toEntity(v: KuzuValue): Entity {
  const n = v as Record<string, KuzuValue>;
  const e: Entity = { id: n.id as string, name: n.name as string, degree: Number(n.degree ?? 0) };
  if (n.type !== null && n.type !== undefined) e.type = n.type as string;
  if (n.literal !== null && n.literal !== undefined) e.literal = n.literal as LiteralKind;
  return e;
}

export interface KuzuOpenOptions {
  readOnly?: boolean;
  /** Triples the database holds, to size its buffer pool (bufferPool.ts); unknown reads as a small graph. */
  triples?: number;
}

export class KuzuGraphStore implements GraphStore {
  private readonly statements = new Map<string, PreparedStatement>();
  /** Serialises queries: one Kuzu connection runs one statement at a time. */
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  private statsCache: GraphStats | undefined;

  private constructor(
    readonly name: string,
    readonly path: string,
    private readonly db: Database,
    private readonly conn: Connection,
  ) {}

  static async open(name: string, path: string, options: KuzuOpenOptions = {}): Promise<KuzuGraphStore> {
    assertLocalPath(path, `The graph "${name}"`);
    // The native addon loads on the first open, not with the module: a question answered from the graph's snapshot
    // never opens the database.
    const { default: kuzu } = await import('kuzu');
    const db = new kuzu.Database(path, bufferPoolBytes({ triples: options.triples ?? 0 }), true, options.readOnly ?? true);
    await db.init();
    const conn = new kuzu.Connection(db);
    await conn.init();
    return new KuzuGraphStore(name, path, db, conn);
  }

  /** Runs a prepared statement under the connection's queue; the caller reads (and closes) the result. */
  private execute(cypher: string, params: Record<string, KuzuValue> = {}): Promise<QueryResult> {
    const job = this.queue.then(async () => {
      if (this.closed) throw new Error(`Graph "${this.name}" is closed.`);
      let ps = this.statements.get(cypher);
      if (!ps) {
        ps = await this.conn.prepare(cypher);
        if (!ps.isSuccess()) throw new Error(`Kuzu could not prepare a query: ${ps.getErrorMessage()}`);
        this.statements.set(cypher, ps);
      }
      const result = await this.conn.execute(ps, params);
      if (!Array.isArray(result)) return result;
      // Only the last statement's rows are read; the others are closed now, not by the garbage collector.
      for (const r of result.slice(0, -1)) r.close();
      return result[result.length - 1];
    });
    this.queue = job.catch(() => undefined);
    return job;
  }

  // getNextSync reads rows already materialised by Kuzu; it is ~7x faster than getAll()/getNext(),
  // which hop through the thread pool once per row.
  private async run(cypher: string, params: Record<string, KuzuValue> = {}): Promise<Row[]> {
    const result = await this.execute(cypher, params);
    try {
      const rows: Row[] = [];
      while (result.hasNext()) rows.push(result.getNextSync()!);
      return rows;
    } finally {
      result.close();
    }
  }

  /**
   * Reads a whole table in pages of `pageEntities` entities (by import order, else node offset), yielding batches of at most `batchSize`: Kuzu
   * materialises one page at a time, never the whole graph (a single result overflowed its buffer pool at 4M).
   */
  private async *paged<T>(kind: 'entity' | 'triple', batchSize: number, pageEntities: number, map: (r: Row) => T): AsyncGenerator<T[]> {
    const byOrd = Number((await this.run(Q.hasOrd))[0]?.n ?? 0) > 0;
    const top = (await this.run(byOrd ? Q.maxOrd : Q.maxOffset))[0]?.n;
    if (top === null || top === undefined) return;
    const cypher = kind === 'entity' ? (byOrd ? Q.entityPageByOrd : Q.entityPage) : byOrd ? Q.triplePageByOrd : Q.triplePage;
    const last = Number(top);
    for (let lo = 0; lo <= last; lo += pageEntities) {
      const rows = await this.run(cypher, { lo, hi: lo + pageEntities });
      for (let s = 0; s < rows.length; s += batchSize) yield rows.slice(s, s + batchSize).map(map);
    }
  }

  async getEntity(id: string): Promise<Entity | undefined> {
    const rows = await this.run(Q.byId, { id });
    return rows.length ? toEntity(rows[0].e) : undefined;
  }

  private async requireEntity(id: string): Promise<Entity> {
    const e = await this.getEntity(id);
    if (!e) throw new UnknownEntityError(id, this.name);
    return e;
  }

  async findEntities(query: string, options: FindOptions = {}): Promise<Entity[]> {
    const limit = options.limit ?? 20;
    const mode = options.mode ?? 'normalized';
    const norm = normalizeName(query);
    if (mode === 'exact') {
      const byId = await this.getEntity(query);
      if (byId) return [byId];
      if (!norm) return [];
      const rows = await this.run(Q.byNorm, { norm, limit: 100_000 });
      return rows.map((r) => toEntity(r.e)).filter((e) => e.name === query).slice(0, limit);
    }
    if (!norm) return [];
    const rows = await this.run(mode === 'contains' ? Q.byNormContains : Q.byNorm, { norm, limit });
    return rows.map((r) => toEntity(r.e));
  }

  /** One hop from a set of entities in one direction: rows (u, label, v entity), grouped order. */
  private async edgesFrom(ids: string[], direction: Direction): Promise<{ u: string; label: string; v: Entity }[]> {
    if (ids.length === 0) return [];
    const rows = await this.run(direction === 'out' ? Q.edgesOut : Q.edgesIn, { ids });
    return rows.map((r) => ({ u: r.src as string, label: r.label as string, v: toEntity(r.v) }));
  }

  async neighbors(id: string, options: NeighborOptions = {}): Promise<Neighborhood> {
    const center = await this.requireEntity(id);
    const cap = options.capPerRelation ?? Infinity;
    const want = options.direction ?? 'both';
    const groups: NeighborGroup[] = [];
    for (const direction of ['out', 'in'] as const) {
      if (want !== 'both' && want !== direction) continue;
      if (cap === Infinity) {
        for (const g of groupEdges(await this.edgesFrom([id], direction)))
          groups.push({ relation: g.label, direction, total: g.items.length, shown: g.items });
        continue;
      }
      // Counted first, then only `cap` rows per group cross into JS: a hub's thousands of neighbours stay in Kuzu.
      const counts = await this.run(direction === 'out' ? Q.groupCountsOut : Q.groupCountsIn, { id });
      for (const c of counts) {
        const label = c.label as string;
        const total = Number(c.n);
        const rows = await this.run(direction === 'out' ? Q.groupOut : Q.groupIn, { id, label, cap: Math.min(cap, total) });
        groups.push({ relation: label, direction, total, shown: rows.map((r) => toEntity(r.v)) });
      }
    }
    groups.sort((a, b) => a.relation.localeCompare(b.relation) || (a.direction === b.direction ? 0 : a.direction === 'out' ? -1 : 1));
    return { center, groups };
  }

  async expand(seeds: string[], hops: number, options: ExpandOptions = {}): Promise<Subgraph> {
    const cap = options.capPerRelation ?? Infinity;
    const maxEntities = options.maxEntities ?? Infinity;
    const found = await this.run(Q.byIds, { ids: [...new Set(seeds)] });
    const entities = new Map<string, Entity>(found.map((r) => [(r.e as Row).id as string, toEntity(r.e)]));
    for (const s of seeds) if (!entities.has(s)) throw new UnknownEntityError(s, this.name);
    const distance: Record<string, number> = {};
    for (const s of seeds) distance[s] = 0;
    const tripleKeys = new Set<string>();
    const triples: Triple[] = [];
    const cut: Subgraph['cut'] = [];
    let frontier = [...new Set(seeds)];
    for (let d = 0; d < hops && frontier.length > 0; d++) {
      const next: string[] = [];
      for (const direction of ['out', 'in'] as const) {
        for (const g of groupEdges(await this.edgesFrom(frontier, direction))) {
          const kept = Math.min(g.items.length, cap);
          if (kept < g.items.length) cut.push({ entity: g.u, relation: g.label, direction, total: g.items.length, kept });
          for (const v of g.items.slice(0, kept)) {
            if (!(v.id in distance)) {
              if (entities.size >= maxEntities) continue;
              distance[v.id] = d + 1;
              entities.set(v.id, v);
              next.push(v.id);
            }
            const t = direction === 'out' ? { head: g.u, relation: g.label, tail: v.id } : { head: v.id, relation: g.label, tail: g.u };
            const key = `${t.head}\u0000${t.relation}\u0000${t.tail}`;
            if (!tripleKeys.has(key)) {
              tripleKeys.add(key);
              triples.push(t);
            }
          }
        }
      }
      frontier = next;
    }
    return { seeds, entities: [...entities.values()], triples, distance, cut };
  }

  /** Every triple touching the entities within `hops` of the seeds (no caps): the raw material for paths. */
  private async ball(seeds: string[], hops: number, into: Triple[]): Promise<void> {
    const seen = new Set(seeds);
    let frontier = [...seen];
    for (let d = 0; d < hops && frontier.length > 0; d++) {
      const next: string[] = [];
      for (const q of [Q.edgeIdsOut, Q.edgeIdsIn]) {
        for (const r of await this.run(q, { ids: frontier })) {
          const t = { head: r.h as string, relation: r.r as string, tail: r.t as string };
          into.push(t);
          for (const x of [t.head, t.tail]) if (!seen.has(x)) (seen.add(x), next.push(x));
        }
      }
      frontier = next;
    }
  }

  async paths(from: string[], to: string[], maxLength: number, options: PathOptions = {}): Promise<GraphPath[]> {
    // Every vertex of a path of length ≤ L lies within ⌈L/2⌉ of its start or ⌊L/2⌋ of its end, and every
    // edge has an endpoint strictly inside one of those balls, so the two balls hold all such paths.
    const triples: Triple[] = [];
    await this.ball(from, Math.ceil(maxLength / 2), triples);
    await this.ball(to, Math.floor(maxLength / 2), triples);
    const entities = (await this.run(Q.byIds, { ids: [...new Set([...from, ...to])] })).map((r) => toEntity(r.e));
    const local = MemoryGraph.fromTriples(this.name, entities, triples);
    return local.paths(from, to, maxLength, options);
  }

  async stats(): Promise<GraphStats> {
    if (this.statsCache) return this.statsCache;
    const [ents, trips, rels, lits, degs] = [
      await this.run(Q.countEntities),
      await this.run(Q.countTriples),
      await this.run(Q.relationCounts),
      await this.run(Q.literalCounts),
      await this.run(Q.degreeCounts),
    ];
    const literals: Record<LiteralKind, number> = { date: 0, number: 0, string: 0 };
    for (const r of lits) literals[r.kind as LiteralKind] = Number(r.n);
    const degrees: number[] = [];
    for (const r of degs) for (let k = Number(r.n); k > 0; k--) degrees.push(Number(r.d));
    this.statsCache = {
      name: this.name,
      entities: Number(ents[0]?.n ?? 0),
      triples: Number(trips[0]?.n ?? 0),
      relations: rels
        .map((r) => ({ label: r.label as string, count: Number(r.n) }))
        .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)),
      literals,
      degree: degreeStats(degrees),
    };
    return this.statsCache;
  }

  async *entities(batchSize = 10_000, pageEntities = READ_PAGE_ENTITIES): AsyncIterable<Entity[]> {
    yield* this.paged('entity', batchSize, pageEntities, toEntity);
  }

  async *triples(batchSize = 10_000, pageEntities = READ_PAGE_ENTITIES): AsyncIterable<Triple[]> {
    yield* this.paged('triple', batchSize, pageEntities, (r) => ({ head: r.h as string, relation: r.r as string, tail: r.t as string }));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.queue;
    this.closed = true;
    this.statements.clear();
    await this.conn.close();
    await this.db.close();
  }
}

interface EdgeGroup {
  u: string;
  label: string;
  items: Entity[];
}

/** Rows arrive ordered by (u, label); consecutive rows with the same pair form one capped group. */
function groupEdges(rows: { u: string; label: string; v: Entity }[]): EdgeGroup[] {
  const groups: EdgeGroup[] = [];
  let cur: EdgeGroup | undefined;
  for (const r of rows) {
    if (!cur || cur.u !== r.u || cur.label !== r.label) groups.push((cur = { u: r.u, label: r.label, items: [] }));
    cur.items.push(r.v);
  }
  return groups;
}
