// Training signal from the user's own graph, no labelled questions needed:
//  - link prediction: hide the edges (anchor, r, ·) (all or one), ask "anchor + relation words", and score the
//    hidden tails inside the anchor's relevance subgraph built WITHOUT those edges, so the encoder learns to recover
//    a missing edge from the surrounding topology (co-occurring relations, shared neighbours);
//  - synthetic path questions: a random relation path of 1–3 hops from an anchor, worded generically as the
//    anchor's name followed by the relation words, answered by every entity the path reaches; a share of the
//    answers' last-hop edges is hidden, so answers must also be found when the final edge is missing.
import type { MemoryGraph } from '../../graph/memoryGraph.js';
import { relationText } from '../stages/relationVectors.js';
import type { GraspContext } from './graspContext.js';
import type { Prng } from '../../random/prng.js';
import type { EdgeFilter } from './relevantSubgraph.js';

export interface TrainingExample {
  kind: 'link' | 'path' | 'qa';
  anchors: number[];
  question: Float32Array;
  /** Entities that answer the question. */
  targets: number[];
  /** Answers left visible (direct, unhidden edges): neither positive nor negative for link prediction. */
  ignore?: number[];
  exclude?: EdgeFilter;
}

/** Hidden triples as a set; keys are (head, relation) → tails. */
export class HiddenEdges {
  private readonly byHead = new Map<number, Set<number>>();
  constructor(private readonly relationCount: number) {}
  add(head: number, relation: number, tail: number): void {
    const k = head * this.relationCount + relation;
    let s = this.byHead.get(k);
    if (!s) this.byHead.set(k, (s = new Set()));
    s.add(tail);
  }
  get size(): number {
    let n = 0;
    for (const s of this.byHead.values()) n += s.size;
    return n;
  }
  readonly filter: EdgeFilter = (h, r, t) => this.byHead.get(h * this.relationCount + r)?.has(t) ?? false;
}

/** Owner entity of CSR edge slot x. */
export function edgeOwner(graph: MemoryGraph, x: number): number {
  let lo = 0;
  let hi = graph.size - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (graph.offsets[mid] <= x) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

const MAX_TARGETS = 100;

function questionVector(ctx: GraspContext, anchor: number, relations: number[]): Float32Array {
  const words = relations.map((r) => relationText(ctx.graph.relationLabels[r])).join(' ');
  return ctx.drm.embedOne(`${ctx.graph.names[anchor]} ${words}`);
}

/** Link prediction around a random edge: hides the whole (anchor, r, dir) group half the time, else one edge. */
export function linkExample(ctx: GraspContext, rng: Prng): TrainingExample | undefined {
  const g = ctx.graph;
  const m = g.edgeNeighbor.length;
  if (m === 0) return undefined;
  const x = rng.int(m);
  const anchor = edgeOwner(g, x);
  const r = g.edgeRelation[x];
  const d = g.edgeDirection[x];
  const group: number[] = [];
  for (let y = g.offsets[anchor]; y < g.offsets[anchor + 1]; y++)
    if (g.edgeRelation[y] === r && g.edgeDirection[y] === d && g.edgeNeighbor[y] !== anchor) group.push(g.edgeNeighbor[y]);
  if (group.length === 0 || group.length > MAX_TARGETS) return undefined;
  const hideAll = rng.next() < 0.5;
  const hidden = new HiddenEdges(g.relationLabels.length);
  const targets = hideAll ? group : [g.edgeNeighbor[x]];
  for (const t of targets) (d === 0 ? hidden.add(anchor, r, t) : hidden.add(t, r, anchor));
  const ignore = hideAll ? [] : group.filter((t) => t !== g.edgeNeighbor[x]);
  return { kind: 'link', anchors: [anchor], question: questionVector(ctx, anchor, [r]), targets, ignore, exclude: hidden.filter };
}

/** A random relation path of 1–3 hops; `dropShare` of the answers' last-hop edges are hidden. */
export function pathExample(ctx: GraspContext, rng: Prng, dropShare = 0.3): TrainingExample | undefined {
  const g = ctx.graph;
  const m = g.edgeNeighbor.length;
  if (m === 0) return undefined;
  const u = rng.next();
  const length = u < 0.3 ? 1 : u < 0.7 ? 2 : 3;
  const anchor = edgeOwner(g, rng.int(m));
  const steps: { r: number; d: number }[] = [];
  let at = anchor;
  let prev = -1;
  for (let k = 0; k < length; k++) {
    const deg = g.offsets[at + 1] - g.offsets[at];
    if (deg === 0) return undefined;
    let y = g.offsets[at] + rng.int(deg);
    // Do not walk straight back (films → director → the same films is a 1-hop question in disguise).
    if (g.edgeNeighbor[y] === prev && deg > 1) y = g.offsets[at] + ((y - g.offsets[at] + 1) % deg);
    steps.push({ r: g.edgeRelation[y], d: g.edgeDirection[y] });
    prev = at;
    at = g.edgeNeighbor[y];
  }
  // Every entity the relation path reaches (frontier capped: a path through a hub answers nothing specific).
  let frontier = new Set([anchor]);
  const layers: Set<number>[] = [frontier];
  for (const { r, d } of steps) {
    const next = new Set<number>();
    for (const e of frontier)
      for (let y = g.offsets[e]; y < g.offsets[e + 1]; y++)
        if (g.edgeRelation[y] === r && g.edgeDirection[y] === d && g.edgeNeighbor[y] !== anchor) next.add(g.edgeNeighbor[y]);
    if (next.size === 0 || next.size > 400) return undefined;
    layers.push(next);
    frontier = next;
  }
  const targets = [...frontier];
  if (targets.length > MAX_TARGETS) return undefined;
  const hidden = new HiddenEdges(g.relationLabels.length);
  const before = layers[layers.length - 2];
  const last = steps[steps.length - 1];
  for (const t of targets) {
    if (rng.next() >= dropShare) continue;
    // Hide every last-hop edge into this answer, so it is not reachable the way the question says.
    for (let y = g.offsets[t]; y < g.offsets[t + 1]; y++)
      if (g.edgeRelation[y] === last.r && g.edgeDirection[y] !== last.d && before.has(g.edgeNeighbor[y]))
        last.d === 0 ? hidden.add(g.edgeNeighbor[y], last.r, t) : hidden.add(t, last.r, g.edgeNeighbor[y]);
  }
  return {
    kind: 'path',
    anchors: [anchor],
    question: questionVector(ctx, anchor, steps.map((s) => s.r)),
    targets,
    exclude: hidden.size ? hidden.filter : undefined,
  };
}
