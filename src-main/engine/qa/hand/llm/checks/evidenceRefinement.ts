// Check of a refinement: the kept ids must be listed paths, each once. The result is the model's choice in its
// order, then the algorithmic ranking beyond what was listed (never seen, so never judged), cut to W1.
import type { CandidatePath } from '../../../../core/types.js';
import type { EvidenceRefinementReply } from '../schemas/evidenceRefinement.js';
import { accept, reject, type SkillCheck } from '../skillCheck.js';

export interface EvidenceRefinementContext {
  /** The algorithmic ranking (already cut to W1). */
  ranked: readonly CandidatePath[];
  /** How many of its head were listed to the model. */
  listed: number;
  width: number;
}

export function checkEvidenceRefinement(reply: EvidenceRefinementReply, ctx: EvidenceRefinementContext): SkillCheck<CandidatePath[]> {
  const errors: string[] = [];
  const seen = new Set<number>();
  for (const id of reply.keep) {
    if (!Number.isInteger(id) || id < 1 || id > ctx.listed) errors.push(`path ${id} is not one of the listed paths (1..${ctx.listed})`);
    else if (seen.has(id)) errors.push(`path ${id} is kept twice`);
    else seen.add(id);
  }
  if (errors.length) return reject(errors);
  if (!seen.size) return reject(['keep at least one path']);
  const kept = [...seen].map((id) => ctx.ranked[id - 1]);
  return accept([...kept, ...ctx.ranked.slice(ctx.listed)].slice(0, ctx.width));
}
