// Grounding: a candidate path of the view (tokens, visible labels) back to raw paths in the MemoryGraph. Tokens
// expand to their members (supernodes and aggregates to all of them), visible labels to their raw relations, and
// only steps along edges that really exist in the graph are taken — a view path with no raw counterpart is
// rejected, never trusted.
import type { Direction } from '../../../common/graphTypes.js';
import { DIR_OUT, type MemoryGraph } from '../../graph/memoryGraph.js';
import type { CandidatePath, ViewMapping } from '../../core/types.js';
import type { GroundedPath, RawStep } from '../../core/types.js';

export type GroundingOutcome = { ok: true; paths: GroundedPath[] } | { ok: false; reason: string };

export interface GroundOptions {
  /** Raw answers kept per view path (a supernode can hold many). */
  maxAnswers?: number;
  /** Raw entities never used inside a path except as its own anchors. */
  anchors: readonly number[];
}

interface Layer {
  /** Raw entity → index of its parent in the previous layer's list and the raw step taken. */
  parent: Map<number, { from: number; relation: number; direction: Direction }>;
}

/**
 * Walks one side of a path from `start` through the node sets `sets[1..]` along `steps`; returns each layer's
 * parents, or the index of the first step that has no raw edge.
 */
function walkRaw(graph: MemoryGraph, start: number, sets: Set<number>[], steps: { relations: Set<number>; direction: Direction }[], forbidden: ReadonlySet<number>): { layers: Layer[] } | { failedAt: number } {
  let frontier = new Set([start]);
  const layers: Layer[] = [];
  for (let i = 0; i < steps.length; i++) {
    const { relations, direction } = steps[i];
    const want = direction === 'out' ? DIR_OUT : 1 - DIR_OUT;
    const target = sets[i + 1];
    const parent = new Map<number, { from: number; relation: number; direction: Direction }>();
    for (const u of frontier)
      for (let k = graph.offsets[u]; k < graph.offsets[u + 1]; k++) {
        if (graph.edgeDirection[k] !== want || !relations.has(graph.edgeRelation[k])) continue;
        const v = graph.edgeNeighbor[k];
        if (!target.has(v) || parent.has(v) || (forbidden.has(v) && i + 1 < steps.length)) continue;
        parent.set(v, { from: u, relation: graph.edgeRelation[k], direction });
      }
    if (parent.size === 0) return { failedAt: i };
    layers.push({ parent });
    frontier = new Set(parent.keys());
  }
  return { layers };
}

function trace(layers: Layer[], end: number, start: number): { entities: number[]; edges: RawStep[] } {
  const entities = [end];
  const edges: RawStep[] = [];
  let cur = end;
  for (let i = layers.length - 1; i >= 0; i--) {
    const p = layers[i].parent.get(cur)!;
    edges.push({ relation: p.relation, direction: p.direction });
    cur = p.from;
    entities.push(cur);
  }
  if (cur !== start) throw new Error('grounding trace did not return to its start');
  return { entities: entities.reverse(), edges: edges.reverse() };
}

const flip = (d: Direction): Direction => (d === 'out' ? 'in' : 'out');

/** Grounds one view path; the answer entities are the raw members of its answer node that connect. */
export function groundPath(path: CandidatePath, mapping: ViewMapping, graph: MemoryGraph, options: GroundOptions): GroundingOutcome {
  const maxAnswers = options.maxAnswers ?? 50;
  const sets = path.nodes.map((t) => new Set(mapping.members(t)));
  if (sets.some((s) => s.size === 0)) return { ok: false, reason: 'a view token has no members' };
  const steps = path.edges.map((e) => ({ relations: new Set(mapping.relationsOf(e.relation)), direction: e.direction }));
  if (steps.some((s) => s.relations.size === 0)) return { ok: false, reason: 'a visible relation has no raw relation' };
  const first = path.nodes[0];
  const start = options.anchors.find((a) => sets[0].has(a)) ?? mapping.members(first)[0];
  const anchors = new Set(options.anchors);
  const forbidden = new Set([...anchors].filter((a) => a !== start));
  const last = path.nodes.length - 1;
  const twoEnded = path.answerAt < last;
  if (!twoEnded) {
    const fwd = walkRaw(graph, start, sets, steps, forbidden);
    if ('failedAt' in fwd) return { ok: false, reason: `no raw edge for step ${fwd.failedAt + 1}` };
    const ends = [...fwd.layers[fwd.layers.length - 1].parent.keys()].filter((e) => !anchors.has(e));
    if (ends.length === 0) return { ok: false, reason: 'the answer would be an anchor' };
    const paths = ends.map((answer) => ({ answer, ...trace(fwd.layers, answer, start), view: path })).filter((p) => isSimple(p, true));
    if (paths.length === 0) return { ok: false, reason: 'every raw path repeats an entity' };
    return { ok: true, paths: paths.slice(0, maxAnswers) };
  }
  // Two anchors: walk from each end to the answer node and keep the answers both sides reach.
  const end = options.anchors.find((a) => a !== start && sets[last].has(a)) ?? mapping.members(path.nodes[last])[0];
  const leftSets = sets.slice(0, path.answerAt + 1);
  const rightSets = sets.slice(path.answerAt).reverse();
  const leftSteps = steps.slice(0, path.answerAt);
  const rightSteps = steps.slice(path.answerAt).reverse().map((s) => ({ relations: s.relations, direction: flip(s.direction) }));
  const noMiddle = new Set([...anchors]);
  const l = walkRaw(graph, start, leftSets, leftSteps, new Set([...noMiddle].filter((a) => a !== start)));
  if ('failedAt' in l) return { ok: false, reason: `no raw edge for step ${l.failedAt + 1}` };
  const r = walkRaw(graph, end, rightSets, rightSteps, new Set([...noMiddle].filter((a) => a !== end)));
  if ('failedAt' in r) return { ok: false, reason: `no raw edge for step ${last - r.failedAt}` };
  const rightEnds = r.layers[r.layers.length - 1].parent;
  const answers = [...l.layers[l.layers.length - 1].parent.keys()].filter((e) => rightEnds.has(e) && !anchors.has(e));
  if (answers.length === 0) return { ok: false, reason: 'the two halves meet at no raw entity' };
  const paths = answers
    .map((answer) => {
      const a = trace(l.layers, answer, start);
      const b = trace(r.layers, answer, end);
      return {
        answer,
        entities: [...a.entities, ...b.entities.slice(0, -1).reverse()],
        edges: [...a.edges, ...b.edges.reverse().map((e) => ({ relation: e.relation, direction: flip(e.direction) }))],
        view: path,
      };
    })
    .filter((p) => isSimple(p, false));
  if (paths.length === 0) return { ok: false, reason: 'every raw path repeats an entity' };
  return { ok: true, paths: paths.slice(0, maxAnswers) };
}

/**
 * A raw path visits each entity once (view paths may revisit a supernode, raw ones may not) — except that, with
 * `answerRepeats`, the last entity of a path of ≥ 3 steps may be an earlier bridge (never the start, never by
 * walking the previous edge straight back): "who directed the movies written by the writer of X" can be the writer.
 * Mirrors the rule of exploreTopicPaths.
 */
export function isSimple(p: { entities: readonly number[]; edges: readonly RawStep[] }, answerRepeats: boolean): boolean {
  const n = p.entities.length;
  if (new Set(p.entities).size === n) return true;
  if (!answerRepeats || p.edges.length < 3) return false;
  const last = p.entities[n - 1];
  const before = p.entities.slice(0, n - 1);
  if (new Set(before).size !== before.length || last === p.entities[0]) return false;
  const a = p.edges[n - 2];
  const b = p.edges[n - 3];
  const back = p.entities[n - 3] === last && a.relation === b.relation && a.direction !== b.direction;
  return !back;
}
