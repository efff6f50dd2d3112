// How well an encoder recovers hidden edges: held-out link-prediction examples (own seed), the hidden tail ranked
// among all other nodes of the anchor's relevance subgraph. Coverage is the share whose tail was still reachable
// in the subgraph at all; ranks are over those.
import type { GraspEncoder } from './encoder/graspEncoder.js';
import { runExample } from './exampleStep.js';
import type { GraspContext } from './graspContext.js';
import { createPrng } from '../../random/prng.js';
import type { RelevanceOptions } from './relevantSubgraph.js';
import { neighbourVote } from './neighbourVote.js';
import { linkExample } from './trainingExamples.js';

export interface LinkRecovery {
  examples: number;
  coverage: number;
  hitsAt1: number;
  hitsAt3: number;
  mrr: number;
}

export function evaluateLinkRecovery(encoder: GraspEncoder, ctx: GraspContext, count: number, seed: number, relevance: RelevanceOptions): LinkRecovery {
  const rng = createPrng(seed);
  let drawn = 0;
  let covered = 0;
  let h1 = 0;
  let h3 = 0;
  let rr = 0;
  for (let attempt = 0; attempt < count * 20 && drawn < count; attempt++) {
    const ex = linkExample(ctx, rng);
    if (!ex) continue;
    drawn++;
    const out = runExample(encoder, ctx, ex, relevance, false);
    if (out.bestRank === undefined) continue;
    covered++;
    if (out.bestRank === 1) h1++;
    if (out.bestRank <= 3) h3++;
    rr += 1 / out.bestRank;
  }
  const c = Math.max(1, covered);
  return { examples: drawn, coverage: drawn ? covered / drawn : 0, hitsAt1: h1 / c, hitsAt3: h3 / c, mrr: rr / c };
}

/**
 * The same held-out examples (same seed → same draws) answered by the peer vote instead of the encoder: the
 * hidden tail ranked among the vote's predictions for (anchor, relation, direction). Coverage is the share whose
 * tail the vote (or its prior) proposed at all.
 */
export function evaluateVoteRecovery(ctx: GraspContext, count: number, seed: number): LinkRecovery {
  const rng = createPrng(seed);
  const g = ctx.graph;
  let drawn = 0;
  let covered = 0;
  let h1 = 0;
  let h3 = 0;
  let rr = 0;
  for (let attempt = 0; attempt < count * 20 && drawn < count; attempt++) {
    const ex = linkExample(ctx, rng);
    if (!ex || !ex.exclude) continue;
    drawn++;
    const anchor = ex.anchors[0];
    // The hidden group's (relation, direction): the anchor's edge to the first target that the filter hides.
    let slot: { r: number; d: number } | undefined;
    for (let k = g.offsets[anchor]; k < g.offsets[anchor + 1] && !slot; k++) {
      const t = g.edgeNeighbor[k];
      const r = g.edgeRelation[k];
      const d = g.edgeDirection[k];
      if (t === ex.targets[0] && (d === 0 ? ex.exclude(anchor, r, t) : ex.exclude(t, r, anchor))) slot = { r, d };
    }
    if (!slot) continue;
    const ignore = new Set(ex.ignore ?? []);
    const ranked = neighbourVote(g, anchor, slot.r, slot.d, { exclude: ex.exclude, limit: 100 }).filter((v) => !ignore.has(v.entity));
    const rank = ranked.findIndex((v) => ex.targets.includes(v.entity)) + 1;
    if (rank === 0) continue;
    covered++;
    if (rank === 1) h1++;
    if (rank <= 3) h3++;
    rr += 1 / rank;
  }
  const c = Math.max(1, covered);
  return { examples: drawn, coverage: drawn ? covered / drawn : 0, hitsAt1: h1 / c, hitsAt3: h3 / c, mrr: rr / c };
}
