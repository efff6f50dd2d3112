// Check of a verification verdict: accepted ids must be listed answers, each once. Accepted answers come first in
// the model's order, answers beyond the list (not judged) keep their algorithmic order after them.
import type { Verification } from '../../../../core/types.js';
import type { SufficiencyVerificationReply } from '../schemas/sufficiencyVerification.js';
import { accept, reject, type SkillCheck } from '../skillCheck.js';

export interface SufficiencyVerificationContext {
  algorithmic: Verification;
  listed: number;
}

export const HAND_REJECTED = 'judged insufficient by the Hand';

export function checkSufficiencyVerification(reply: SufficiencyVerificationReply, ctx: SufficiencyVerificationContext): SkillCheck<Verification> {
  const errors: string[] = [];
  const seen = new Set<number>();
  for (const id of reply.accepted) {
    if (!Number.isInteger(id) || id < 1 || id > ctx.listed) errors.push(`answer ${id} is not one of the listed answers (1..${ctx.listed})`);
    else if (seen.has(id)) errors.push(`answer ${id} is accepted twice`);
    else seen.add(id);
  }
  if (errors.length) return reject(errors);
  const { answers, rejected } = ctx.algorithmic;
  const accepted = [...seen].map((id) => answers[id - 1]);
  const dropped = ctx.listed - accepted.length;
  return accept({
    answers: [...accepted, ...answers.slice(ctx.listed)],
    rejected: dropped > 0 ? [...rejected, { reason: HAND_REJECTED, count: dropped }] : [...rejected],
  });
}
