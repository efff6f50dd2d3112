// Refine mode: the Hand's follow-up question for where the chain broke (a bridge, or the answer constraint) names
// alternative chains past the ones Topic explored. With one anchor and the bridge before the break in hand, the
// follow-up starts from that bridge (re-anchored); otherwise, or when nothing verifies from there, every depth up
// to the node's budget is explored from the anchor with a wider beam than Topic used.
import type { FollowUpQuestionSkill } from '../../../core/handSkills.js';
import { followUpQuestion } from '../../hand/followUpQuestion.js';
import { guidesOf } from '../chainGuides.js';
import { nodeNote } from '../nodeNotes.js';
import { MAX_PREDICTED_ANCHORS, predictedPaths } from '../predictMode.js';
import { groundAndVerify, recordRankingPayload, runRound } from '../questionSession.js';
import type { NodeStrategy } from './nodeStrategy.js';
import { pathIds } from './nodeStrategy.js';

export const refineStrategy: NodeStrategy = async (s, node, ctx) => {
  const { analysis, anchorTokens } = s;
  const skill = (s.hand as Partial<FollowUpQuestionSkill>).followUpQuestion?.bind(s.hand) ?? (async (r: Parameters<typeof followUpQuestion>[0]) => followUpQuestion(r));
  // With one anchor and the bridge before the break in hand, the follow-up starts from that bridge.
  const reached = anchorTokens.length === 1 ? (ctx.bridgeTokens.get(ctx.focus - 1) ?? []) : [];
  const bridges = reached.length > 0 && reached.length <= MAX_PREDICTED_ANCHORS ? [...reached] : undefined;
  const fq = await skill({ analysis, focus: ctx.focus, anchorTokens, exhausted: ctx.exhausted, question: s.view.question, ...(bridges ? { bridgeTokens: bridges } : {}) });
  s.lap('refine');
  if (!fq || fq.anchors.length === 0) {
    node.notes.push(nodeNote.noFollowUp());
    return undefined;
  }
  node.subquestion = fq.question;
  node.notes.push(nodeNote.followUp(ctx.focus, analysis.answerPosition, fq.analysis.ranked.length));
  if (fq.bridgePosition !== undefined) {
    // Explored from the follow-up's own anchors (the bridges) over the rest of the hop budget; each path is joined
    // to its verified prefix from the question's anchor and verified against the follow-up's chains.
    node.notes.push(nodeNote.reanchored(fq.anchors.length, fq.bridgePosition));
    const paths = predictedPaths(s, fq.analysis, { position: fq.bridgePosition, anchors: fq.anchors });
    s.lap('explore');
    const kept = await s.hand.refineEvidence({ paths, indicator: fq.analysis, width: s.pruneWidth });
    s.lap('prune');
    const payload = recordRankingPayload(s, fq.analysis, anchorTokens, kept);
    node.candidates = pathIds(kept);
    const { grounded, answers } = await groundAndVerify(s, kept, fq.analysis);
    if (answers.length > 0) return { answers, grounded, kept, analysis: fq.analysis, payload };
    node.notes.push(nodeNote.anchorRetry());
  }
  const guides = guidesOf(fq.analysis);
  // Deeper: every depth up to this node's budget, with a wider beam than Topic used.
  for (let d = 1; d <= node.depth; d++) {
    const r = await runRound(s, { anchors: fq.bridgePosition !== undefined ? anchorTokens : fq.anchors, guides, depth: d, analysis: fq.analysis, beam: 2 * s.beam });
    if (r.answers.length > 0) {
      node.candidates = pathIds(r.kept);
      node.notes.push(nodeNote.verifiedAtDepth(d));
      return { ...r, analysis: fq.analysis };
    }
  }
  return undefined;
};
