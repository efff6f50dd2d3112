// Ranking: at most W1 sanitized candidate paths in; at most W_max path ids with short reasons out. Ids and
// tokens the payload did not contain are dropped and reported.
import type { BrainPayload } from '../../../../common/brainTypes.js';
import type { BrainRanking, BrainRankedPath, Rejection } from '../brain.js';
import { RANKING_SYSTEM_PROMPT } from '../../../payload/prompts/rankingPrompt.js';
import { RANKING_SCHEMA, type RankingReplyJson } from '../schemas/rankingSchema.js';
import type { BrainRoleSpec } from './brainRoleSpec.js';
import { payloadTokens, scrubInventedTokens } from './payloadVocabulary.js';

function interpretRanking(json: unknown, p: BrainPayload): { value: BrainRanking; rejected: Rejection[] } {
  const r = json as RankingReplyJson;
  const rejected: Rejection[] = [];
  const known = payloadTokens(p);
  const byId = new Map(p.paths.map((x) => [x.id, x]));
  const ranked: BrainRankedPath[] = [];
  for (const item of r.ranking) {
    const path = byId.get(item.path);
    if (!path) {
      rejected.push({ kind: 'path', value: `P${item.path}`, where: 'ranking' });
      continue;
    }
    if (ranked.some((x) => x.pathId === item.path)) continue;
    if (ranked.length >= p.maxReturn) {
      rejected.push({ kind: 'over_limit', value: `P${item.path}`, where: `ranking beyond W_max=${p.maxReturn}` });
      continue;
    }
    ranked.push({ pathId: path.id, candidate: path.candidate, reason: scrubInventedTokens(item.reason, known, `reason of P${item.path}`, rejected) });
  }
  return { value: { ranked }, rejected };
}

export const rankingRole: BrainRoleSpec<BrainRanking> = {
  role: 'ranking',
  system: RANKING_SYSTEM_PROMPT,
  schema: RANKING_SCHEMA,
  maxTokens: 500,
  interpret: interpretRanking,
};
