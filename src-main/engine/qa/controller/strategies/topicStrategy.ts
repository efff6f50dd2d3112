// Topic mode: the single-pass pipeline's round — explore the topic paths along the analysis' guides (reused chains
// first) at the node's depth, prune, ground, verify against the analysis.
import type { NodeStrategy } from './nodeStrategy.js';
import { pathIds } from './nodeStrategy.js';
import { runRound } from '../questionSession.js';

export const topicStrategy: NodeStrategy = async (s, node, ctx) => {
  const { analysis, anchorTokens } = s;
  const r = await runRound(s, { anchors: anchorTokens, guides: ctx.topicGuides, depth: node.depth, analysis });
  node.candidates = pathIds(r.kept);
  return { ...r, analysis };
};
