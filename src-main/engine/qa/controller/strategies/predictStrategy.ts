// Predict mode: the Hand's prediction proposes the tokens a bridge (or the answer) can be; the proposals become
// new anchors (predictMode.ts), and what their paths reach is verified along the analysis' chains that keep the
// predicted prefix. Single-anchor chains only.
import { followUpQuestion } from '../../hand/followUpQuestion.js';
import { nodeNote } from '../nodeNotes.js';
import { planPrediction, predictedPaths } from '../predictMode.js';
import { groundAndVerify, recordRankingPayload } from '../questionSession.js';
import type { NodeStrategy } from './nodeStrategy.js';
import { pathIds } from './nodeStrategy.js';

export const predictStrategy: NodeStrategy = async (s, node) => {
  const { analysis, anchorTokens } = s;
  if (anchorTokens.length !== 1) {
    node.notes.push(nodeNote.predictUnsupported());
    return undefined;
  }
  const predicted = await s.hand.predictNodes({ view: { ...s.view, anchors: anchorTokens }, indicator: analysis });
  const plan = planPrediction(predicted, analysis.answerPosition);
  s.lap('predict');
  if (!plan) {
    node.notes.push(nodeNote.noPrediction());
    return undefined;
  }
  node.notes.push(nodeNote.predicted(plan.anchors.length, plan.position, analysis.answerPosition));
  const paths = predictedPaths(s, analysis, plan);
  s.lap('explore');
  // Verification accepts the analysis' chains that keep the predicted prefix (the follow-up indicator at the
  // position after the proposals), so a proposal is answered only along a chain the question supports.
  const verifyWith = followUpQuestion({ analysis, focus: plan.position + 1, anchorTokens, exhausted: new Set() })?.analysis ?? analysis;
  const kept = await s.hand.refineEvidence({ paths, indicator: verifyWith, width: s.pruneWidth });
  s.lap('prune');
  const payload = recordRankingPayload(s, verifyWith, anchorTokens, kept);
  node.candidates = pathIds(kept);
  const { grounded, answers } = await groundAndVerify(s, kept, verifyWith);
  return { answers, grounded, kept, analysis: verifyWith, payload };
};
