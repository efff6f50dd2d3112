// Exploration guides from an analysis: the distinct visible chains of its best-ranked chains, weighted by score.
import type { Analysis } from '../../core/handSkills.js';
import type { ChainGuide } from '../stages/exploreTopicPaths.js';

export function guidesOf(analysis: Analysis, limit = 12): ChainGuide[] {
  const best = analysis.ranked[0]?.score ?? 0;
  const out: ChainGuide[] = [];
  const seen = new Set<string>();
  for (const c of analysis.ranked) {
    if (out.length >= limit) break;
    if (c.anchors.length !== analysis.anchorOrder.length || c.anchors[0] !== analysis.anchorOrder[0]) continue;
    const key = `${c.answerPosition}|${c.steps.map((s) => `${s.visible}${s.direction}`).join(' ')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      steps: c.steps.map((s) => ({ visible: s.visible, direction: s.direction })),
      answerPosition: c.answerPosition,
      weight: Math.max(0.1, Math.exp(c.score - best)),
    });
  }
  return out;
}
