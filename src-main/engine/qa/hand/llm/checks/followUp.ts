// Check of a follow-up decision: a deepen must go to a depth within D_max not tried yet.
import type { FollowUp, FollowUpRequest } from '../../../../core/handSkills.js';
import type { FollowUpReply } from '../schemas/followUp.js';
import { accept, reject, type SkillCheck } from '../skillCheck.js';

export function checkFollowUp(reply: FollowUpReply, request: Pick<FollowUpRequest, 'triedDepths' | 'dMax'>): SkillCheck<FollowUp> {
  if (reply.action === 'stop') {
    const reason = reply.reason.trim();
    return reason ? accept({ action: 'stop', reason }) : reject(['a stop needs a reason']);
  }
  if (!Number.isInteger(reply.depth) || reply.depth < 1 || reply.depth > request.dMax) return reject([`depth must be between 1 and ${request.dMax}`]);
  if (request.triedDepths.includes(reply.depth)) return reject([`depth ${reply.depth} was already explored (tried: ${request.triedDepths.join(', ')})`]);
  return accept({ action: 'deepen', depth: reply.depth });
}
