// G_Q^raw: the part of the graph a question can reach, a bounded breadth-first expansion around its topic
// entities up to dMax hops, following edges in both directions. Real graphs have hubs (a genre with 10k films,
// a year, a hospital with every patient) that would swallow any budget, so each (entity, relation, direction)
// group is capped — generously for relations the question talks about (DRM relevance), tightly for the rest —
// and each hop gets a share of a global node budget. Every cut is recorded, so later stages (and the user) can
// tell "not in the graph" from "not explored".
import { dot } from '../../drm/cosine.js';
import { DIR_OUT, type MemoryGraph } from '../../graph/memoryGraph.js';
import type { QuestionSubgraph, RawEdge } from '../../core/types.js';

export interface QuestionSubgraphOptions {
  /** Hops from the anchors (default 3). */
  dMax?: number;
  /** Neighbours kept per group for the most relevant relation (default 100); irrelevant ones get ~1/12 of it. */
  fanoutCap?: number;
  /** Node budget for the whole subgraph (default 3000). */
  maxNodes?: number;
}

/** Groups too large to rank neighbour by neighbour are ranked by degree alone. */
const RANK_WORK_LIMIT = 4000;

interface PendingGroup {
  entity: number;
  relation: number;
  dir: number;
  start: number;
  end: number;
  relevance: number;
}

/**
 * Relevance of each relation to the question in [0, 1]: cosine rescaled over this graph's relations, squared so
 * the few relations the question is about stand out from the many it is not.
 */
export function relationRelevance(questionVector: Float32Array, relationVectors: Float32Array[]): Float64Array {
  const raw = relationVectors.map((v) => dot(questionVector, v));
  const lo = Math.min(...raw);
  const hi = Math.max(...raw);
  return Float64Array.from(raw, (x) => (hi - lo < 1e-9 ? 1 : ((x - lo) / (hi - lo)) ** 2));
}

export function buildQuestionSubgraph(
  graph: MemoryGraph,
  anchors: number[],
  questionVector: Float32Array,
  relationVectors: Float32Array[],
  options: QuestionSubgraphOptions = {},
): QuestionSubgraph {
  const dMax = options.dMax ?? 3;
  const highCap = Math.max(1, options.fanoutCap ?? 100);
  const lowCap = Math.max(1, Math.round(highCap / 12));
  const maxNodes = Math.max(1, options.maxNodes ?? 3000);
  const relevance = relationRelevance(questionVector, relationVectors);
  const capOf = (rel: number): number => Math.round(lowCap + (highCap - lowCap) * relevance[rel]);

  const distance = new Map<number, number>();
  const nodes: number[] = [];
  const edges: RawEdge[] = [];
  const edgeKeys = new Set<string>();
  const cut: QuestionSubgraph['cut'] = [];
  const uniqueAnchors = [...new Set(anchors)].filter((a) => a >= 0 && a < graph.size);
  for (const a of uniqueAnchors.slice(0, maxNodes)) {
    distance.set(a, 0);
    nodes.push(a);
  }

  const addEdge = (u: number, rel: number, dir: number, v: number): void => {
    const head = dir === DIR_OUT ? u : v;
    const tail = dir === DIR_OUT ? v : u;
    const key = `${head} ${rel} ${tail}`;
    if (edgeKeys.has(key)) return;
    edgeKeys.add(key);
    edges.push({ head, relation: rel, tail });
  };

  let frontier = [...distance.keys()];
  for (let d = 1; d <= dMax && frontier.length > 0; d++) {
    // Later hops fan out more, so they get larger shares of what is left (weights 1, 2, 4, …).
    let weightLeft = 0;
    for (let x = d; x <= dMax; x++) weightLeft += 2 ** (x - 1);
    let budget = Math.floor(((maxNodes - nodes.length) * 2 ** (d - 1)) / weightLeft);

    const groups: PendingGroup[] = [];
    for (const u of frontier)
      graph.forEachGroup(u, (relation, dir, start, end) => groups.push({ entity: u, relation, dir, start, end, relevance: relevance[relation] }));
    // Relevant relations first, then small groups (cheap, precise), then a fixed order.
    groups.sort((x, y) => y.relevance - x.relevance || x.end - x.start - (y.end - y.start) || x.entity - y.entity || x.relation - y.relation || x.dir - y.dir);

    const next: number[] = [];
    for (const g of groups) {
      const total = g.end - g.start;
      const cap = capOf(g.relation);
      let kept = 0;
      if (total <= cap) {
        for (let k = g.start; k < g.end; k++) {
          const v = graph.edgeNeighbor[k];
          if (!distance.has(v)) {
            if (budget <= 0) continue;
            distance.set(v, d);
            nodes.push(v);
            next.push(v);
            budget--;
          }
          addEdge(g.entity, g.relation, g.dir, v);
          kept++;
        }
      } else {
        // Edges back into the subgraph add no node: always kept (they close paths between kept entities).
        for (let k = g.start; k < g.end; k++) {
          const v = graph.edgeNeighbor[k];
          if (!distance.has(v)) continue;
          addEdge(g.entity, g.relation, g.dir, v);
          kept++;
        }
        for (const v of pickNeighbours(graph, g, relevance, distance, Math.min(cap, budget))) {
          distance.set(v, d);
          nodes.push(v);
          next.push(v);
          budget--;
          addEdge(g.entity, g.relation, g.dir, v);
          kept++;
        }
      }
      if (kept < total) cut.push({ entity: g.entity, relation: g.relation, direction: g.dir === DIR_OUT ? 'out' : 'in', total, kept });
    }
    frontier = next;
  }
  return { anchors: uniqueAnchors, nodes, edges, distance, cut };
}

/**
 * The `count` best new neighbours of a capped group: those whose own other relations matter to the question
 * first, then low-degree ones (cheap: leaves and literals cost one node and lead nowhere), then lower entity
 * index, so the choice is deterministic. A bounded heap keeps this O(n log count) on hubs of 10k+ edges.
 */
function pickNeighbours(graph: MemoryGraph, g: PendingGroup, relevance: Float64Array, distance: Map<number, number>, count: number): number[] {
  if (count <= 0) return [];
  const detailed = g.end - g.start <= RANK_WORK_LIMIT;
  const heap = new NeighbourHeap(count);
  for (let k = g.start; k < g.end; k++) {
    const v = graph.edgeNeighbor[k];
    if (distance.has(v)) continue;
    let best = 0;
    if (detailed) {
      // Best relevance among v's other relations, one look per (relation, direction) group.
      const end = graph.offsets[v + 1];
      for (let e = graph.offsets[v]; e < end; ) {
        const r = graph.edgeRelation[e];
        if (r !== g.relation && relevance[r] > best) best = relevance[r];
        const dir = graph.edgeDirection[e];
        while (e < end && graph.edgeRelation[e] === r && graph.edgeDirection[e] === dir) e++;
      }
    }
    const literal = graph.literalOf(v) !== undefined;
    heap.offer(v, best + (literal ? 0.5 : 0) - 0.1 * Math.log1p(graph.degreeOf(v)));
  }
  return heap.drainBestFirst();
}

/** Min-heap of the best `limit` (score, entity) pairs; ties go to the lower entity index. */
class NeighbourHeap {
  private readonly ids: number[] = [];
  private readonly scores: number[] = [];
  constructor(private readonly limit: number) {}

  /** True when (sa, a) ranks below (sb, b). */
  private worse(sa: number, a: number, sb: number, b: number): boolean {
    return sa < sb || (sa === sb && a > b);
  }

  offer(id: number, score: number): void {
    const { ids, scores } = this;
    if (ids.length < this.limit) {
      ids.push(id);
      scores.push(score);
      let i = ids.length - 1;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (!this.worse(scores[i], ids[i], scores[p], ids[p])) break;
        this.swap(i, p);
        i = p;
      }
      return;
    }
    if (!this.worse(scores[0], ids[0], score, id)) return;
    ids[0] = id;
    scores[0] = score;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < ids.length && this.worse(scores[l], ids[l], scores[m], ids[m])) m = l;
      if (r < ids.length && this.worse(scores[r], ids[r], scores[m], ids[m])) m = r;
      if (m === i) break;
      this.swap(i, m);
      i = m;
    }
  }

  private swap(i: number, j: number): void {
    [this.ids[i], this.ids[j]] = [this.ids[j], this.ids[i]];
    [this.scores[i], this.scores[j]] = [this.scores[j], this.scores[i]];
  }

  drainBestFirst(): number[] {
    const order = this.ids.map((_, i) => i);
    order.sort((x, y) => this.scores[y] - this.scores[x] || this.ids[x] - this.ids[y]);
    return order.map((i) => this.ids[i]);
  }
}
