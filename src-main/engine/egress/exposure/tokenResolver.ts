// From a view token to the raw entities behind it, as ledger subjects. Ids are qualified by graph name, since
// two graphs may both have an entity "1". Resolution uses φ_Q and so works only while the question is open.
import type { ViewMapping } from '../../core/types.js';

/** View token → qualified raw ids ("graph\0id") of every entity behind it. */
export type TokenResolver = (token: string) => readonly string[];

export function tokenResolver(mapping: ViewMapping, graph: { name: string; ids: readonly string[] }): TokenResolver {
  return (token) => mapping.members(token).map((e) => subjectId(graph, e));
}

/** The qualified raw id ("graph\0id") of one entity: what the ledger keys its subjects by. */
export function subjectId(graph: { name: string; ids: readonly string[] }, entity: number): string {
  return `${graph.name}\u0000${graph.ids[entity]}`;
}
