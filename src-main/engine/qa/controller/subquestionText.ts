// The anonymised text of a subquestion of the chain: where it starts (the anchor's token or a bridge), the visible
// steps it follows and where it ends (a bridge, or the answer joined with the second anchor).
import type { Analysis } from '../../core/handSkills.js';

const arrow = (s: { visible: string; direction: string }): string => (s.direction === 'out' ? `-${s.visible}->` : `<-${s.visible}-`);

/** Anonymised subquestion of chain steps [from, to): tokens and visible labels only. */
export function subquestionText(analysis: Analysis, anchorTokens: readonly string[], from: number, to: number): string {
  const start = from === 0 ? anchorTokens[0] ?? 'ANCHOR' : `bridge ${from}`;
  const steps = analysis.chain.slice(from, to).map(arrow).join(' … ');
  const target = to >= analysis.answerPosition ? (anchorTokens[1] ? `the answer, joined with ${anchorTokens[1]}` : 'the answer') : `bridge ${to}`;
  return `From ${start}, follow ${steps || 'the chain'} to ${target}`;
}
