// One DRM vector per relation of a graph, from the words of its label (`film.directed_by` → "film directed by").
// Every question on a graph compares against the same relations, so the vectors are computed once per graph
// instance and DRM, and dropped with the graph (WeakMap).
import { tokenizeLabel } from '../../drm/tokenize.js';
import type { MemoryGraph } from '../../graph/memoryGraph.js';
import type { Drm } from '../../core/types.js';

const memo = new WeakMap<MemoryGraph, WeakMap<Drm, Promise<Float32Array[]>>>();

/** The text a relation label is embedded as; exported so other stages describe relations the same way. */
export function relationText(label: string): string {
  const words = tokenizeLabel(label);
  return words.length ? words.join(' ') : label;
}

/** Unit vectors, indexed like graph.relationLabels. */
export function embedRelations(graph: MemoryGraph, drm: Drm): Promise<Float32Array[]> {
  let byDrm = memo.get(graph);
  if (!byDrm) {
    byDrm = new WeakMap();
    memo.set(graph, byDrm);
  }
  let p = byDrm.get(drm);
  if (!p) {
    p = drm.embed(graph.relationLabels.map(relationText));
    const owner = byDrm;
    p.catch(() => owner.delete(drm));
    byDrm.set(drm, p);
  }
  return p;
}
