// Prediction-driven exploration: the prediction skill proposes the tokens a bridge (or the answer) can be; those
// proposals become new anchors, each explored on its own (a fresh beam, so hubs the question-wide beam cut still
// get searched) over the rest of the hop budget, and every path found is joined to its prefix from the question's
// anchor and grounded and verified in the raw graph like any other. Single-anchor chains only: with two anchors
// both halves already meet at the answer.
import type { Direction } from '../../../common/graphTypes.js';
import type { Analysis } from '../../core/handSkills.js';
import type { ChainGuide } from '../stages/exploreTopicPaths.js';
import type { CandidatePath } from '../../core/types.js';
import type { ViewAdjacency } from '../stages/viewAdjacency.js';
import { exploreTopicPaths } from '../stages/exploreTopicPaths.js';
import type { QuestionSession } from './questionSession.js';

type Step = { visible: string; direction: Direction };

/** At most this many proposed tokens become anchors (each is explored separately). */
export const MAX_PREDICTED_ANCHORS = 24;

/** One view path from `start` along `steps` to `target`, by layered propagation with parents. */
export function prefixPath(vAdj: ViewAdjacency, start: string, steps: readonly Step[], target: string, avoid: ReadonlySet<string>): CandidatePath | undefined {
  const layers: Map<string, string>[] = [];
  let frontier = new Set([start]);
  for (const s of steps) {
    const parent = new Map<string, string>();
    for (const t of frontier) for (const e of vAdj.get(t) ?? []) if (e.relation === s.visible && e.direction === s.direction && !avoid.has(e.neighbor) && !parent.has(e.neighbor)) parent.set(e.neighbor, t);
    layers.push(parent);
    frontier = new Set(parent.keys());
  }
  if (!frontier.has(target)) return undefined;
  const nodes = [target];
  for (let i = layers.length - 1; i >= 0; i--) nodes.push(layers[i].get(nodes[nodes.length - 1])!);
  nodes.reverse();
  return { nodes, edges: steps.map((s) => ({ relation: s.visible, direction: s.direction })), answerAt: nodes.length - 1, score: 1 };
}

export interface PredictPlan {
  /** Chain position of the proposals (a bridge, or the answer itself). */
  position: number;
  anchors: string[];
}

/** The proposals to anchor on: the deepest bridge position with a small enough candidate set, else the answer's. */
export function planPrediction(predicted: readonly { position: number; role: 'bridge' | 'answer'; candidates: string[] }[], answerPosition: number): PredictPlan | undefined {
  const usable = predicted.filter((p) => p.position <= answerPosition && p.candidates.length > 0 && p.candidates.length <= MAX_PREDICTED_ANCHORS);
  const bridge = usable.filter((p) => p.role === 'bridge').sort((a, b) => b.position - a.position)[0];
  const pick = bridge ?? usable.find((p) => p.role === 'answer');
  return pick ? { position: pick.position, anchors: pick.candidates.slice(0, MAX_PREDICTED_ANCHORS) } : undefined;
}

/**
 * Candidate paths from the question's anchor through each proposed token: the prefix along the indicator chain,
 * then (for a bridge) the suffixes explored from the token at every depth left in D_max, guided by the suffixes of
 * the analysis' chains that share the prefix.
 */
export function predictedPaths(s: QuestionSession, analysis: Analysis, plan: PredictPlan): CandidatePath[] {
  const anchor = s.anchorTokens[0];
  const prefix = analysis.chain.slice(0, plan.position).map((x) => ({ visible: x.visible, direction: x.direction }));
  const avoid = new Set(s.anchorTokens);
  const out: CandidatePath[] = [];
  if (plan.position >= analysis.answerPosition) {
    for (const t of plan.anchors) {
      const p = prefixPath(s.vAdj, anchor, prefix, t, avoid);
      if (p) out.push(p);
    }
    return out;
  }
  const guides: ChainGuide[] = [];
  const seen = new Set<string>();
  for (const c of analysis.ranked) {
    if (c.anchors.length !== 1 || c.steps.length <= plan.position) continue;
    if (!prefix.every((x, i) => c.steps[i].visible === x.visible && c.steps[i].direction === x.direction)) continue;
    const suffix = c.steps.slice(plan.position).map((x) => ({ visible: x.visible, direction: x.direction }));
    const key = suffix.map((x) => `${x.visible}${x.direction}`).join(' ');
    if (seen.has(key) || guides.length >= 12) continue;
    seen.add(key);
    guides.push({ steps: suffix, answerPosition: suffix.length, weight: guides.length === 0 ? 1 : 0.5 });
  }
  for (const b of plan.anchors) {
    const head = prefixPath(s.vAdj, anchor, prefix, b, avoid);
    if (!head) continue;
    for (let d = 1; d + plan.position <= s.dMax; d++) {
      const tails = exploreTopicPaths(s.vAdj, { anchors: [b], guides, depth: d, beam: Math.max(200, Math.floor(s.beam / plan.anchors.length)), multi: s.multi });
      for (const t of tails) {
        if (t.nodes.slice(1).some((x) => avoid.has(x) || head.nodes.includes(x))) continue;
        out.push({ nodes: [...head.nodes, ...t.nodes.slice(1)], edges: [...head.edges, ...t.edges], answerAt: head.nodes.length - 1 + t.answerAt, score: t.score });
      }
    }
  }
  return out;
}
