// Sanitizer stage 1: the question subgraph in local numbering (anchors first, then the other nodes, then any edge
// end not listed), its raw edges deduplicated, each with the index of its visible relation, and the undirected
// labelled CSR the later stages walk. Also the two walks they share: building a CSR and hop distances.
import type { QuestionSubgraph } from '../../core/types.js';
import type { LabelledCsr } from './wlColours.js';

/** Distance of a node no walk reached. */
export const UNREACHED = 1 << 30;

/** Edges by index: head, raw relation, tail and visible relation of edge i. */
export interface LocalEdges {
  head: number[];
  relation: number[];
  tail: number[];
  visible: number[];
}

export interface LocalSubgraph {
  /** Local index → raw entity. */
  entities: number[];
  /** Raw entity → local index. */
  localOf: Map<number, number>;
  /** Local indexes of the anchors, in subgraph order. */
  anchors: number[];
  /** The raw edges, deduplicated, in local numbering. */
  edges: LocalEdges;
  /** Visible relation labels, indexed by edges.visible (numbered in order of first use). */
  visibleLabels: string[];
  /** Every edge as an undirected CSR (labels visible*2 + direction). */
  csr: LabelledCsr;
}

/** Numbers the subgraph locally; `visibleOf` gives each raw relation's visible label. Pure. */
export function localSubgraph(subgraph: QuestionSubgraph, visibleOf: readonly string[]): LocalSubgraph {
  const localOf = new Map<number, number>();
  const entities: number[] = [];
  const add = (e: number): void => {
    if (localOf.has(e)) return;
    localOf.set(e, entities.length);
    entities.push(e);
  };
  for (const a of subgraph.anchors) add(a);
  for (const e of subgraph.nodes) add(e);
  for (const ed of subgraph.edges) {
    add(ed.head);
    add(ed.tail);
  }
  const n = entities.length;
  const relCount = visibleOf.length;

  const visibleId = new Map<string, number>();
  const visibleLabels: string[] = [];
  const visibleOfRelation = new Int32Array(relCount).fill(-1);
  const visibleIndex = (r: number): number => {
    let v = visibleOfRelation[r];
    if (v < 0) {
      const label = visibleOf[r];
      v = visibleId.get(label) ?? -1;
      if (v < 0) {
        v = visibleLabels.length;
        visibleLabels.push(label);
        visibleId.set(label, v);
      }
      visibleOfRelation[r] = v;
    }
    return v;
  };

  const seen = new Set<number>();
  const edges: LocalEdges = { head: [], relation: [], tail: [], visible: [] };
  for (const ed of subgraph.edges) {
    const h = localOf.get(ed.head)!;
    const t = localOf.get(ed.tail)!;
    const key = (h * relCount + ed.relation) * n + t;
    if (seen.has(key)) continue;
    seen.add(key);
    edges.head.push(h);
    edges.relation.push(ed.relation);
    edges.tail.push(t);
    edges.visible.push(visibleIndex(ed.relation));
  }
  const anchors = subgraph.anchors.map((a) => localOf.get(a)!);
  return { entities, localOf, anchors, edges, visibleLabels, csr: buildCsr(n, edges.head, edges.visible, edges.tail) };
}

/** Whether edge i has both ends among the `kept` nodes. */
export function keptEdge(edges: LocalEdges, kept: Uint8Array, i: number): boolean {
  return kept[edges.head[i]] === 1 && kept[edges.tail[i]] === 1;
}

/** Undirected CSR with edge labels visible*2+direction, over the edges `use` accepts (all when absent). */
export function buildCsr(n: number, head: readonly number[], visible: readonly number[], tail: readonly number[], use?: (i: number) => boolean): LabelledCsr {
  const deg = new Int32Array(n + 1);
  for (let i = 0; i < head.length; i++) {
    if (use && !use(i)) continue;
    deg[head[i]]++;
    deg[tail[i]]++;
  }
  const offsets = new Int32Array(n + 1);
  for (let u = 0; u < n; u++) offsets[u + 1] = offsets[u] + deg[u];
  const fill = offsets.slice(0, n);
  const label = new Int32Array(offsets[n]);
  const neighbor = new Int32Array(offsets[n]);
  for (let i = 0; i < head.length; i++) {
    if (use && !use(i)) continue;
    let at = fill[head[i]]++;
    label[at] = visible[i] * 2;
    neighbor[at] = tail[i];
    at = fill[tail[i]]++;
    label[at] = visible[i] * 2 + 1;
    neighbor[at] = head[i];
  }
  return { offsets, label, neighbor };
}

/** Hop distance from the nearest source, ignoring direction; only through nodes `within` allows. */
export function bfsDistances(n: number, csr: LabelledCsr, sources: readonly number[], within?: Uint8Array): Int32Array {
  const dist = new Int32Array(n).fill(UNREACHED);
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  for (const s of sources)
    if (dist[s] === UNREACHED) {
      dist[s] = 0;
      queue[tail++] = s;
    }
  while (head < tail) {
    const u = queue[head++];
    for (let k = csr.offsets[u]; k < csr.offsets[u + 1]; k++) {
      const v = csr.neighbor[k];
      if (dist[v] !== UNREACHED || (within && !within[v])) continue;
      dist[v] = dist[u] + 1;
      queue[tail++] = v;
    }
  }
  return dist;
}
