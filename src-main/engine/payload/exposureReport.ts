// The exposure report shown before every Brain call: the exact text, its token count, and every entity token,
// edge, relation label and literal in it, each marked new or seen before. Items are read from the payload's
// structured form and then checked against the text itself; if the two disagree the report refuses (a report
// that cannot account for the text must not be the basis of an approval). Pure: same input, same report.
// Re-identification risk comes in as data (the gateway attacks the payload on the local graph): this layer may not
// reach the graph, and the report must stay computable where no graph is at hand.
import type {
  BrainPayload,
  ChatRequestBody,
  ExposedEdge,
  ExposedLabel,
  ExposedSubgraph,
  ExposedToken,
  ExposureReport,
} from '../../common/brainTypes.js';
import { TOKEN_PATTERN } from '../core/tokens.js';
import { ExposureMismatchError } from './payloadErrors.js';
import { droppableFields } from './editPayload.js';
import { NO_HISTORY, type ExposureHistory } from '../core/exposureHistory.js';
import { pathText, renderPayloadText } from './payloadText.js';
import { countChatTokens } from './tokenCount.js';
import type { BrainPayloadPreview, PayloadStatus } from '../../common/answerTypes.js';
import { systemPromptFor } from './systemPrompts.js';
import { fullRequest } from './chatRequest.js';

export interface ExposureReportInput {
  payload: BrainPayload;
  /** The role's system prompt, sent along with the payload. */
  system: string;
  model: string;
  endpoint: string;
  history?: ExposureHistory;
  /** Per entity token of the text: its anonymity set in the local graph (PayloadRisk.anonymity). */
  anonymity?: ReadonlyMap<string, number>;
  /** Remote Brains: the request body the gateway will send for this payload, and its resend rule in words. */
  request?: { body: ChatRequestBody; retry: string };
}

const KIND_OF: Record<string, ExposedToken['kind']> = { E: 'entity', S: 'supernode', L: 'literal', A: 'aggregate' };

export function tokensIn(text: string): string[] {
  return [...new Set(text.match(new RegExp(TOKEN_PATTERN.source, 'g')) ?? [])];
}

function sameSet(a: Iterable<string>, b: Iterable<string>): boolean {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((v) => y.has(v));
}

/** The structured items of a payload: what its fields say will be in the text. */
function structuredItems(p: BrainPayload) {
  const tokens = new Set<string>([...tokensIn(p.question), ...p.anchors]);
  const relations = new Set<string>(p.relations);
  if (p.indicator) {
    for (const a of p.indicator.anchors) tokens.add(a);
    for (const s of p.indicator.chain) relations.add(s.relation);
  }
  const edges = new Map<string, { head: string; relation: string; tail: string }>();
  let steps = 0;
  for (const path of p.paths) {
    for (const t of path.nodes) tokens.add(t);
    path.edges.forEach((e, i) => {
      steps++;
      relations.add(e.relation);
      const [head, tail] = e.direction === 'out' ? [path.nodes[i], path.nodes[i + 1]] : [path.nodes[i + 1], path.nodes[i]];
      edges.set(`${head}|${e.relation}|${tail}`, { head, relation: e.relation, tail });
    });
  }
  return { tokens, relations, edges: [...edges.values()], steps };
}

/** Throws ExposureMismatchError unless the text says exactly what the structure says. */
function checkText(p: BrainPayload, system: string, items: ReturnType<typeof structuredItems>): void {
  if (p.text !== renderPayloadText(p)) throw new ExposureMismatchError('text was changed after rendering');
  if (tokensIn(system).length) throw new ExposureMismatchError('the system prompt contains entity tokens');
  const inText = tokensIn(p.text);
  if (!sameSet(inText, items.tokens)) {
    const extra = inText.filter((t) => !items.tokens.has(t));
    throw new ExposureMismatchError(`tokens in the text but not in the structure: ${extra.join(', ') || '(none)'}`);
  }
  for (const r of items.relations) if (!p.text.includes(`[${r}]`) && !p.text.includes(JSON.stringify(r))) throw new ExposureMismatchError(`relation "${r}" is not in the text`);
  for (const [t, v] of Object.entries(p.literals)) if (!p.text.includes(`${t}(${v})`)) throw new ExposureMismatchError(`literal ${t}(${v}) is not in the text`);
  const candidateLines = p.text.split('\n').filter((l) => /^P\d+\. /.test(l));
  const arrows = candidateLines.reduce((n, l) => n + (l.match(/-\[[^\]\n]*\]->|<-\[[^\]\n]*\]-/g)?.length ?? 0), 0);
  if (arrows !== items.steps) throw new ExposureMismatchError(`${arrows} path edges in the text, ${items.steps} in the structure`);
}

/** The request must carry exactly this system prompt and payload text, and nothing else as messages. */
function checkRequest(body: ChatRequestBody, system: string, text: string, model: string): void {
  const [first, second, ...rest] = body.messages;
  if (first?.role !== 'system' || first.content !== system || second?.role !== 'user' || second.content !== text || rest.length)
    throw new ExposureMismatchError('the request body does not carry exactly the system prompt and the payload text');
  if (body.model !== model) throw new ExposureMismatchError(`the request names model ${body.model}, the report ${model}`);
}

export function exposureReport(input: ExposureReportInput): ExposureReport {
  const { payload: p, system, model, endpoint } = input;
  const history = input.history ?? NO_HISTORY;
  const items = structuredItems(p);
  checkText(p, system, items);
  if (input.request) checkRequest(input.request.body, system, p.text, model);

  const anchors = new Set([...p.anchors, ...(p.indicator?.anchors ?? [])]);
  const anonymity = input.anonymity;
  const entityTokens: ExposedToken[] = [...items.tokens].sort().map((token) => {
    const kind = KIND_OF[token[0]] ?? 'entity';
    const set = kind === 'entity' ? anonymity?.get(token) : undefined;
    return {
      token,
      kind,
      ...(p.literals[token] !== undefined ? { literal: p.literals[token] } : {}),
      anchor: anchors.has(token),
      ...(set !== undefined ? { anonymitySet: set } : {}),
      ...history.entity(token),
    };
  });
  const unique = new Set(entityTokens.filter((t) => t.anonymitySet === 1).map((t) => t.token));
  const edges: ExposedEdge[] = items.edges.map((e) => ({ ...e, ...history.edge(e.head, e.relation, e.tail) }));
  const relationLabels: ExposedLabel[] = [...items.relations].sort().map((value) => ({ value, ...history.relation(value) }));
  const literals: ExposedLabel[] = [...new Set(Object.values(p.literals))].sort().map((value) => ({ value, ...history.literal(value) }));

  const subgraph: ExposedSubgraph = {
    nodes: entityTokens.map((t) => ({ id: t.token, label: t.literal ? `${t.token} (${t.literal})` : t.token, kind: t.kind, anchor: t.anchor, isNew: t.newEver })),
    edges: edges.map((e) => ({ id: `${e.head}|${e.relation}|${e.tail}`, source: e.head, target: e.tail, label: e.relation, isNew: e.newEver })),
  };
  return {
    role: p.role,
    model,
    endpoint,
    system,
    text: p.text,
    ...(input.request ? { request: fullRequest(input.request.body, input.request.retry) } : {}),
    tokens: countChatTokens([{ content: system }, { content: p.text }], model),
    entityTokens,
    edges,
    relationLabels,
    literals,
    paths: p.paths.map((x) => ({
      id: x.id,
      text: `P${x.id}. ${pathText(x, p.literals)}`,
      ...(anonymity ? { unique: [...new Set(x.nodes.filter((t) => unique.has(t)))] } : {}),
    })),
    droppable: droppableFields(p),
    omitted: [...p.omitted],
    kAnonymity: { k: p.view.k, achieved: p.view.achievedK },
    subgraph,
    counts: {
      entities: entityTokens.length,
      newInSession: entityTokens.filter((t) => t.newInSession).length,
      newEver: entityTokens.filter((t) => t.newEver).length,
      edges: edges.length,
      relations: relationLabels.length,
      literals: literals.length,
      ...(anonymity ? { unique: unique.size } : {}),
    },
  };
}

/**
 * The Ask panel's and eval's view of a payload: its exact text, and the token count and exposure the same report
 * gives the approval dialog (newness against the ledger is the dialog's alone, so none is needed here).
 */
export function payloadPreview(payload: BrainPayload, status: PayloadStatus, model = ''): BrainPayloadPreview {
  const report = exposureReport({ payload, system: systemPromptFor(payload.role), model, endpoint: '' });
  return {
    role: payload.role,
    text: payload.text,
    tokens: report.tokens,
    exposure: {
      tokens: report.tokens.count,
      entityTokens: report.entityTokens.map((t) => t.token),
      edges: report.counts.edges,
      relationLabels: report.relationLabels.map((l) => l.value),
      literals: report.literals.map((l) => l.value),
    },
    status,
  };
}
