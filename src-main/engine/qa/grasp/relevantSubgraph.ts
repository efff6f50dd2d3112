// Relevance-based l-hop extraction (GraSP): instead of every neighbour, keep from each anchor the k1 neighbours
// whose triple text (relation words + neighbour name) is closest to the question, then the k2 best neighbours of
// each kept entity, up to l hops. The result is small enough to run the encoder on, and its edges are all graph
// edges among the kept entities (both directions), so the encoder also sees shortcuts between branches.
import type { MemoryGraph } from '../../graph/memoryGraph.js';
import type { EntityVectors } from './entityVectors.js';

/** True for an edge to leave out (training hides masked edges this way). Called with the stored triple. */
export type EdgeFilter = (head: number, relation: number, tail: number) => boolean;

export interface RelevanceOptions {
  /** Hops from the anchors (default 2). */
  l?: number;
  /** Neighbours kept per anchor (default 32). */
  k1?: number;
  /** Neighbours kept per entity at later hops (default 12). */
  k2?: number;
  /** Hard cap on kept entities (default 1500). */
  maxNodes?: number;
  exclude?: EdgeFilter;
}

export const DEFAULT_RELEVANCE: Required<Omit<RelevanceOptions, 'exclude'>> = { l: 2, k1: 32, k2: 12, maxNodes: 1500 };

export interface RelevantSubgraph {
  /** Local index → entity; anchors first. */
  nodes: number[];
  localOf: Map<number, number>;
  anchorCount: number;
  /** Hop of each local node from its anchor. */
  hop: Int32Array;
  /** Local parent on the expansion tree (-1 for anchors) and the relation/direction that reached the node. */
  parent: Int32Array;
  parentRelation: Int32Array;
  /** Direction seen from the parent: 0 = parent is the head of the triple. */
  parentDirection: Uint8Array;
  /** Local message edges src → dst, every graph edge among kept nodes in both directions. */
  edgeSrc: Int32Array;
  edgeDst: Int32Array;
  /** relation * 2 + direction seen from dst (0 = dst is the head). */
  edgeKey: Int32Array;
}

export interface RelevanceContext {
  graph: MemoryGraph;
  /** Unit DRM vector per relation (graph.relationLabels order). */
  relationVectors: ArrayLike<number>[];
  entityVectors: EntityVectors;
}

function dotArr(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

export function relevantSubgraph(ctx: RelevanceContext, anchors: number[], question: ArrayLike<number>, options: RelevanceOptions = {}): RelevantSubgraph {
  const { graph, relationVectors, entityVectors } = ctx;
  const l = options.l ?? DEFAULT_RELEVANCE.l;
  const k1 = options.k1 ?? DEFAULT_RELEVANCE.k1;
  const k2 = options.k2 ?? DEFAULT_RELEVANCE.k2;
  const maxNodes = options.maxNodes ?? DEFAULT_RELEVANCE.maxNodes;
  const exclude = options.exclude;
  const relQ = relationVectors.map((r) => dotArr(question, r));
  const nameQ = new Map<number, number>();

  const nodes: number[] = [];
  const localOf = new Map<number, number>();
  const hop: number[] = [];
  const parent: number[] = [];
  const parentRelation: number[] = [];
  const parentDirection: number[] = [];
  const add = (e: number, h: number, p: number, r: number, d: number): void => {
    localOf.set(e, nodes.length);
    nodes.push(e);
    hop.push(h);
    parent.push(p);
    parentRelation.push(r);
    parentDirection.push(d);
  };
  for (const a of anchors) if (!localOf.has(a) && a >= 0 && a < graph.size) add(a, 0, -1, -1, 0);
  const anchorCount = nodes.length;

  // Score of the triple text "relation words + neighbour name" against the question: the SIF sentence vector of
  // the concatenation is (up to weights) the normalised sum of the two unit vectors, so its cosine with q is
  // (q·r + q·n) / |r + n|.
  const tripleScore = (rel: number, nb: number): number => {
    let qn = nameQ.get(nb);
    const nv = entityVectors.of(nb);
    if (qn === undefined) {
      qn = dotArr(question, nv);
      nameQ.set(nb, qn);
    }
    const rn = dotArr(relationVectors[rel], nv);
    return (relQ[rel] + qn) / Math.sqrt(Math.max(1e-6, 2 + 2 * rn));
  };

  let frontier = Array.from({ length: anchorCount }, (_, i) => i);
  for (let depth = 1; depth <= l && frontier.length > 0 && nodes.length < maxNodes; depth++) {
    const k = depth === 1 ? k1 : k2;
    const next: number[] = [];
    for (const local of frontier) {
      if (nodes.length >= maxNodes) break;
      const e = nodes[local];
      // Best edge per new neighbour.
      const best = new Map<number, { s: number; r: number; d: number }>();
      for (let x = graph.offsets[e]; x < graph.offsets[e + 1]; x++) {
        const nb = graph.edgeNeighbor[x];
        if (nb === e || localOf.has(nb)) continue;
        const r = graph.edgeRelation[x];
        const d = graph.edgeDirection[x];
        if (exclude && (d === 0 ? exclude(e, r, nb) : exclude(nb, r, e))) continue;
        const s = tripleScore(r, nb);
        const prev = best.get(nb);
        if (!prev || s > prev.s) best.set(nb, { s, r, d });
      }
      const ranked = [...best.entries()].sort((a, b) => b[1].s - a[1].s || a[0] - b[0]).slice(0, k);
      for (const [nb, { r, d }] of ranked) {
        if (nodes.length >= maxNodes) break;
        if (localOf.has(nb)) continue;
        add(nb, depth, local, r, d);
        next.push(nodes.length - 1);
      }
    }
    frontier = next;
  }

  // Induced edges among kept nodes, both directions (each CSR entry of a kept node is one incoming message).
  const src: number[] = [];
  const dst: number[] = [];
  const key: number[] = [];
  for (let i = 0; i < nodes.length; i++) {
    const e = nodes[i];
    for (let x = graph.offsets[e]; x < graph.offsets[e + 1]; x++) {
      const j = localOf.get(graph.edgeNeighbor[x]);
      if (j === undefined || j === i) continue;
      const r = graph.edgeRelation[x];
      const d = graph.edgeDirection[x];
      if (exclude && (d === 0 ? exclude(e, r, graph.edgeNeighbor[x]) : exclude(graph.edgeNeighbor[x], r, e))) continue;
      src.push(j);
      dst.push(i);
      key.push(r * 2 + d);
    }
  }
  return {
    nodes,
    localOf,
    anchorCount,
    hop: Int32Array.from(hop),
    parent: Int32Array.from(parent),
    parentRelation: Int32Array.from(parentRelation),
    parentDirection: Uint8Array.from(parentDirection),
    edgeSrc: Int32Array.from(src),
    edgeDst: Int32Array.from(dst),
    edgeKey: Int32Array.from(key),
  };
}
