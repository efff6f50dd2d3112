// Follow-up guided refinement, the algorithmic way: when the indicator's chains verified nothing, ask a targeted
// follow-up for the missing piece — the first chain position whose bridge was not found (or the answer's own
// constraint) — and answer it with a follow-up indicator: the analysis' next-best chains that keep the part of
// the chain that did verify and differ where it broke. Pure: analysis in, anonymised text and indicator out.
import type { Analysis } from '../../core/handSkills.js';
import type { FollowUpQuestion, FollowUpQuestionRequest } from '../../core/handSkills.js';

export const visibleChainKey = (steps: readonly { visible: string; direction: string }[]): string => steps.map((s) => `${s.visible}${s.direction === 'out' ? '>' : '<'}`).join(' ');

const TOKEN = /\b[ESLA]_[0-9a-f]{4,64}\b/g;

export function followUpQuestion(request: FollowUpQuestionRequest): FollowUpQuestion | undefined {
  const { analysis, focus } = request;
  const keep = analysis.chain.slice(0, Math.max(0, focus - 1));
  const alternatives = analysis.ranked.filter(
    (c) =>
      c.anchors.length === analysis.anchorOrder.length &&
      c.anchors[0] === analysis.anchorOrder[0] &&
      keep.every((s, i) => c.steps[i] && c.steps[i].visible === s.visible && c.steps[i].direction === s.direction) &&
      !request.exhausted.has(visibleChainKey(c.steps)),
  );
  const ranked = alternatives.slice(0, request.limit ?? 12);
  const best = ranked[0];
  if (!best) return undefined;
  const fromBridges = (request.bridgeTokens?.length ?? 0) > 0 && focus > 1;
  const from = fromBridges ? `${request.bridgeTokens!.join(' or ')} (bridge ${focus - 1})` : request.anchorTokens.join(' and ') || 'the anchor';
  // From a bridge, the verified prefix is already walked: only the step that broke is asked about.
  const via = fromBridges ? '' : keep.map((s) => `"${s.visible}" (${s.direction})`).join(', then ');
  const failed = analysis.chain[focus - 1];
  const role = focus >= analysis.answerPosition ? 'the answer' : `bridge ${focus}`;
  const question =
    `Which entity is ${role}, reached from ${from}${via ? ` via ${via}` : ''}` +
    `${best.steps[focus - 1] ? ` then "${best.steps[focus - 1].visible}" (${best.steps[focus - 1].direction})` : ''}` +
    `${failed ? ` instead of "${failed.visible}" (${failed.direction})` : ''}?`;
  // The follow-up's anchors are the tokens it names: the bridges it starts from, or the question's anchors.
  const allowed = fromBridges ? request.bridgeTokens! : request.anchorTokens;
  const named = [...new Set(question.match(TOKEN) ?? [])].filter((t) => allowed.includes(t));
  return {
    question,
    anchors: named.length ? (fromBridges ? named : request.anchorTokens) : [],
    ...(fromBridges ? { bridgePosition: focus - 1 } : {}),
    analysis: {
      ...analysis,
      chain: best.steps,
      answerPosition: best.answerPosition,
      alternatives: ranked.slice(1).map((c) => ({ chain: c.steps, score: c.score })),
      ranked,
      subquestions: [question],
    },
  };
}
