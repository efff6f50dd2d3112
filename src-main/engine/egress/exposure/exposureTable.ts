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

/**
 * The one match of a graph's entities against the ledger's keyed subjects: entity index → its record, when a Brain
 * saw it in at least one session. The table lists these; the QA engine's hub stage reads "seen before" off it.
 */
export function exposedRecordOf(graph: Pick<TableGraph, 'name' | 'ids'>, lookup: (qualifiedId: string) => SubjectRecord | undefined): (entity: number) => SubjectRecord | undefined {
  return (entity) => {
    const r = lookup(subjectId(graph, entity));
    return r && r.sessions > 0 ? r : undefined;
  };
}

export function exposureTable(
  graph: TableGraph,
  lookup: (qualifiedId: string) => SubjectRecord | undefined,
  relations: ExposedRelationRow[],
  sessions: number,
): ExposureTable {
  const entities: ExposedEntityRow[] = [];
  const exposed = exposedRecordOf(graph, lookup);
  for (let i = 0; i < graph.ids.length; i++) {
    const r = exposed(i);
    if (!r) continue;
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
