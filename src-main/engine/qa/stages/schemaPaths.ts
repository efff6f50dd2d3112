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

/** Every reachable sequence of length 1..dMax from `anchor`, by set propagation over the subgraph. */
export function schemaPaths(adj: Adjacency, anchor: number, options: SchemaPathOptions): SchemaPath[] {
  const exclude = options.exclude ?? new Set([anchor]);
  const maxFrontier = options.maxFrontier ?? 50_000;
  const maxPaths = options.maxPaths ?? 5_000;
  const out: SchemaPath[] = [];
  const walk = (frontier: Set<number>, steps: SchemaStep[]): void => {
    if (steps.length >= options.dMax || out.length >= maxPaths || frontier.size > maxFrontier) return;
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
    for (const key of [...next.keys()].sort((a, b) => a - b)) {
      const ends = next.get(key)!;
      const step: SchemaStep = { relation: key >> 1, direction: key & 1 ? 'in' : 'out' };
      const seq = [...steps, step];
      out.push({ anchor, steps: seq, ends, ...(back.get(key) === frontier.size && !strays.has(key) ? { returns: true } : {}) });
      walk(ends, seq);
    }
  };
  walk(new Set([anchor]), []);
  return out;
}
