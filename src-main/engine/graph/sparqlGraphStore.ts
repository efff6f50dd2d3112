// GraphStore over the user's own SPARQL 1.1 store. Every read is a SELECT to the configured endpoint (sparqlClient):
// label lookup, neighbourhoods and k-hop expansions with the per-(relation, direction) caps pushed into the query,
// schema statistics computed by the endpoint (counts and the degree distribution, never a row per entity), paths
// over the bounded expansion around their start. Frontiers are sent in batches, and answers are reused for a minute. The QA pipeline reads a MemoryGraph: `entities()` / `triples()` page the whole graph in once, refused
// with a clear message above `maxTriples`.
import type { Direction, Entity, GraphPath, GraphStats, LiteralKind, Neighborhood, NeighborGroup, NeighborOptions, SparqlSource, Subgraph, Triple } from '../../common/graphTypes.js';
import { normalizeName } from '../../common/normalizeName.js';
import type { ExpandOptions, FindOptions, GraphStore, PathOptions } from './graphStore.js';
import { UnknownEntityError } from './graphStore.js';
import { detectLiteralKind } from './literalKind.js';
import { degreeStats, MemoryGraph } from './memoryGraph.js';
import { SparqlClient, SparqlEndpointError, type SparqlBinding, type SparqlClientOptions, type SparqlTerm } from './sparqlClient.js';
import {
  allTriplesPageQuery,
  countAllQuery,
  degreeDistributionQuery,
  degreeQuery,
  describeQuery,
  groupCountsQuery,
  groupMembersQuery,
  labelExactQuery,
  labelSearchQuery,
  literalsPageQuery,
  relationCountsQuery,
  type GroupRequest,
  type SparqlScope,
} from './sparqlQueries.js';
import { entityOfTerm, isIriId, RDF_TYPE } from './sparqlTerms.js';
import { shortenIri } from './shortenIri.js';

/** Default ceiling on a graph paged into memory for question answering. */
export const DEFAULT_MAX_TRIPLES = 5_000_000;

export interface SparqlStoreOptions extends SparqlClientOptions {
  /** Rows per page when the whole graph is read (keep it at or below the endpoint's own row limit). */
  pageSize?: number;
  /** The most triples `entities()` / `triples()` will page in (default 5 M). */
  maxTriples?: number;
  /** Ids sent in one query (VALUES blocks, sub-selects). */
  batchSize?: number;
  /** Query answers kept (least recently used dropped first). */
  cacheSize?: number;
  /** How long a query's answer is reused (default 60 s). */
  cacheTtlMs?: number;
}

export class SparqlGraphTooLargeError extends Error {
  constructor(
    readonly graph: string,
    readonly triples: number,
    readonly max: number,
  ) {
    super(
      `Graph "${graph}" holds ${triples.toLocaleString('en-US')} triples at its SPARQL endpoint; question answering reads a graph into memory ` +
        `and is limited to ${max.toLocaleString('en-US')} (set CTRLG_SPARQL_MAX_TRIPLES to raise it, or point --graph-iri at a smaller named graph).`,
    );
    this.name = 'SparqlGraphTooLargeError';
  }
}

/** Whole-graph pages requested ahead of the one being read. */
const PAGES_IN_FLIGHT = 3;

/** The most entities a path search expands to before giving up on completeness. */
const PATH_MAX_ENTITIES = 200_000;

interface Snapshot {
  entities: Entity[];
  triples: Triple[];
}

interface Group {
  relation: string;
  direction: Direction;
  total: number;
}

export class SparqlGraphStore implements GraphStore {
  readonly scope: SparqlScope;
  private readonly client: SparqlClient;
  private readonly pageSize: number;
  private readonly maxTriples: number;
  private readonly batchSize: number;
  private readonly cacheSize: number;
  private readonly cacheTtlMs: number;
  private readonly cache = new Map<string, { at: number; answer: Promise<SparqlBinding[]> }>();
  private snapshot: Promise<Snapshot> | undefined;

  constructor(
    readonly name: string,
    readonly source: SparqlSource,
    options: SparqlStoreOptions = {},
  ) {
    this.client = new SparqlClient(source.endpoint, options);
    this.scope = { labelPredicate: source.labelPredicate, ...(source.graphIri ? { graphIri: source.graphIri } : {}) };
    this.pageSize = options.pageSize ?? 10_000;
    this.maxTriples = options.maxTriples ?? DEFAULT_MAX_TRIPLES;
    this.batchSize = options.batchSize ?? 200;
    this.cacheSize = options.cacheSize ?? 2_000;
    this.cacheTtlMs = options.cacheTtlMs ?? 60_000;
  }

  get endpoint(): string {
    return this.client.endpoint;
  }

  /**
   * A SELECT, answered from the cache when the same text was asked in the last `cacheTtlMs` (one question's or one
   * view's repeated lookups; the store is the user's and may change, so answers age out). A failure is not kept.
   */
  select(query: string, limit?: number): Promise<SparqlBinding[]> {
    const hit = this.cache.get(query);
    if (hit && Date.now() - hit.at <= this.cacheTtlMs) {
      this.cache.delete(query);
      this.cache.set(query, hit);
      return hit.answer;
    }
    const answer = this.client.select(query, limit === undefined ? {} : { limit });
    const entry = { at: Date.now(), answer };
    this.cache.delete(query);
    this.cache.set(query, entry);
    answer.catch(() => {
      if (this.cache.get(query) === entry) this.cache.delete(query);
    });
    if (this.cache.size > this.cacheSize) this.cache.delete(this.cache.keys().next().value!);
    return answer;
  }

  /** Triples in scope (edges, labels and types): what the endpoint holds for this graph. */
  async countAll(): Promise<number> {
    const [row] = await this.select(countAllQuery(this.scope));
    return Number(row?.n?.value ?? 0);
  }

  async stats(): Promise<GraphStats> {
    const [relations, degrees, literals] = await Promise.all([
      this.select(relationCountsQuery(this.scope)),
      this.select(degreeDistributionQuery(this.scope)),
      this.literalKinds(),
    ]);
    const degreeList: number[] = [];
    for (const row of degrees) for (let k = Number(row.n.value); k > 0; k--) degreeList.push(Number(row.d.value));
    const counts: Record<LiteralKind, number> = { date: 0, number: 0, string: 0 };
    for (const kind of literals.values()) counts[kind]++;
    const rel = relations.map((r) => ({ label: shortenIri(r.p.value), count: Number(r.n.value) }));
    return {
      name: this.name,
      entities: degreeList.length,
      triples: rel.reduce((a, r) => a + r.count, 0),
      relations: mergeByLabel(rel).sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)),
      literals: counts,
      degree: degreeStats(degreeList),
    };
  }

  /** Each distinct literal tail (by lexical form, as entities are keyed) and its kind. */
  private async literalKinds(): Promise<Map<string, LiteralKind>> {
    const kinds = new Map<string, LiteralKind>();
    for (let offset = 0; ; offset += this.pageSize) {
      const rows = await this.select(literalsPageQuery(this.scope, this.pageSize, offset), this.pageSize);
      for (const row of rows) {
        const e = entityOfTerm(row.o);
        if (!kinds.has(e.id)) kinds.set(e.id, e.literal!);
      }
      if (rows.length < this.pageSize) return kinds;
    }
  }

  async getEntity(id: string): Promise<Entity | undefined> {
    const degree = (await this.degrees([id])).get(id) ?? 0;
    const described = isIriId(id) ? (await this.describe([id])).get(id) : undefined;
    // Known when it has an edge, or (an IRI) a label or type.
    if (degree === 0 && !(described && (described.name !== shortenIri(id) || described.type))) return undefined;
    return { ...(described ?? entityOfTerm({ type: 'literal', value: id })), degree };
  }

  async findEntities(query: string, options: FindOptions = {}): Promise<Entity[]> {
    const limit = options.limit ?? 20;
    const mode = options.mode ?? 'normalized';
    const norm = normalizeName(query);
    const found = new Map<string, Entity>();
    // An id as written: an IRI, or a literal (keyed by its lexical form; looked up only when it reads as a date or
    // number, or the caller asked for exact ids, since a store scans its literals to find one).
    if (isIriId(query) || (!query.startsWith('_:') && (mode === 'exact' || detectLiteralKind(query) !== undefined))) {
      const e = await this.getEntity(mode === 'exact' ? query : query.trim());
      if (e) found.set(e.id, e);
    }
    const candidates = Math.max(limit * 50, 1000);
    // A label written exactly as typed is an index lookup; only when there is none (or for substrings) does the
    // endpoint scan the labels, narrowed by one piece of the query, and normalizeName decides on this side.
    const exact = mode === 'contains' ? [] : await this.select(labelExactQuery(this.scope, mode === 'exact' ? query : query.trim(), candidates), candidates);
    const needle = labelNeedle(query);
    if (exact.length || needle) {
      const rows = exact.length ? exact : await this.select(labelSearchQuery(this.scope, needle, candidates), candidates);
      for (const row of rows) {
        const label = row.l.value;
        const ok = mode === 'exact' ? label === query : mode === 'normalized' ? normalizeName(label) === norm : normalizeName(label).includes(norm);
        if (ok && !found.has(row.x.value)) found.set(row.x.value, { ...entityOfTerm(row.x), name: label });
      }
    }
    const hits = [...found.values()];
    const degrees = await this.degrees(hits.map((e) => e.id));
    for (const e of hits) e.degree = degrees.get(e.id) ?? 0;
    return hits.sort((a, b) => b.degree! - a.degree! || a.id.localeCompare(b.id)).slice(0, limit);
  }

  async neighbors(id: string, options: NeighborOptions = {}): Promise<Neighborhood> {
    const center = await this.getEntity(id);
    if (!center) throw new UnknownEntityError(id, this.name);
    const want = options.direction ?? 'both';
    const groups = ((await this.groupsOf([id])).get(id) ?? []).filter((g) => want === 'both' || g.direction === want);
    const members = await this.members(id, groups, options.capPerRelation);
    const out: NeighborGroup[] = groups.map((g) => ({ relation: shortenIri(g.relation), direction: g.direction, total: g.total, shown: members.get(groupKey(id, g)) ?? [] }));
    return { center, groups: out };
  }

  async expand(seeds: string[], hops: number, options: ExpandOptions = {}): Promise<Subgraph> {
    const cap = options.capPerRelation ?? Infinity;
    const maxEntities = options.maxEntities ?? Infinity;
    const known = new Map<string, Entity>();
    for (const s of seeds) {
      const e = await this.getEntity(s);
      if (!e) throw new UnknownEntityError(s, this.name);
      known.set(s, e);
    }
    const dist = new Map<string, number>(seeds.map((s) => [s, 0]));
    const tripleKeys = new Set<string>();
    const triples: Triple[] = [];
    const cut: Subgraph['cut'] = [];
    let frontier = [...new Set(seeds)];
    for (let d = 0; d < hops && frontier.length > 0; d++) {
      const groupsByCentre = await this.groupsOf(frontier);
      const requests: GroupRequest[] = [];
      for (const u of frontier)
        for (const g of groupsByCentre.get(u) ?? [])
          requests.push({ centre: u, relation: g.relation, direction: g.direction, ...(g.total > cap ? { limit: cap } : {}) });
      const members = await this.membersOf(requests);
      const next: string[] = [];
      for (const u of frontier) {
        for (const g of groupsByCentre.get(u) ?? []) {
          const shown = members.get(groupKey(u, g)) ?? [];
          if (shown.length < g.total) cut.push({ entity: u, relation: shortenIri(g.relation), direction: g.direction, total: g.total, kept: shown.length });
          for (const v of shown) {
            if (!dist.has(v.id)) {
              if (dist.size >= maxEntities) continue;
              dist.set(v.id, d + 1);
              known.set(v.id, v);
              next.push(v.id);
            }
            const [h, t] = g.direction === 'out' ? [u, v.id] : [v.id, u];
            const relation = shortenIri(g.relation);
            const key = `${h}\u0000${relation}\u0000${t}`;
            if (!tripleKeys.has(key)) {
              tripleKeys.add(key);
              triples.push({ head: h, relation, tail: t });
            }
          }
        }
      }
      frontier = next;
    }
    const distance: Record<string, number> = {};
    for (const [id, d] of dist) distance[id] = d;
    return { seeds, entities: [...dist.keys()].map((id) => known.get(id)!), triples, distance, cut };
  }

  async paths(from: string[], to: string[], maxLength: number, options: PathOptions = {}): Promise<GraphPath[]> {
    // Every path of at most maxLength edges from `from` lies inside their maxLength-hop neighbourhood.
    const starts: string[] = [];
    for (const f of from) if (await this.getEntity(f)) starts.push(f);
    if (starts.length === 0) return [];
    const sub = await this.expand(starts, maxLength, { maxEntities: PATH_MAX_ENTITIES });
    const local = MemoryGraph.fromTriples(this.name, sub.entities, sub.triples);
    return local.paths(starts, to, maxLength, options);
  }

  async *entities(batchSize = 10_000): AsyncIterable<Entity[]> {
    const { entities } = await this.wholeGraph();
    for (let s = 0; s < entities.length; s += batchSize) yield entities.slice(s, s + batchSize);
  }

  async *triples(batchSize = 10_000): AsyncIterable<Triple[]> {
    const { triples } = await this.wholeGraph();
    for (let s = 0; s < triples.length; s += batchSize) yield triples.slice(s, s + batchSize);
  }

  /** The whole graph, paged in once (labels name entities, rdf:type types them, the rest are edges). */
  wholeGraph(): Promise<Snapshot> {
    this.snapshot ??= this.readWholeGraph();
    this.snapshot.catch(() => (this.snapshot = undefined));
    return this.snapshot;
  }

  private async readWholeGraph(): Promise<Snapshot> {
    const total = await this.countAll();
    if (total > this.maxTriples) throw new SparqlGraphTooLargeError(this.name, total, this.maxTriples);
    const byId = new Map<string, Entity>();
    const labels = new Map<string, string>();
    const types = new Map<string, string>();
    const triples: Triple[] = [];
    const entity = (term: SparqlTerm): string => {
      const e = entityOfTerm(term);
      if (!byId.has(e.id)) byId.set(e.id, e);
      return e.id;
    };
    let read = 0;
    // Pages are not cached (the snapshot keeps them); a few in flight keep the endpoint's threads busy while one is
    // parsed here. Each is read in order; one that fails after an earlier failure is already handled.
    const pages = Math.ceil(total / this.pageSize);
    const inFlight = new Map<number, Promise<{ s: SparqlTerm; p: SparqlTerm; o: SparqlTerm }[]>>();
    const start = (k: number): void => {
      if (k >= pages) return;
      const page = this.client.construct(allTriplesPageQuery(this.scope, this.pageSize, k * this.pageSize), { limit: this.pageSize });
      page.catch(() => undefined);
      inFlight.set(k, page);
    };
    for (let k = 0; k < PAGES_IN_FLIGHT; k++) start(k);
    for (let k = 0; k < pages; k++) {
      const rows = await inFlight.get(k)!;
      inFlight.delete(k);
      start(k + PAGES_IN_FLIGHT);
      read += rows.length;
      for (const { s, p, o } of rows) {
        const subject = s.type === 'bnode' ? `_:${s.value}` : s.value;
        if (p.value === this.scope.labelPredicate && o.type !== 'uri' && o.type !== 'bnode') {
          if (!labels.has(subject)) labels.set(subject, o.value);
        } else if (p.value === RDF_TYPE && (o.type === 'uri' || o.type === 'bnode')) {
          if (!types.has(subject)) types.set(subject, shortenIri(o.value));
        } else {
          triples.push({ head: entity(s), relation: shortenIri(p.value), tail: entity(o) });
        }
      }
    }
    if (read !== total)
      throw new SparqlEndpointError(this.client.endpoint, `paging returned ${read} of ${total} triples (the graph changed while it was read, or the endpoint cut a page): try again`);
    const entities = [...byId.values()];
    for (const e of entities) {
      const label = labels.get(e.id);
      if (label !== undefined && !e.literal) e.name = label;
      const type = types.get(e.id);
      if (type !== undefined) e.type = type;
    }
    return { entities, triples };
  }

  async close(): Promise<void> {
    this.cache.clear();
    this.snapshot = undefined;
  }

  // ---- batched reads ----

  /** (relation IRI, direction, size) groups of each centre. */
  private async groupsOf(ids: string[]): Promise<Map<string, Group[]>> {
    const out = new Map<string, Group[]>();
    for (const batch of this.batches(ids)) {
      for (const row of await this.select(groupCountsQuery(this.scope, batch))) {
        const centre = batch.length === 1 ? batch[0] : row.c.value;
        const list = out.get(centre) ?? [];
        list.push({ relation: row.p.value, direction: row.dir.value as Direction, total: Number(row.n.value) });
        out.set(centre, list);
      }
    }
    for (const list of out.values()) list.sort((a, b) => a.relation.localeCompare(b.relation) || (a.direction === b.direction ? 0 : a.direction === 'out' ? -1 : 1));
    return out;
  }

  private members(id: string, groups: Group[], cap: number | undefined): Promise<Map<string, Entity[]>> {
    return this.membersOf(groups.map((g) => ({ centre: id, relation: g.relation, direction: g.direction, ...(cap !== undefined && g.total > cap ? { limit: cap } : {}) })));
  }

  /** Members of each requested group, keyed by groupKey, named and typed. */
  private async membersOf(requests: GroupRequest[]): Promise<Map<string, Entity[]>> {
    const out = new Map<string, Map<string, Entity>>();
    // Sub-selects (capped groups, literal centres) cost a query plan each: fewer of them go in one request.
    const whole = requests.filter((r) => r.limit === undefined && isIriId(r.centre));
    const single = requests.filter((r) => !(r.limit === undefined && isIriId(r.centre)));
    const chunks: GroupRequest[][] = [...chunk(whole, this.batchSize), ...chunk(single, Math.max(1, Math.floor(this.batchSize / 8)))];
    await Promise.all(
      chunks.map(async (batch) => {
        const rows = await this.select(groupMembersQuery(this.scope, batch));
        // A literal centre's rows carry the literal term; the request says which id it stands for.
        const literalCentre = batch.length === 1 && !isIriId(batch[0].centre) ? batch[0].centre : undefined;
        for (const row of rows) {
          const centre = literalCentre ?? row.c.value;
          const key = `${centre}\u0000${row.p.value}\u0000${row.dir.value}`;
          let group = out.get(key);
          if (!group) out.set(key, (group = new Map()));
          const e = entityOfTerm(row.x);
          if (group.has(e.id)) continue;
          if (row.l && !e.literal) e.name = row.l.value;
          if (row.t) e.type = shortenIri(row.t.value);
          group.set(e.id, e);
        }
      }),
    );
    return new Map([...out].map(([k, v]) => [k, [...v.values()]]));
  }

  /** Names and types of IRI entities. */
  private async describe(iris: string[]): Promise<Map<string, Entity>> {
    const out = new Map<string, Entity>();
    for (const batch of this.batches(iris))
      for (const row of await this.select(describeQuery(this.scope, batch))) {
        const e = out.get(row.x.value) ?? entityOfTerm(row.x);
        if (row.l && e.name === shortenIri(e.id)) e.name = row.l.value;
        if (row.t && e.type === undefined) e.type = shortenIri(row.t.value);
        out.set(e.id, e);
      }
    return out;
  }

  private async degrees(ids: string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const batch of this.batches(ids))
      for (const row of await this.select(degreeQuery(this.scope, batch))) {
        const id = batch.length === 1 ? batch[0] : row.c.value;
        out.set(id, (out.get(id) ?? 0) + Number(row.n.value));
      }
    return out;
  }

  /** IRI ids in batches; a literal id always alone (it is bound by a filter, not VALUES); blank nodes are not addressable. */
  private batches(ids: string[]): string[][] {
    const iris = ids.filter(isIriId);
    const literals = ids.filter((id) => !isIriId(id) && !id.startsWith('_:'));
    return [...chunk(iris, this.batchSize), ...literals.map((l) => [l])];
  }
}

/**
 * The piece of a query every matching label holds: its longest run of ASCII letters and digits, lower-cased (stores
 * lower-case ASCII alike; not every one folds other letters, and a label may hold an accent the query left out).
 * A query with no such run (another script) narrows by its longest word as written.
 */
export function labelNeedle(query: string): string {
  const longest = (parts: string[]) => parts.reduce((a, b) => (b.length > a.length ? b : a), '');
  return longest(query.toLowerCase().split(/[^a-z0-9]+/)) || longest(query.trim().split(/\s+/));
}

function groupKey(centre: string, g: { relation: string; direction: Direction }): string {
  return `${centre}\u0000${g.relation}\u0000${g.direction}`;
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let s = 0; s < items.length; s += size) out.push(items.slice(s, s + size));
  return out;
}

/** Predicates that shorten to the same label count as one relation (as the importer reads them). */
function mergeByLabel(rel: { label: string; count: number }[]): { label: string; count: number }[] {
  const m = new Map<string, number>();
  for (const r of rel) m.set(r.label, (m.get(r.label) ?? 0) + r.count);
  return [...m].map(([label, count]) => ({ label, count }));
}
