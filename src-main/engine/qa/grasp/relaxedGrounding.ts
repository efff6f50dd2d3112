// Relaxed grounding of encoder-selected entities: on an incomplete graph the question's relation chain from the
// anchor may stop one edge short of the answer. A selected entity is accepted as an answer when the chain grounds
// in the raw graph except for exactly one step (preferably the last), and the entity can fill the answer slot
// (its type fits: it carries the chain's last relation on the answer side, or its edges look like those that do). Such
// answers are "inferred (missing edge)": the encoder's score stands in for the edge, so the caller demands a
// high score and ranks them below anything grounded end to end.
import type { Direction } from '../../../common/graphTypes.js';
import { DIR_OUT, type MemoryGraph } from '../../graph/memoryGraph.js';

export interface ChainStep {
  relation: number;
  direction: Direction;
}

export interface RelaxedCandidate {
  entity: number;
  /** Encoder probability (softmax over the selection subgraph). */
  score: number;
}

export interface RelaxedAnswer {
  entity: number;
  /** Encoder score, discounted by how early the missing edge sits (0 when fully grounded). */
  score: number;
  /** Index of the chain step with no raw edge; undefined when the whole chain grounds. */
  missingAt?: number;
  /** A supporting raw path anchor → … → entity; the step at `missingAt` is the inferred one. */
  entities: number[];
  edges: ChainStep[];
}

export interface RelaxedOptions {
  /** Frontier cap per step (hub control; larger frontiers are truncated in graph order). */
  maxFrontier?: number;
  /** Also accept a missing edge before the last step (default true; the last step is always allowed). */
  earlierSteps?: boolean;
  /** Score factor per step the missing edge sits before the last (default 0.5). */
  earlierPenalty?: number;
}

const wantDir = (d: Direction): number => (d === 'out' ? DIR_OUT : 1 - DIR_OUT);
const flip = (d: Direction): Direction => (d === 'out' ? 'in' : 'out');

/** Layers of a walk from `start` along `steps`: layer i maps an entity to its parent in layer i-1. */
function walk(graph: MemoryGraph, start: number, steps: readonly ChainStep[], cap: number, avoid: ReadonlySet<number>): Map<number, number>[] {
  const layers: Map<number, number>[] = [new Map([[start, -1]])];
  for (const s of steps) {
    const next = new Map<number, number>();
    const want = wantDir(s.direction);
    for (const u of layers[layers.length - 1].keys()) {
      for (let k = graph.offsets[u]; k < graph.offsets[u + 1] && next.size < cap; k++) {
        if (graph.edgeRelation[k] !== s.relation || graph.edgeDirection[k] !== want) continue;
        const v = graph.edgeNeighbor[k];
        if (!avoid.has(v) && !next.has(v)) next.set(v, u);
      }
      if (next.size >= cap) break;
    }
    layers.push(next);
    if (next.size === 0) break;
  }
  return layers;
}

function pathTo(layers: readonly Map<number, number>[], depth: number, end: number): number[] {
  const out = [end];
  for (let i = depth; i > 0; i--) out.push(layers[i].get(out[out.length - 1])!);
  return out.reverse();
}

/** Whether `entity` has any edge of `step.relation` in `step.direction` (it can stand at that end of the step). */
export function canCarry(graph: MemoryGraph, entity: number, step: ChainStep): boolean {
  const want = wantDir(step.direction);
  for (let k = graph.offsets[entity]; k < graph.offsets[entity + 1]; k++) if (graph.edgeRelation[k] === step.relation && graph.edgeDirection[k] === want) return true;
  return false;
}

const slotMemo = new WeakMap<MemoryGraph, Map<string, Set<number>>>();

/** The (relation, direction) keys seen on entities that carry `step` (sampled): the slot's type signature. */
function slotSignature(graph: MemoryGraph, step: ChainStep): Set<number> {
  let byStep = slotMemo.get(graph);
  if (!byStep) slotMemo.set(graph, (byStep = new Map()));
  const id = `${step.relation}:${step.direction}`;
  let sig = byStep.get(id);
  if (sig) return sig;
  sig = new Set<number>();
  const want = wantDir(step.direction);
  let carriers = 0;
  for (let e = 0; e < graph.size && carriers < 500; e++) {
    let carries = false;
    for (let k = graph.offsets[e]; k < graph.offsets[e + 1]; k++) if (graph.edgeRelation[k] === step.relation && graph.edgeDirection[k] === want) carries = true;
    if (!carries) continue;
    carriers++;
    for (let k = graph.offsets[e]; k < graph.offsets[e + 1]; k++) sig.add(graph.edgeRelation[k] * 2 + graph.edgeDirection[k]);
  }
  byStep.set(id, sig);
  return sig;
}

/**
 * Whether `entity` can stand at that end of `step`: it carries the relation somewhere, or (its own edge of that
 * relation may be the missing one) most of its other edges are of kinds the relation's carriers have — the
 * graph's own evidence of its type, with no schema needed.
 */
export function fitsSlot(graph: MemoryGraph, entity: number, step: ChainStep): boolean {
  if (canCarry(graph, entity, step)) return true;
  const sig = slotSignature(graph, step);
  const own = new Set<number>();
  for (let k = graph.offsets[entity]; k < graph.offsets[entity + 1]; k++) own.add(graph.edgeRelation[k] * 2 + graph.edgeDirection[k]);
  if (own.size === 0) return false;
  let shared = 0;
  for (const x of own) if (sig.has(x)) shared++;
  return shared / own.size >= 0.6;
}

/**
 * Grounds each candidate along `chain` from `anchor`, allowing one missing step. Returns the candidates that ground
 * (fully, or with one inferred step), best first: full groundings, then by discounted encoder score.
 */
export function relaxedGrounding(graph: MemoryGraph, anchor: number, chain: readonly ChainStep[], candidates: readonly RelaxedCandidate[], options: RelaxedOptions = {}): RelaxedAnswer[] {
  const n = chain.length;
  if (n === 0) return [];
  const cap = options.maxFrontier ?? 20_000;
  const penalty = options.earlierPenalty ?? 0.5;
  const avoid = new Set([anchor]);
  const forward = walk(graph, anchor, chain, cap, avoid);
  const out: RelaxedAnswer[] = [];
  for (const c of candidates) {
    if (c.entity === anchor) continue;
    // Whole chain grounds: nothing to infer.
    if (forward.length === n + 1 && forward[n].has(c.entity)) {
      out.push({ entity: c.entity, score: c.score, entities: pathTo(forward, n, c.entity), edges: [...chain] });
      continue;
    }
    // The answer must be able to stand at the end of the last step (its type fits), missing edge or not.
    const last = chain[n - 1];
    if (!fitsSlot(graph, c.entity, { relation: last.relation, direction: flip(last.direction) })) continue;
    // Missing step j: the prefix grounds from the anchor to layer j, the suffix grounds backwards from the
    // candidate to layer j+1, and the entity on each side can carry step j (so only the edge itself is absent).
    const lowest = options.earlierSteps === false ? n - 1 : 0;
    for (let j = n - 1; j >= lowest; j--) {
      if (forward.length <= j || forward[j].size === 0) continue;
      const suffix = chain.slice(j + 1).reverse().map((s) => ({ relation: s.relation, direction: flip(s.direction) }));
      const back = walk(graph, c.entity, suffix, cap, avoid);
      if (back.length !== suffix.length + 1 || back[suffix.length].size === 0) continue;
      // The prefix grounding is the left side's evidence (a functional relation's only edge may be the missing one).
      const right = [...back[suffix.length].keys()].find((y) => fitsSlot(graph, y, { relation: chain[j].relation, direction: flip(chain[j].direction) }));
      const left = [...forward[j].keys()][0];
      if (right === undefined || left === undefined) continue;
      const head = pathTo(forward, j, left);
      const tail = pathTo(back, suffix.length, right).reverse();
      out.push({ entity: c.entity, score: c.score * penalty ** (n - 1 - j), missingAt: j, entities: [...head, ...tail], edges: [...chain] });
      break;
    }
  }
  return out.sort((a, b) => Number(a.missingAt !== undefined) - Number(b.missingAt !== undefined) || b.score - a.score || a.entity - b.entity);
}
