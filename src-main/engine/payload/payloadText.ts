// Renders a structured BrainPayload to the exact user message a Brain receives. Pure and deterministic, so the
// exposure report can re-render and compare, and an edited payload is re-rendered from its remaining fields.
import type { BrainPayload, PayloadIndicator, PayloadPath } from '../../common/brainTypes.js';
import type { Direction } from '../../common/graphTypes.js';

export function arrow(relation: string, direction: Direction): string {
  return direction === 'out' ? `-[${relation}]->` : `<-[${relation}]-`;
}

function node(token: string, literals: Record<string, string>): string {
  const lit = literals[token];
  return lit !== undefined ? `${token}(${lit})` : token;
}

/** One path as the Brain reads it, without its "P<id>." prefix. */
export function pathText(path: PayloadPath, literals: Record<string, string>): string {
  let s = node(path.nodes[0], literals);
  path.edges.forEach((e, i) => (s += ` ${arrow(e.relation, e.direction)} ${node(path.nodes[i + 1], literals)}`));
  return s;
}

export function indicatorText(ind: PayloadIndicator): string {
  const parts: string[] = [ind.anchors[0] ?? '?'];
  ind.chain.forEach((s, i) => {
    const isLast = i === ind.chain.length - 1;
    const at = i + 1 === ind.answerPosition ? 'ANSWER' : isLast && ind.anchors[1] ? ind.anchors[1] : '?';
    parts.push(`${arrow(s.relation, s.direction)} ${at}`);
  });
  return `${parts.join(' ')} (D_predict=${ind.dPredict})`;
}

export function renderPayloadText(p: Omit<BrainPayload, 'text'>): string {
  const lines = [`QUESTION: ${p.question}`, `ANCHORS: ${p.anchors.join(' ')}`];
  if (p.role === 'analysis') {
    // JSON-quoted so a label containing a comma still reads (and parses back) as one label.
    if (!p.omitted.includes('relations')) lines.push(`RELATIONS: ${JSON.stringify(p.relations)}`);
    return lines.join('\n');
  }
  if (p.role === 'selection') return renderSelection(p, lines);
  if (p.indicator && !p.omitted.includes('indicator')) lines.push(`INDICATOR: ${indicatorText(p.indicator)}`);
  lines.push(`RETURN AT MOST: ${p.maxReturn}`);
  lines.push(`CANDIDATES (${p.paths.length}):`);
  for (const path of p.paths) lines.push(`P${path.id}. ${pathText(path, p.literals)}`);
  return lines.join('\n');
}

/** Selection: the encoder's candidates with their expansion paths and probabilities, and which are inferred. */
function renderSelection(p: Omit<BrainPayload, 'text'>, lines: string[]): string {
  const sel = p.selection ?? { iteration: 1, maxIterations: 1, scores: {}, inferred: [] };
  lines.push(`ROUND: ${sel.iteration} OF ${sel.maxIterations}`);
  lines.push(`CANDIDATES (${p.paths.length}), ranked by the graph encoder (path from a topic entity; probability):`);
  for (const path of p.paths) lines.push(`P${path.id}. ${pathText(path, p.literals)} (p=${(sel.scores[path.id] ?? 0).toFixed(3)})`);
  const ids = new Set(p.paths.map((x) => x.id));
  const inferred = sel.inferred.filter((id) => ids.has(id));
  lines.push(`INFERRED (the question's chain reaches them only with one edge missing from the graph): ${inferred.length ? inferred.map((id) => `P${id}`).join(', ') : 'none'}`);
  return lines.join('\n');
}
