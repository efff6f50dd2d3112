// What a memory audit scans records against: the names and ids of the graphs the memory may have seen.
import type { GraphLibrary } from '../import/graphLibrary.js';

export interface GraphDictionaries {
  names: string[];
  ids: string[];
  graphs: string[];
}

/** Names and ids of the given graphs, or of every graph in the library. */
export async function graphDictionaries(library: GraphLibrary, graphs?: string[]): Promise<GraphDictionaries> {
  const list = graphs ?? (await library.list()).map((g) => g.name);
  const names: string[] = [];
  const ids: string[] = [];
  for (const g of list) {
    const m = await library.memoryGraph(g);
    names.push(...m.names);
    ids.push(...m.ids);
  }
  return { names, ids, graphs: list };
}
