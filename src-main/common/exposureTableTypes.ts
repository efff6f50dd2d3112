// The exposure view: which entities of one graph and which relation labels a Brain has seen, in how many sessions
// (questions). Entity names are joined in locally from the graph: the ledger itself holds keyed subjects only.

export interface ExposedEntityRow {
  id: string;
  name: string;
  type?: string;
  /** Sessions (questions) in which a Brain saw it. */
  sessions: number;
  /** Brain calls whose payload showed it. */
  calls: number;
  /** Sessions in which it was in the question's raw subgraph, where the ledger recorded the cohort. */
  eligibleSessions?: number;
}

export interface ExposedRelationRow {
  label: string;
  sessions: number;
  calls: number;
  /** Edges sent with this label. */
  edges: number;
}

export interface ExposureTable {
  graph: string;
  /** Exposed entities of this graph, most sessions first. */
  entities: ExposedEntityRow[];
  /** Relation labels as they were shown (ledger-wide: labels carry no graph). */
  relations: ExposedRelationRow[];
  /** Question sessions in the ledger. */
  sessions: number;
}
