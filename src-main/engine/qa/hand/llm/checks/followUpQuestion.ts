// Check of a follow-up question: the chosen alternative must be one offered, and the question must name at least
// one token it may start from and no token outside the view's offer (an invented or foreign token is a leak risk
// and a sign the model lost the thread). The result is the algorithmic follow-up with the model's question and
// its chosen chain first.
import type { FollowUpQuestion } from '../../../../core/handSkills.js';
import type { FollowUpQuestionReply } from '../schemas/followUpQuestion.js';
import { accept, reject, type SkillCheck } from '../skillCheck.js';

const TOKEN = /\b[ESLA]_[0-9a-f]{4,64}\b/g;

export function checkFollowUpQuestion(reply: FollowUpQuestionReply, base: FollowUpQuestion, from: readonly string[], known: ReadonlySet<string>): SkillCheck<FollowUpQuestion> {
  const ranked = base.analysis.ranked;
  const k = reply.alternative - 1;
  if (!Number.isInteger(reply.alternative) || k < 0 || k >= ranked.length) return reject([`alternative must be between 1 and ${ranked.length}`]);
  const question = reply.question.trim();
  const tokens = [...new Set(question.match(TOKEN) ?? [])];
  const foreign = tokens.filter((t) => !known.has(t));
  if (foreign.length) return reject([`the question names tokens that are not in the view: ${foreign.join(', ')}`]);
  const named = tokens.filter((t) => from.includes(t));
  if (named.length === 0) return reject([`the question must name a start token (${from.join(', ')})`]);
  const chosen = ranked[k];
  const reordered = [chosen, ...ranked.filter((_c, i) => i !== k)];
  return accept({
    question,
    // From bridges, the follow-up starts at the ones it names; otherwise at the question's anchors (all of them).
    anchors: base.bridgePosition !== undefined ? named : base.anchors,
    ...(base.bridgePosition !== undefined ? { bridgePosition: base.bridgePosition } : {}),
    analysis: {
      ...base.analysis,
      chain: chosen.steps,
      answerPosition: chosen.answerPosition,
      alternatives: reordered.slice(1).map((c) => ({ chain: c.steps, score: c.score })),
      ranked: reordered,
      subquestions: [question],
    },
  });
}
