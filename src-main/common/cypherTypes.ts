// What the read-only Cypher console returns: a table of JSON-safe cells, and the nodes and relationships found in
// it, so the renderer can draw the same result as a graph.

/** One cell: scalars as they are (big integers as strings), nodes, relationships and paths as plain objects. */
export type CypherCell = null | boolean | number | string | CypherCell[] | { [key: string]: CypherCell };

export interface CypherGraphNode {
  /** Kuzu's internal id ("table:offset"), stable within one result. */
  key: string;
  table: string;
  /** The node's `id` (or `name`) property when it has one, else its key. */
  label: string;
  properties: Record<string, CypherCell>;
}

export interface CypherGraphEdge {
  key: string;
  source: string;
  target: string;
  /** The relationship's `label` property when it has one, else its table name. */
  label: string;
}

export interface CypherResult {
  columns: string[];
  rows: CypherCell[][];
  /** True when the query had more rows than the row limit; only the first `rows.length` came back. */
  truncated: boolean;
  ms: number;
  graph: { nodes: CypherGraphNode[]; edges: CypherGraphEdge[] };
}
