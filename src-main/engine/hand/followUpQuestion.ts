// Follow-up guided refinement, the algorithmic way: when the indicator's chains verified nothing, ask a targeted
// follow-up for the missing piece — the first chain position whose bridge was not found (or the answer's own
// constraint) — and answer it with a follow-up indicator: the analysis' next-best chains that keep the part of
// the chain that did verify and differ where it broke. Pure: analysis in, anonymised text and indicator out.
import type { Analysis } from './handSkills.js';

export interface FollowUpQuestionRequest {
  analysis: Analysis;
  /** 1-based chain position of the missing bridge, or the answer position for a missing constraint. */
  focus: number;
  /** Anchor tokens in indicator order (the follow-up names them, never raw names). */
  anchorTokens: string[];
  /** Visible chains (`label>`/`label<` joined by spaces) already explored without a verified answer. */
  exhausted: ReadonlySet<string>;
  /** Alternative chains kept (default 12). */
  limit?: number;
  /** The anonymised question (context for a model that words the follow-up). */
  question?: string;
  /**
   * Tokens of the bridge the chain did reach just before `focus` (position focus − 1). When given, the follow-up
   * is asked from them — they become its anchors — instead of from the question's anchors.
   */
  bridgeTokens?: readonly string[];
}

export interface FollowUpQuestion {
  /** The follow-up subquestion, anonymised. */
  question: string;
  /** Anchors the follow-up names, extracted from its text (tokens of the view): bridges when it starts from them. */
  anchors: string[];
  /** Set when the anchors are bridges: their chain position (the prefix up to it is already verified). */
  bridgePosition?: number;
  /** The follow-up indicator: its chain is the best alternative; `ranked` holds only the alternatives. */
  analysis: Analysis;
}

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
