// The last check before answering: whatever mode produced them, answers must be supported by a raw path that
// starts at the question's first anchor, reaches its second (when there is one) and does not end on an anchor.
// Sub-indicators (follow-up, prediction) verify their own chains; this keeps the combined evidence honest to Q.
import type { GroundedPath } from '../../core/types.js';
import type { GroundedAnswer } from '../../core/types.js';

export function wholeQuestionCheck<A extends Pick<GroundedAnswer, 'entity'>>(answers: readonly A[], grounded: readonly GroundedPath[], anchors: readonly number[]): A[] {
  const [first, second] = anchors;
  const supported = new Set<number>();
  for (const p of grounded) {
    if (anchors.includes(p.answer) || p.entities[0] !== first) continue;
    const twoEnded = p.view.answerAt < p.view.nodes.length - 1;
    if (second !== undefined && twoEnded && p.entities[p.entities.length - 1] !== second) continue;
    supported.add(p.answer);
  }
  return answers.filter((a) => supported.has(a.entity));
}
