// The engine's read API over one stored graph. KuzuGraphStore is the durable implementation;
// MemoryGraph is the same API over an in-memory CSR index (the QA hot path, and tests).
import type {
  Entity,
  GraphPath,
  GraphStats,
  Neighborhood,
  NeighborOptions,
  Subgraph,
  Triple,
} from '../../common/graphTypes.js';

export interface FindOptions {
  limit?: number;
  /** exact: id or name as written; normalized: normalizeName equality; contains: normalized substring. */
  mode?: 'exact' | 'normalized' | 'contains';
}

export interface ExpandOptions {
  /** Per (entity, relation, direction) fan-out cap; groups above it are cut and recorded in Subgraph.cut. */
  capPerRelation?: number;
  /** Stop adding entities past this many. */
  maxEntities?: number;
}

export interface PathOptions {
  limit?: number;
}

export interface GraphStore {
  readonly name: string;
  stats(): Promise<GraphStats>;
  getEntity(id: string): Promise<Entity | undefined>;
  findEntities(query: string, options?: FindOptions): Promise<Entity[]>;
  neighbors(id: string, options?: NeighborOptions): Promise<Neighborhood>;
  /** Bounded breadth-first expansion around the seeds, up to `hops`. */
  expand(seeds: string[], hops: number, options?: ExpandOptions): Promise<Subgraph>;
  /** Simple paths (edges in either direction) from any of `from` to any of `to` with at most maxLength edges. */
  paths(from: string[], to: string[], maxLength: number, options?: PathOptions): Promise<GraphPath[]>;
  /** Every entity, in batches (bounded memory). */
  entities(batchSize?: number): AsyncIterable<Entity[]>;
  /** Every triple, in batches (bounded memory). */
  triples(batchSize?: number): AsyncIterable<Triple[]>;
  close(): Promise<void>;
}

/** Raised for an id or name the graph does not hold. */
export class UnknownEntityError extends Error {
  constructor(readonly entity: string, readonly graph: string) {
    super(`No entity "${entity}" in graph "${graph}".`);
    this.name = 'UnknownEntityError';
  }
}
