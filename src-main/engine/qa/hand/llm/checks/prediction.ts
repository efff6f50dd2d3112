// Graph check of predicted nodes: every position of the chain exactly once, and every candidate a token of the
// view (not an anchor) that carries the relation of the step leading to its position.
import type { Direction } from '../../../../../common/graphTypes.js';
import type { Indicator, SanitizedView } from '../../../../core/types.js';
import type { ViewAdjacency } from '../../../stages/viewAdjacency.js';
import type { PredictedNode } from '../../../../core/handSkills.js';
import type { PredictionReply } from '../schemas/prediction.js';
import { accept, reject, type SkillCheck } from '../skillCheck.js';

export interface PredictionContext {
  view: SanitizedView;
  indicator: Indicator;
  adjacency: ViewAdjacency;
  /** Positions for which some token was listed: those must get at least one candidate. */
  listedPositions: ReadonlySet<number>;
}

const flip = (d: Direction): Direction => (d === 'out' ? 'in' : 'out');

/** What a node at `position` must carry (as in the algorithmic Hand): the step in, reversed, and the step out. */
export function mustHaveAt(indicator: Indicator, position: number): PredictedNode['mustHave'] {
  const s = indicator.chain[position - 1];
  const follow = indicator.chain[position];
  return [{ relation: s.visible, direction: flip(s.direction) }, ...(follow ? [{ relation: follow.visible, direction: follow.direction }] : [])];
}

/** Whether `token` has an edge labelled `relation` in `direction` (seen from the token) in the view. */
export function carries(adjacency: ViewAdjacency, token: string, relation: string, direction: Direction): boolean {
  return (adjacency.get(token) ?? []).some((e) => e.relation === relation && e.direction === direction);
}

export function checkPrediction(reply: PredictionReply, ctx: PredictionContext): SkillCheck<PredictedNode[]> {
  const { indicator, view, adjacency } = ctx;
  const positions = indicator.chain.length;
  const tokens = new Set(view.nodes.map((n) => n.token));
  const anchors = new Set(view.anchors);
  const errors: string[] = [];
  const byPosition = new Map<number, string[]>();
  for (const node of reply.nodes) {
    if (!Number.isInteger(node.position) || node.position < 1 || node.position > positions) {
      errors.push(`position ${node.position} is not on the chain (1..${positions})`);
      continue;
    }
    if (byPosition.has(node.position)) errors.push(`position ${node.position} is given twice`);
    byPosition.set(node.position, node.candidates);
    const step = indicator.chain[node.position - 1];
    for (const t of new Set(node.candidates)) {
      if (!tokens.has(t)) errors.push(`${JSON.stringify(t)} is not a token of the view`);
      else if (anchors.has(t)) errors.push(`${t} is an anchor, not a bridge or answer`);
      else if (!carries(adjacency, t, step.visible, flip(step.direction))) errors.push(`${t} has no "${step.visible}" edge (${flip(step.direction)}) for position ${node.position}`);
    }
  }
  for (let p = 1; p <= positions; p++) {
    if (!byPosition.has(p)) errors.push(`position ${p} is missing`);
    else if (ctx.listedPositions.has(p) && byPosition.get(p)!.length === 0) errors.push(`position ${p} needs at least one candidate`);
  }
  if (errors.length) return reject(errors);
  return accept(
    [...byPosition.entries()]
      .sort(([a], [b]) => a - b)
      .map(([position, candidates]) => ({
        position,
        role: position === indicator.answerPosition ? ('answer' as const) : ('bridge' as const),
        mustHave: mustHaveAt(indicator, position),
        candidates: [...new Set(candidates)].sort(),
      })),
  );
}
