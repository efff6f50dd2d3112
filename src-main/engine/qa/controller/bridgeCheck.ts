// Bridge nodes of T_Q: the subquestions before the last ("from the anchor, follow r1 to bridge 1"). A bridge node
// propagates its chain prefix over the view (the candidate tokens at that position) and grounds it in the raw
// graph: the raw entities reached from the anchor along the raw relations behind each visible label, inside the
// candidate tokens. Cheap set propagation, no path enumeration: the answer node does the full search.
import type { Direction } from '../../../common/graphTypes.js';
import { DIR_OUT, type MemoryGraph } from '../../graph/memoryGraph.js';
import type { ViewMapping } from '../../core/types.js';
import type { ViewAdjacency } from '../stages/viewAdjacency.js';

export interface BridgeLayer {
  /** Chain position (1 = one hop from the anchor). */
  position: number;
  /** View tokens that can sit at this position. */
  tokens: string[];
  /** Raw entities reached along the raw graph (capped). */
  raw: number[];
}

export interface BridgeCheckInput {
  vAdj: ViewAdjacency;
  mapping: ViewMapping;
  graph: MemoryGraph;
  /** First anchor: its token and raw entity. */
  anchorToken: string;
  anchor: number;
  /** All anchor tokens (never a bridge). */
  anchorTokens: readonly string[];
  steps: readonly { visible: string; direction: Direction }[];
  /** Raw frontier cap per layer (hubs: a genre reaches thousands of films; a few thousand prove the step). */
  cap?: number;
}

/** Layers 1..steps.length of the chain; propagation stops (empty layers) at the first step with no edge. */
export function propagateBridges(input: BridgeCheckInput): BridgeLayer[] {
  const cap = input.cap ?? 5000;
  const out: BridgeLayer[] = [];
  let tokens = new Set([input.anchorToken]);
  let raw = new Set([input.anchor]);
  const anchors = new Set(input.anchorTokens);
  input.steps.forEach((s, i) => {
    const nextTokens = new Set<string>();
    for (const t of tokens) for (const e of input.vAdj.get(t) ?? []) if (e.relation === s.visible && e.direction === s.direction && !anchors.has(e.neighbor)) nextTokens.add(e.neighbor);
    const allowed = new Set<number>();
    for (const t of nextTokens) for (const m of input.mapping.members(t)) allowed.add(m);
    const relations = new Set(input.mapping.relationsOf(s.visible));
    const want = s.direction === 'out' ? DIR_OUT : 1 - DIR_OUT;
    const g = input.graph;
    const nextRaw = new Set<number>();
    outer: for (const u of raw)
      for (let k = g.offsets[u]; k < g.offsets[u + 1]; k++) {
        if (g.edgeDirection[k] !== want || !relations.has(g.edgeRelation[k])) continue;
        const v = g.edgeNeighbor[k];
        if (!allowed.has(v)) continue;
        nextRaw.add(v);
        if (nextRaw.size >= cap) break outer;
      }
    // A token without a raw member reached does not hold a bridge: keep only tokens the raw walk confirms.
    const confirmed = [...nextTokens].filter((t) => input.mapping.members(t).some((m) => nextRaw.has(m)));
    out.push({ position: i + 1, tokens: confirmed.sort(), raw: [...nextRaw] });
    tokens = new Set(confirmed);
    raw = nextRaw;
  });
  return out;
}
