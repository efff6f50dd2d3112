// The exposure table of one graph: its entities looked up in the ledger by their keyed subject, exposed ones kept,
// names joined from the local graph. Pure over a lookup, so it is testable without a ledger file.
import type { ExposedEntityRow, ExposedRelationRow, ExposureTable } from '../../../common/exposureTableTypes.js';
import { subjectId } from './tokenResolver.js';

export interface SubjectRecord {
  sessions: number;
  calls: number;
  eligibleSessions?: number;
}

export interface TableGraph {
  name: string;
  ids: readonly string[];
  names: readonly string[];
  types: readonly (string | undefined)[];
}

export function exposureTable(
  graph: TableGraph,
  lookup: (qualifiedId: string) => SubjectRecord | undefined,
  relations: ExposedRelationRow[],
  sessions: number,
): ExposureTable {
  const entities: ExposedEntityRow[] = [];
  for (let i = 0; i < graph.ids.length; i++) {
    const r = lookup(subjectId(graph, i));
    if (!r || r.sessions <= 0) continue;
    const row: ExposedEntityRow = { id: graph.ids[i], name: graph.names[i], sessions: r.sessions, calls: r.calls };
    if (graph.types[i] !== undefined) row.type = graph.types[i];
    if (r.eligibleSessions !== undefined) row.eligibleSessions = r.eligibleSessions;
    entities.push(row);
  }
  entities.sort((a, b) => b.sessions - a.sessions || b.calls - a.calls || a.name.localeCompare(b.name));
  return {
    graph: graph.name,
    entities,
    relations: [...relations].sort((a, b) => b.sessions - a.sessions || b.edges - a.edges || a.label.localeCompare(b.label)),
    sessions,
  };
}
