// Schema-level relation paths: the sequences of (relation, direction) that can actually be walked from an anchor
// inside the question subgraph, with the set of entities each one reaches. The question analysis scores these
// sequences, never invented ones, so every chain it predicts exists in the data.
import type { Direction } from '../../../common/graphTypes.js';
import { DIR_OUT } from '../../graph/memoryGraph.js';
import type { Adjacency } from './localAdjacency.js';
import type { SchemaPath, SchemaStep } from '../../core/types.js';

export interface SchemaPathOptions {
  dMax: number;
  /** Entities never re-entered (the anchors: "films sharing a director with X" means films other than X). */
  exclude?: ReadonlySet<number>;
  /** Stop expanding a prefix whose frontier is larger than this (keeps hub-heavy views bounded). */
  maxFrontier?: number;
  /** Hard cap on the number of sequences returned. */
  maxPaths?: number;
}

export function stepKey(s: SchemaStep): string {
  return `${s.relation}${s.direction === 'out' ? '>' : '<'}`;
}

export function chainKey(steps: readonly SchemaStep[]): string {
  return steps.map(stepKey).join(' ');
}

/**
 * Every reachable sequence of length 1..dMax from `anchor`, by set propagation over the subgraph. Built a length at a
 * time, so that where `maxPaths` cuts (a hub with hundreds of relations), it cuts the longest sequences, never a short
 * one: depth first, the first relations' three-hop walks used the whole allowance and later relations lost even their
 * one-hop path. Returned in depth-first order (each sequence before its extensions, steps by key).
 */
export function schemaPaths(adj: Adjacency, anchor: number, options: SchemaPathOptions): SchemaPath[] {
  const exclude = options.exclude ?? new Set([anchor]);
  const maxFrontier = options.maxFrontier ?? 50_000;
  const maxPaths = options.maxPaths ?? 5_000;
  const out: SchemaPath[] = [];
  let level: { steps: SchemaStep[]; frontier: Set<number> }[] = [{ steps: [], frontier: new Set([anchor]) }];
  for (let depth = 0; depth < options.dMax && level.length > 0 && out.length < maxPaths; depth++) {
    const nextLevel: typeof level = [];
    for (const { steps, frontier } of level) {
      if (out.length >= maxPaths) break;
      if (frontier.size > maxFrontier) continue;
      for (const path of extensions(adj, anchor, exclude, steps, frontier)) {
        if (out.length >= maxPaths) break;
        out.push(path);
        nextLevel.push({ steps: path.steps, frontier: path.ends as Set<number> });
      }
    }
    level = nextLevel;
  }
  return out.sort(depthFirst);
}

/** Depth-first order of step sequences: a prefix first, then by the first differing step's key. */
function depthFirst(a: SchemaPath, b: SchemaPath): number {
  const n = Math.min(a.steps.length, b.steps.length);
  for (let i = 0; i < n; i++) {
    const d = keyOf(a.steps[i]) - keyOf(b.steps[i]);
    if (d !== 0) return d;
  }
  return a.steps.length - b.steps.length;
}

function keyOf(s: SchemaStep): number {
  return s.relation * 2 + (s.direction === 'out' ? 0 : 1);
}

/** The one-step extensions of `steps`, whose walk ends at `frontier`, with the set each reaches; by step key. */
function extensions(adj: Adjacency, anchor: number, exclude: ReadonlySet<number>, steps: SchemaStep[], frontier: Set<number>): SchemaPath[] {
  const next = new Map<number, Set<number>>();
  // Per step: how many frontier entities it leads back to the anchor (a walk back needs all of them to), and
  // whether it only ever leads where the previous step came from (the same facts read backwards: r⁻¹ after r, or
  // a mirrored relation), so a film its director also starred in is no walk back over starred_actors.
  const back = new Map<number, number>();
  const strays = new Set<number>();
  const prev = steps[steps.length - 1];
  const prevBack = prev ? prev.relation * 2 + (prev.direction === 'out' ? 1 : 0) : -1;
  for (const u of frontier) {
    const seen = new Set<number>();
    const from = new Set<number>();
    if (prev) for (const e of adj.edgesOf(u)) if (e.relation * 2 + (e.direction === DIR_OUT ? 0 : 1) === prevBack) from.add(e.neighbor);
    for (const e of adj.edgesOf(u)) {
      const key = e.relation * 2 + (e.direction === DIR_OUT ? 0 : 1);
      if (prev && !from.has(e.neighbor)) strays.add(key);
      if (e.neighbor === anchor && prev && !seen.has(key)) {
        seen.add(key);
        back.set(key, (back.get(key) ?? 0) + 1);
      }
      if (exclude.has(e.neighbor)) continue;
      let set = next.get(key);
      if (!set) next.set(key, (set = new Set()));
      set.add(e.neighbor);
    }
  }
  return [...next.keys()]
    .sort((a, b) => a - b)
    .map((key) => {
      const ends = next.get(key)!;
      const step: SchemaStep = { relation: key >> 1, direction: key & 1 ? 'in' : 'out' };
      return { anchor, steps: [...steps, step], ends, ...(back.get(key) === frontier.size && !strays.has(key) ? { returns: true } : {}) };
    });
}
