// How well an encoder recovers hidden edges: held-out link-prediction examples (own seed), the hidden tail ranked
// among all other nodes of the anchor's relevance subgraph. Coverage is the share whose tail was still reachable
// in the subgraph at all; ranks are over those.
import type { GraspEncoder } from './encoder/graspEncoder.js';
import { runExample } from './exampleStep.js';
import type { GraspContext } from './graspContext.js';
import { createPrng } from '../random/prng.js';
import type { RelevanceOptions } from './relevantSubgraph.js';
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
