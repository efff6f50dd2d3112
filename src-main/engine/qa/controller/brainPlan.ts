// A Brain's plan made local: its anchor tokens and visible-label chain are checked against what the question's
// anchors can actually walk — the analysis' own readings first (single and two-anchor), then every schema path
// from the first anchor — and become the analysis the controller explores with. A plan naming a chain the graph
// does not have, or an anchor the question did not name, is refused with a reason; nothing is guessed.
import type { Analysis } from '../../core/handSkills.js';
import type { BrainPlan } from '../../core/analysisStep.js';
import type { IndicatorStep, SchemaPath, ScoredChain, ViewMapping } from '../../core/types.js';
import { visibleChainKey } from '../hand/followUpQuestion.js';

export interface PlanContext {
  analysis: Analysis;
  mapping: ViewMapping;
  /** The linked anchors (raw entities) and the schema paths reachable from each, as the analysis read them. */
  anchors: readonly number[];
  schemaPaths: readonly SchemaPath[][];
  visibleRelation(relation: number): string;
}

export type PlanResult = { ok: true; analysis: Analysis; note: string } | { ok: false; reason: string };


export function analysisFromPlan(plan: BrainPlan, ctx: PlanContext): PlanResult {
  const anchorOf = (token: string): number | undefined => {
    const members = ctx.mapping.members(token);
    return members.length === 1 && ctx.anchors.includes(members[0]) ? members[0] : undefined;
  };
  const anchors = plan.anchors.map(anchorOf);
  if (anchors.length === 0 || anchors.some((a) => a === undefined)) return { ok: false, reason: 'the plan names an anchor the question did not' };
  const wanted = visibleChainKey(plan.chain.map((s) => ({ visible: s.relation, direction: s.direction })));
  const pair = anchors.length >= 2 && plan.answerPosition < plan.chain.length;
  const order = pair ? (anchors.slice(0, 2) as number[]) : [anchors[0] as number];
  // A reading the analysis already scored: same anchors, same answer position, same visible chain.
  let chosen: ScoredChain | undefined = ctx.analysis.ranked.find(
    (c) => c.anchors.length === order.length && c.anchors.every((a, i) => a === order[i]) && c.answerPosition === (pair ? plan.answerPosition : c.steps.length) && visibleChainKey(c.steps) === wanted,
  );
  if (!chosen && !pair) {
    const i = ctx.anchors.indexOf(order[0]);
    const path = (ctx.schemaPaths[i] ?? []).find((p) => p.ends.size > 0 && visibleChainKey(p.steps.map((s) => ({ visible: ctx.visibleRelation(s.relation), direction: s.direction }))) === wanted);
    if (path) {
      const steps: IndicatorStep[] = path.steps.map((s) => ({ relation: s.relation, direction: s.direction, visible: ctx.visibleRelation(s.relation), confidence: 1 }));
      chosen = { anchors: [order[0]], steps, answerPosition: steps.length, ends: path.ends, score: (ctx.analysis.ranked[0]?.score ?? 0) + 1 };
    }
  }
  if (!chosen) return { ok: false, reason: `no chain "${wanted}" leaves the anchor${order.length > 1 ? 's' : ''} in this graph` };
  const picked = chosen;
  const rest = ctx.analysis.ranked.filter((c) => c !== picked);
  // The Brain read the whole question: its reading leads every local one by a point, as one it had to add does, so
  // the local words' scores (which left the question unsure) do not make the answer it verified look a near-tie.
  const lead = (ctx.analysis.ranked[0]?.score ?? 0) + 1;
  const top: ScoredChain = picked.score >= lead ? picked : { ...picked, score: lead };
  const m = top.anchors.length;
  return {
    ok: true,
    note: `Brain plan: ${wanted}`,
    // The Brain read the whole question; the local list of unexplained words belonged to the local reading.
    analysis: {
      ...withoutUnexplained(ctx.analysis),
      anchorOrder: [...top.anchors],
      chain: top.steps.map((s) => ({ ...s, confidence: Math.max(s.confidence, 0.5) })),
      answerPosition: top.answerPosition,
      dPredict: Math.max(1, Math.ceil(top.steps.length / m)),
      alternatives: rest.slice(0, 8).map((c) => ({ chain: c.steps, score: c.score })),
      ranked: [top, ...rest],
      subquestions: plan.chain.map((s, i) => `${i + 1}. Follow "${s.relation}" (${s.direction}).`),
    },
  };
}

function withoutUnexplained(a: Analysis): Analysis {
  const { unexplained: _, ...rest } = a;
  return rest;
}
