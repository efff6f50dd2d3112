// Builds structured Brain payloads from view material only: the anonymised question, tokens, visible relation
// labels and coarsened literals of a SanitizedView. Nothing is looked up in the raw graph, so nothing raw can
// leak through here; the text is rendered from the structure (payloadText.ts) and is exactly what is sent.
import type { BrainPayload, PayloadIndicator, PayloadPath } from '../../common/brainTypes.js';
import type { ViewPath } from '../../common/answerTypes.js';
import type { SanitizedView } from '../core/types.js';
import { renderPayloadText } from './payloadText.js';

/** W_max: paths a ranking Brain may return. */
export const DEFAULT_MAX_RETURN = 3;

/**
 * Candidate paths a ranking payload shows: the best-ranked of those pruning kept (W1 = 80 stay local for grounding).
 * The Brain returns at most W_max of them, and every further path shows more of its tokens' neighbourhoods (on the
 * demo graph the attack's ASR@1 on anchors and bridges was 6% with 3 paths, 16% with 10, 24% with 20, 38% with 80).
 */
export const DEFAULT_PAYLOAD_WIDTH = 20;

function viewK(view: SanitizedView): BrainPayload['view'] {
  return { k: view.stats.k, achievedK: view.stats.achievedK };
}

/** The literals of `literals` whose tokens these paths still show (an edit or the guard removed the others' paths). */
export function literalsShown(paths: BrainPayload['paths'], literals: BrainPayload['literals']): BrainPayload['literals'] {
  const shown = new Set(paths.flatMap((x) => x.nodes));
  return Object.fromEntries(Object.entries(literals).filter(([t]) => shown.has(t)));
}

export function finalizePayload(p: Omit<BrainPayload, 'text'>): BrainPayload {
  return { ...p, text: renderPayloadText(p) };
}

/** Analysis payload: the anonymised question, the anchor tokens and the view's visible relation vocabulary. */
export function analysisPayload(view: SanitizedView): BrainPayload {
  return finalizePayload({
    role: 'analysis',
    question: view.question,
    anchors: [...view.anchors],
    relations: [...new Set(view.edges.map((e) => e.relation))].sort(),
    paths: [],
    literals: {},
    maxReturn: 0,
    omitted: [],
    view: viewK(view),
  });
}

export interface RankingPayloadInput {
  view: SanitizedView;
  indicator: PayloadIndicator;
  /** Candidate paths (W1 after pruning); their order gives the `candidate` indices the reply maps back to. */
  paths: readonly (ViewPath & { answerAt?: number; score?: number })[];
  /** At most this many candidates go in (W1). */
  width?: number;
  /** W_max (default 3). */
  maxReturn?: number;
  /** Which of `paths` to show (indexes, e.g. sessionPathSample's); default the first `width`. */
  show?: readonly number[];
}

const tieKey = (p: ViewPath): string => p.nodes.join(' ');

/** Ranking payload: question, indicator and a bounded candidate set, paths numbered P1..Pn. */
export function rankingPayload(input: RankingPayloadInput): BrainPayload {
  const { view } = input;
  const literalOf = new Map<string, string>();
  for (const n of view.nodes) if (n.literal !== undefined) literalOf.set(n.token, n.literal);
  const shown = input.paths;
  // Equally scored candidates are listed by their tokens (random per session), so their order tells a Brain nothing
  // about the raw entities; `candidate` keeps each path's index for mapping the reply back.
  const order = input.show ? input.show.filter((i) => i >= 0 && i < shown.length) : shown.slice(0, input.width ?? shown.length).map((_, i) => i);
  order.sort((a, b) => (shown[b].score ?? 0) - (shown[a].score ?? 0) || tieKey(shown[a]).localeCompare(tieKey(shown[b])) || a - b);
  const paths: PayloadPath[] = order.map((i, k) => ({
    id: k + 1,
    candidate: i,
    nodes: [...shown[i].nodes],
    edges: shown[i].edges.map((e) => ({ relation: e.relation, direction: e.direction })),
    answerAt: shown[i].answerAt ?? shown[i].nodes.length - 1,
  }));
  const literals: Record<string, string> = {};
  for (const p of paths) for (const t of p.nodes) if (literalOf.has(t)) literals[t] = literalOf.get(t)!;
  return finalizePayload({
    role: 'ranking',
    question: view.question,
    anchors: [...input.indicator.anchors],
    relations: [],
    indicator: { ...input.indicator, anchors: [...input.indicator.anchors], chain: input.indicator.chain.map((s) => ({ ...s })) },
    paths,
    literals,
    maxReturn: Math.max(1, input.maxReturn ?? DEFAULT_MAX_RETURN),
    omitted: [],
    view: viewK(view),
  });
}

export interface SelectionPayloadInput {
  question: string;
  anchors: readonly string[];
  /** The encoder's candidates, best first: their order gives the `candidate` indices (P1 = candidates[0]). */
  candidates: readonly { nodes: readonly string[]; edges: readonly { relation: string; direction: 'out' | 'in' }[]; score: number; inferred: boolean }[];
  iteration: number;
  maxIterations: number;
  /** Coarsened values of literal tokens (only those on a candidate's path are kept). */
  literals?: Readonly<Record<string, string>>;
  view: BrainPayload['view'];
}

/** Selection payload (two-stage answering): the candidates as numbered paths with their probabilities. */
export function selectionPayload(input: SelectionPayloadInput): BrainPayload {
  const paths: PayloadPath[] = input.candidates.map((c, i) => ({
    id: i + 1,
    candidate: i,
    nodes: [...c.nodes],
    edges: c.edges.map((e) => ({ relation: e.relation, direction: e.direction })),
    answerAt: c.nodes.length - 1,
  }));
  const shown = new Set(paths.flatMap((p) => p.nodes));
  const literals: Record<string, string> = {};
  for (const [t, v] of Object.entries(input.literals ?? {})) if (shown.has(t)) literals[t] = v;
  return finalizePayload({
    role: 'selection',
    question: input.question,
    anchors: [...input.anchors],
    relations: [],
    paths,
    literals,
    maxReturn: 1,
    omitted: [],
    view: { ...input.view },
    selection: {
      iteration: input.iteration,
      maxIterations: input.maxIterations,
      scores: Object.fromEntries(paths.map((p, i) => [p.id, input.candidates[i].score])),
      inferred: paths.filter((_p, i) => input.candidates[i].inferred).map((p) => p.id),
    },
  });
}
