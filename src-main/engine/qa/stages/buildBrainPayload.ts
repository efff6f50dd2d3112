// Brain payloads: the exact text a remote Brain would receive (built, not sent, this sprint), with what it
// exposes counted from that text. Only view material goes in: the anonymised question, tokens, visible relation
// labels, coarsened literals. Nothing is looked up from the raw graph here, so nothing raw can leak through it.
import type { BrainPayloadPreview, ExposureSummary, ViewPath } from '../../../common/answerTypes.js';
import type { Direction } from '../../../common/graphTypes.js';
import type { SanitizedView } from '../../core/types.js';

const TOKEN = /\b[ESLA]_[0-9a-f]{4,64}\b/g;

export interface PayloadIndicator {
  anchors: string[];
  chain: { visible: string; direction: Direction }[];
  answerPosition: number;
  dPredict: number;
}

function arrow(relation: string, direction: Direction): string {
  return direction === 'out' ? `-[${relation}]->` : `<-[${relation}]-`;
}

function describeNode(token: string, view: SanitizedView, literalOf: Map<string, string>): string {
  const lit = literalOf.get(token);
  return lit !== undefined ? `${token}(${lit})` : token;
}

function pathLine(p: ViewPath, view: SanitizedView, literalOf: Map<string, string>): string {
  let s = describeNode(p.nodes[0], view, literalOf);
  p.edges.forEach((e, i) => (s += ` ${arrow(e.relation, e.direction)} ${describeNode(p.nodes[i + 1], view, literalOf)}`));
  return s;
}

function indicatorLine(ind: PayloadIndicator): string {
  const parts: string[] = [ind.anchors[0] ?? '?'];
  ind.chain.forEach((s, i) => {
    const isLast = i === ind.chain.length - 1;
    const node = i + 1 === ind.answerPosition ? 'ANSWER' : isLast && ind.anchors[1] ? ind.anchors[1] : '?';
    parts.push(`${arrow(s.visible, s.direction)} ${node}`);
  });
  return parts.join(' ');
}

/** Counts what a payload text exposes: tokens, entity tokens, edges (arrows), relation labels, literals. */
export function exposureOf(text: string, literals: readonly string[] = []): ExposureSummary {
  const entityTokens = [...new Set(text.match(TOKEN) ?? [])].sort();
  const labels = new Set<string>();
  let edges = 0;
  for (const m of text.matchAll(/-\[([^\]\n]+)\]-/g)) {
    labels.add(m[1]);
    edges++;
  }
  // ~4 characters per token for English-like text: an approximation until the gateway picks a tokenizer.
  return { tokens: Math.ceil(text.length / 4), entityTokens, edges, relationLabels: [...labels].sort(), literals: [...new Set(literals)].sort() };
}

/** The analysis payload: anonymised question, anchor tokens and the visible relation vocabulary of the view. */
export function buildAnalysisPayload(view: SanitizedView): BrainPayloadPreview {
  const relations = [...new Set(view.edges.map((e) => e.relation))].sort();
  const text = [
    'TASK: analyse the question: order the anchors, predict the relation chain from the anchors to the answer, and its length.',
    `QUESTION: ${view.question}`,
    `ANCHORS: ${view.anchors.join(' ')}`,
    `RELATIONS: ${relations.join(', ')}`,
  ].join('\n');
  // The relation vocabulary is listed, not walked: count labels, not edges.
  const exposure = exposureOf(text);
  exposure.relationLabels = relations;
  exposure.edges = 0;
  return { role: 'analysis', text, exposure };
}

/** The ranking payload: question, indicator and at most W1 candidate paths. */
export function buildRankingPayload(view: SanitizedView, indicator: PayloadIndicator, paths: readonly ViewPath[], width: number): BrainPayloadPreview {
  const literalOf = new Map<string, string>();
  for (const n of view.nodes) if (n.literal !== undefined) literalOf.set(n.token, n.literal);
  const shown = paths.slice(0, width);
  const used: string[] = [];
  for (const p of shown) for (const t of p.nodes) if (literalOf.has(t)) used.push(literalOf.get(t)!);
  const text = [
    'TASK: rank the candidate paths by how well they answer the question; answer with the ANSWER tokens.',
    `QUESTION: ${view.question}`,
    `INDICATOR: ${indicatorLine(indicator)} (D_predict=${indicator.dPredict})`,
    `CANDIDATES (${shown.length}):`,
    ...shown.map((p, i) => `${i + 1}. ${pathLine(p, view, literalOf)}`),
  ].join('\n');
  return { role: 'ranking', text, exposure: exposureOf(text, used) };
}
