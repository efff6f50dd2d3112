// Graph data types shared by the engine, the IPC contract and the renderer. Pure types: no Node, no Electron.

/** Kind of literal an entity's text denotes; the sanitizer coarsens these (dates → year, numbers → buckets). */
export type LiteralKind = 'date' | 'number' | 'string';

export interface Entity {
  /** Stable key: the name as written for pipe/tab/CSV files, the full IRI (or blank-node label) for RDF. */
  id: string;
  /** Display name: the name itself, rdfs:label, or a shortened IRI. */
  name: string;
  /** Optional type (rdf:type, or a CSV type column). */
  type?: string;
  /** Set when the entity's text is a literal (year, rating, count, ISO date, quoted RDF string). */
  literal?: LiteralKind;
  /** Total degree (in + out), when the store knows it. */
  degree?: number;
}

/** One stored fact, by entity ids. */
export interface Triple {
  head: string;
  relation: string;
  tail: string;
}

export type Direction = 'out' | 'in';

/** A neighbour reached over one edge, seen from the centre entity. */
export interface NeighborEdge {
  relation: string;
  direction: Direction;
  entity: Entity;
}

/** Neighbours grouped by (relation, direction); hubs are capped and report how many were left out. */
export interface NeighborGroup {
  relation: string;
  direction: Direction;
  total: number;
  shown: Entity[];
}

export interface Neighborhood {
  center: Entity;
  groups: NeighborGroup[];
}

export interface NeighborOptions {
  /** At most this many neighbours per (relation, direction); the rest are counted, not returned. */
  capPerRelation?: number;
  direction?: Direction | 'both';
}

export interface Subgraph {
  seeds: string[];
  entities: Entity[];
  triples: Triple[];
  /** Hop distance of each entity id from the nearest seed. */
  distance: Record<string, number>;
  /** What the degree caps cut: (entity, relation, direction) groups with their full size. */
  cut: { entity: string; relation: string; direction: Direction; total: number; kept: number }[];
}

/** A path as alternating entities and edges; edges[i] joins entities[i] and entities[i+1]. */
export interface GraphPath {
  entities: string[];
  edges: { relation: string; direction: Direction }[];
}

export interface DegreeStats {
  min: number;
  max: number;
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  /** Log-2 buckets: [1], [2,3], [4,7], … with counts. */
  histogram: { from: number; to: number; count: number }[];
}

export interface GraphStats {
  name: string;
  entities: number;
  triples: number;
  relations: { label: string; count: number }[];
  literals: Record<LiteralKind, number>;
  degree: DegreeStats;
}

export interface ImportSource {
  file: string;
  sha256: string;
  format: ImportFormat;
  triples: number;
  importedAt: string;
}

export interface GraphInfo {
  name: string;
  entities: number;
  triples: number;
  createdAt: string;
  updatedAt: string;
  sources: ImportSource[];
  /** Set for a graph that lives in the user's own SPARQL 1.1 store (nothing is imported; queries go to the endpoint). */
  sparql?: SparqlSource;
}

/** A SPARQL 1.1 endpoint as a graph source: the user's own store, queried read-only. */
export interface SparqlSource {
  /** The query endpoint (http or https), without credentials. */
  endpoint: string;
  /** The named graph to read; the endpoint's default graph when absent. */
  graphIri?: string;
  /** The predicate whose literal is an entity's display name (default rdfs:label). */
  labelPredicate: string;
}

export type ImportFormat = 'tsv' | 'csv' | 'nt' | 'ttl';

export interface CsvColumns {
  head: string;
  relation: string;
  tail: string;
  /** Optional columns giving entity types. */
  headType?: string;
  tailType?: string;
  delimiter?: string;
}

export interface ImportProgress {
  phase: 'parse' | 'load' | 'swap' | 'done';
  lines: number;
  bytes: number;
  totalBytes: number;
  triples: number;
  /** Lines per second so far. */
  rate: number;
  /** Seconds left, estimated from bytes read; null when unknown. */
  etaSeconds: number | null;
}

export interface ImportIssue {
  file: string;
  line: number;
  /** 1-based, where the parser knows it. */
  column?: number;
  /** What is wrong, never the line's text. */
  reason: string;
  /** The start of the offending line (the CLI shows it); empty where it was too long or must not travel. */
  text: string;
}

export interface ImportResult {
  graph: string;
  file: string;
  format: ImportFormat;
  triplesRead: number;
  triplesAdded: number;
  triplesTotal: number;
  entitiesTotal: number;
  skipped: ImportIssue[];
  ms: number;
}

/** Two relations whose facts mirror each other; the explorer shows `inverse` facts as reversed `relation` facts. */
export interface InversePair {
  relation: string;
  inverse: string;
  /** Facts of the larger of the two relations. */
  facts: number;
  /** The smaller share of each relation's facts found reversed in the other (0–1). */
  coverage: number;
}
