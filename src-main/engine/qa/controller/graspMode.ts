// Encoder-driven answering for incomplete graphs (the GraSP part of Predict): when topic-path exploration verified
// nothing, or verified only along a shorter or weaker chain than the question's best (groundedShort), the trained
// selector ranks the entities around the anchors — including ones the question's chain no
// longer reaches because an edge is missing — and each is grounded in the raw graph along the analysis' chains
// with one step allowed to be missing (relaxedGrounding). With a selection step the loop is two-stage: the
// selection goes out as sanitized evidence (tokens and visible relation words, never names), a Brain answers
// sufficient / expand X / final, and the loop repeats up to a limit. Grounding and verification stay local: a
// Brain's final answer counts only if it grounds, and inferred answers say so in their evidence.
import { randomBytes } from 'node:crypto';
import type { ViewPath } from '../../../common/answerTypes.js';
import { DIR_OUT } from '../../graph/memoryGraph.js';
import type { DetailedSelection, SelectOptions } from '../grasp/graspSelector.js';
import type { GraspSelectorLike } from '../grasp/graspSelectorLike.js';
import { neighbourVote } from '../grasp/neighbourVote.js';
import { canCarry, relaxedGrounding, type ChainStep, type RelaxedAnswer } from '../grasp/relaxedGrounding.js';
import { slotTypeFit } from '../grasp/relationSchema.js';
import { candidatePathText, selectionCandidates, selectionEvidence } from '../grasp/selectionEvidence.js';
import { chainKey } from '../stages/schemaPaths.js';
import type { GroundedAnswer, ViewMapping } from '../../core/types.js';
import { INFERRED_NOTE, nodeNote, type NodeNote } from './nodeNotes.js';
import type { QuestionSession } from './questionSession.js';
import type { ReasoningNode, ReasoningTree } from './reasoningTree.js';
import { DEFAULT_SELECTION_ITERATIONS, type SelectionCandidate, type SelectionDecision, type SelectionStep } from '../../core/selectionStep.js';

export interface GraspModeOptions {
  selector: GraspSelectorLike;
  /** The question's DRM vector (the selector's DRM space). */
  questionVector: ArrayLike<number>;
  /** Two-stage Brain decision; without it the local ranking of the selection is the answer. */
  selectionStep?: SelectionStep;
  /** Rounds of the two-stage loop (default 3). */
  maxIterations?: number;
  /** Entities taken from the selector per round (default 40). */
  topK?: number;
  /** Selector subgraph bounds (l, k1, k2, maxNodes). */
  select?: Omit<SelectOptions, 'topK'>;
  /** An inferred answer needs at least this share of the best selected entity's score (default 0.05). */
  minInferredShare?: number;
  /** Candidates shown to the Brain per round (default 10). */
  evidenceLimit?: number;
  /**
   * Merge the peer vote's predictions for broken chain steps into the selection (default false: on MetaQA at 40%
   * removal it moved Hits@1 by −1 point on 2-hop and +1 on 3-hop, 300 questions each — no gain over the encoder).
   */
  vote?: boolean;
}

export interface GraspModeResult {
  answers: GroundedAnswer[];
  /** Rounds run (1 without a selection step). */
  iterations: number;
  /** The evidence texts sent, in order (for tests and audits). */
  evidence: string[];
  decisions: (SelectionDecision | undefined)[];
  notes: NodeNote[];
}

/** Per-question tokens: the view's own where it has one, else a fresh opaque token kept only in this session. */
class SessionTokens {
  private readonly extra = new Map<number, string>();
  private readonly back = new Map<string, number>();

  constructor(private readonly s: QuestionSession) {}

  tokenOf(entity: number): string {
    const t = this.s.mapping.tokenOf(entity) ?? this.extra.get(entity);
    if (t) return t;
    let fresh: string;
    do fresh = `E_${randomBytes(6).toString('hex')}`;
    while (this.back.has(fresh));
    this.extra.set(entity, fresh);
    this.back.set(fresh, entity);
    return fresh;
  }

  /** Raw entities behind a token this session showed; empty for anything invented. */
  entitiesOf(token: string): number[] {
    const e = this.back.get(token);
    return e !== undefined ? [e] : this.s.mapping.members(token);
  }

  /** φ_Q extended by this session's extra tokens (the ledger must key those too); discarding stays the view's. */
  asMapping(): ViewMapping {
    const m = this.s.mapping;
    return {
      tokenOf: (e) => m.tokenOf(e) ?? this.extra.get(e),
      members: (t) => this.entitiesOf(t),
      relationsOf: (v) => m.relationsOf(v),
      visibleRelation: (r) => m.visibleRelation(r),
      tokens: () => [...m.tokens(), ...this.back.keys()],
      discard: () => undefined,
    };
  }
}

/** Single-anchor chains ending at the answer: the indicator's first, then the analysis' alternatives. */
function answerChains(s: QuestionSession, max = 4): { anchor: number; steps: ChainStep[] }[] {
  const out: { anchor: number; steps: ChainStep[] }[] = [];
  const seen = new Set<string>();
  const push = (anchor: number, steps: readonly { relation: number; direction: 'out' | 'in' }[], answerPosition: number): void => {
    if (steps.length === 0 || answerPosition !== steps.length || out.length >= max) return;
    const key = `${anchor}:${steps.map((x) => `${x.relation}${x.direction}`).join(',')}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ anchor, steps: steps.map((x) => ({ relation: x.relation, direction: x.direction })) });
  };
  const a = s.analysis;
  if (a.anchorOrder.length === 1) push(a.anchorOrder[0], a.chain, a.answerPosition);
  for (const c of a.ranked) if (c.anchors.length === 1) push(c.anchors[0], c.steps, c.answerPosition);
  return out;
}

/** One step of a chain from every entity of `layer` (at most 2,000 reached: hub control), never back to `avoid`. */
function stepFrom(g: QuestionSession['graph'], layer: Iterable<number>, step: ChainStep, avoid: number): Set<number> {
  const want = step.direction === 'out' ? DIR_OUT : 1 - DIR_OUT;
  const next = new Set<number>();
  for (const u of layer)
    for (let k = g.offsets[u]; k < g.offsets[u + 1] && next.size < 2000; k++)
      if (g.edgeRelation[k] === step.relation && g.edgeDirection[k] === want && g.edgeNeighbor[k] !== avoid) next.add(g.edgeNeighbor[k]);
  return next;
}

/**
 * The last entities a chain reaches before its walk from the anchor runs dry (at most `perChain` per chain, `max`
 * in all): a chain that grounds end to end, or dries up at the anchor itself, adds none.
 */
export function bridgesBeforeGap(s: QuestionSession, chains: ReturnType<typeof answerChains>, perChain = 2, max = 4): number[] {
  const out: number[] = [];
  for (const c of chains) {
    let layer = [c.anchor];
    let reached: number[] = [];
    let stoppedAt = -1;
    for (let i = 0; i < c.steps.length; i++) {
      const next = stepFrom(s.graph, layer, c.steps[i], c.anchor);
      if (next.size === 0) {
        stoppedAt = i;
        reached = layer;
        break;
      }
      layer = [...next];
    }
    if (stoppedAt > 0) for (const e of reached.slice(0, perChain)) if (!out.includes(e)) out.push(e);
    if (out.length >= max) break;
  }
  return out.slice(0, max);
}

/**
 * Answers the peer vote predicts where a chain breaks: from the entities the walk still reaches before the first
 * step none of them has (the anchor itself included), the vote proposes that step's targets, and the rest of the
 * chain is walked from them. Scores are vote shares (later breaks are not discounted here; relaxedGrounding does).
 * A prior-only proposal (no peer voted) is allowed on the last step alone: a value frequency says nothing about
 * which bridge to continue from.
 */
export function voteCandidates(s: QuestionSession, chains: ReturnType<typeof answerChains>, perBreak = 5): Map<number, number> {
  const g = s.graph;
  const out = new Map<number, number>();
  const keep = (e: number, score: number): void => {
    if (score > (out.get(e) ?? 0)) out.set(e, score);
  };
  for (const c of chains) {
    let layer = new Set([c.anchor]);
    for (let j = 0; j < c.steps.length; j++) {
      const next = stepFrom(g, layer, c.steps[j], c.anchor);
      if (next.size > 0) {
        layer = next;
        continue;
      }
      const last = j === c.steps.length - 1;
      const want = c.steps[j].direction === 'out' ? DIR_OUT : 1 - DIR_OUT;
      for (const b of [...layer].slice(0, perBreak))
        for (const v of neighbourVote(g, b, c.steps[j].relation, want, { limit: 10 })) {
          if (v.entity === c.anchor || (v.peers === 0 && !last)) continue;
          if (last) keep(v.entity, v.score);
          else {
            let rest = new Set([v.entity]);
            for (let k = j + 1; k < c.steps.length && rest.size > 0; k++) rest = stepFrom(g, rest, c.steps[k], c.anchor);
            for (const e of rest) keep(e, v.score / Math.max(1, rest.size));
          }
        }
      break;
    }
  }
  return out;
}

/** The selector's ranking with the vote's proposals merged in: each source scaled to its best, then averaged. */
export function withVotes(selection: DetailedSelection, votes: ReadonlyMap<number, number>): DetailedSelection {
  if (votes.size === 0) return selection;
  const encMax = selection.ranked[0]?.score ?? 0;
  const voteMax = Math.max(...votes.values());
  const merged = new Map<number, number>();
  for (const r of selection.ranked) merged.set(r.entity, encMax > 0 ? (0.5 * r.score) / encMax : 0);
  for (const [e, v] of votes) merged.set(e, (merged.get(e) ?? 0) + (0.5 * v) / voteMax);
  const ranked = [...merged].map(([entity, score]) => ({ entity, score })).sort((a, b) => b.score - a.score || a.entity - b.entity);
  return { ...selection, ranked };
}

/** Relaxed groundings of the selection along every chain; an entity keeps its best (earliest chain first). */
function groundSelection(s: QuestionSession, chains: ReturnType<typeof answerChains>, selection: DetailedSelection, minShare: number): RelaxedAnswer[] {
  const best = selection.ranked[0]?.score ?? 0;
  const byEntity = new Map<number, RelaxedAnswer>();
  chains.forEach((c, i) => {
    // Later (weaker) chains count a little less, so the indicator's own chain wins ties.
    const weight = 0.9 ** i;
    const last = c.steps[c.steps.length - 1];
    const answerSlot = { relation: last.relation, direction: last.direction === 'out' ? ('in' as const) : ('out' as const) };
    for (const r of relaxedGrounding(s.graph, c.anchor, c.steps, selection.ranked)) {
      if (r.missingAt !== undefined && r.score < minShare * best) continue;
      // An inferred answer must be the answer's kind of thing by the graph's slot co-occurrence (a film is never a
      // language), not only by the looser per-slot signature, which a name shared by two kinds slips through.
      if (r.missingAt !== undefined && !canCarry(s.graph, r.entity, answerSlot) && slotTypeFit(s.graph, r.entity, answerSlot) < 0.1) continue;
      const scored = { ...r, score: r.score * weight };
      const prev = byEntity.get(r.entity);
      const rank = (x: RelaxedAnswer): number => (x.missingAt === undefined ? 1 : 0);
      if (!prev || rank(scored) > rank(prev) || (rank(scored) === rank(prev) && scored.score > prev.score)) byEntity.set(r.entity, scored);
    }
  });
  return [...byEntity.values()].sort((a, b) => Number(a.missingAt !== undefined) - Number(b.missingAt !== undefined) || b.score - a.score || a.entity - b.entity);
}

function toGrounded(s: QuestionSession, tokens: SessionTokens, r: RelaxedAnswer): GroundedAnswer {
  const viewPath: ViewPath = {
    nodes: r.entities.map((e) => tokens.tokenOf(e)),
    edges: r.edges.map((e, i) => ({ relation: i === r.missingAt ? `${s.mapping.visibleRelation(e.relation)} [${INFERRED_NOTE}]` : s.mapping.visibleRelation(e.relation), direction: e.direction })),
  };
  return {
    entity: r.entity,
    // Grounded end to end outranks inferred; within each, the encoder's probability orders.
    score: (r.missingAt === undefined ? 1 : 0.5) + 0.5 * r.score,
    rawPaths: [{ entities: r.entities, edges: r.edges.map((e, i) => ({ relation: e.relation, direction: e.direction, ...(i === r.missingAt ? { inferred: true } : {}) })) }],
    viewPaths: [viewPath],
    ...(r.missingAt !== undefined ? { inferred: `${INFERRED_NOTE}: no raw edge for step ${r.missingAt + 1} (${s.graph.relationLabels[r.edges[r.missingAt].relation]})` } : {}),
  };
}

export async function runGraspMode(s: QuestionSession, o: GraspModeOptions): Promise<GraspModeResult> {
  const notes: NodeNote[] = [];
  const chains = answerChains(s);
  if (chains.length === 0) return { answers: [], iterations: 0, evidence: [], decisions: [], notes: [nodeNote.graspNoChain()] };
  const tokens = new SessionTokens(s);
  const maxIterations = Math.max(1, Math.floor(o.maxIterations ?? DEFAULT_SELECTION_ITERATIONS));
  const minShare = o.minInferredShare ?? 0.05;
  const anchors = [...new Set(s.analysis.anchorOrder)];
  // Where a chain stops short, the entities it still reaches are the heads of the missing edge: the selector looks
  // around them too (its training predicts hidden edges from their head), else the answer lies outside its reach.
  for (const b of bridgesBeforeGap(s, chains)) if (!anchors.includes(b)) anchors.push(b);
  // With o.vote the peer vote's proposals for the broken steps join every round's selection.
  const votes = o.vote ? voteCandidates(s, chains) : new Map<number, number>();
  if (votes.size) notes.push(nodeNote.graspVote(votes.size));
  const evidence: string[] = [];
  const decisions: (SelectionDecision | undefined)[] = [];
  let grounded: RelaxedAnswer[] = [];
  let preferred: number[] = [];
  let iterations = 0;
  for (let round = 1; round <= maxIterations; round++) {
    iterations = round;
    const selection = withVotes(o.selector.selectDetailed(s.graph, anchors, o.questionVector, { ...o.select, topK: o.topK ?? 40 }), votes);
    s.lap('select');
    // Later rounds add to what earlier ones grounded (an expansion widens the selection, never narrows it).
    const fresh = groundSelection(s, chains, selection, minShare);
    const known = new Map(grounded.map((g) => [g.entity, g]));
    for (const f of fresh) if (!known.has(f.entity) || known.get(f.entity)!.score < f.score) known.set(f.entity, f);
    grounded = [...known.values()].sort((a, b) => Number(a.missingAt !== undefined) - Number(b.missingAt !== undefined) || b.score - a.score || a.entity - b.entity);
    s.lap('ground');
    if (!o.selectionStep) break;
    const inferredTokens = new Set(grounded.filter((g) => g.missingAt !== undefined).map((g) => tokens.tokenOf(g.entity)));
    const evidenceOptions = { relationOf: (r: number) => s.mapping.visibleRelation(r), limit: o.evidenceLimit ?? 10 };
    const body = selectionEvidence(s.graph, selection, (e) => tokens.tokenOf(e), evidenceOptions);
    const candidates: SelectionCandidate[] = selectionCandidates(s.graph, selection, (e) => tokens.tokenOf(e), evidenceOptions).map((c) => ({
      token: c.token,
      score: Number(c.score.toFixed(3)),
      path: c.edges.length ? candidatePathText(c) : 'no path recorded',
      inferred: inferredTokens.has(c.token),
      nodes: c.nodes,
      edges: c.edges,
    }));
    const literals: Record<string, string> = {};
    const shown = new Set(candidates.flatMap((c) => c.nodes));
    for (const n of s.view.nodes) if (n.literal !== undefined && shown.has(n.token)) literals[n.token] = n.literal;
    const text = [
      `Question: ${s.view.question}`,
      body,
      inferredTokens.size ? `Reached by the question's chain only with one edge missing from the graph: ${[...inferredTokens].join(', ')}.` : 'No candidate is reached with an edge missing.',
      `Round ${round} of ${maxIterations}.`,
    ].join('\n');
    evidence.push(text);
    const decision = await o.selectionStep({ question: s.view.question, anchors: anchors.map((a) => tokens.tokenOf(a)), candidates,
      evidence: text,
      iteration: round,
      maxIterations,
      mapping: tokens.asMapping(),
      graph: { name: s.graph.name, ids: s.graph.ids },
      view: { k: s.view.stats.k, achievedK: s.view.stats.achievedK },
      literals,
    });
    s.lap('brain');
    decisions.push(decision);
    if (!decision || decision.action === 'sufficient') {
      notes.push(nodeNote.graspRound(round, { decision: decision ? 'sufficient' : 'none' }));
      break;
    }
    if (decision.action === 'final') {
      preferred = decision.tokens.flatMap((t) => tokens.entitiesOf(t));
      notes.push(nodeNote.graspRound(round, { decision: 'final', answers: decision.tokens.length }));
      break;
    }
    const target = tokens.entitiesOf(decision.token).filter((e) => !anchors.includes(e));
    if (target.length === 0) {
      notes.push(nodeNote.graspRound(round, { decision: 'expandRefused' }));
      break;
    }
    anchors.push(...target.slice(0, 4));
    notes.push(nodeNote.graspRound(round, { decision: 'expand', token: decision.token }));
  }
  // The Brain's final choice reorders, never adds: it must have grounded (fully or with one inferred edge).
  const order = new Map(preferred.map((e, i) => [e, i]));
  const ranked = grounded
    .map((g, i) => ({ g, i, p: order.get(g.entity) ?? Infinity }))
    .sort((a, b) => a.p - b.p || a.i - b.i)
    .map((x) => x.g);
  if (preferred.length && !grounded.some((g) => order.has(g.entity))) notes.push(nodeNote.graspUngrounded());
  const answers = ranked.map((r) => toGrounded(s, tokens, r));
  const inferred = ranked.filter((r) => r.missingAt !== undefined).length;
  notes.unshift(nodeNote.graspSelection(chains.length, answers.length - inferred, inferred));
  return { answers, iterations, evidence, decisions, notes };
}

/**
 * Runs the encoder selection as a child of `parent` in the reasoning tree (a Predict node: the encoder predicts
 * where the chain cannot reach) and returns the node with its answers.
 */
export async function graspNode(s: QuestionSession, tree: ReasoningTree, parent: ReasoningNode, subquestion: string, o: GraspModeOptions, why = 'topic paths verified nothing'): Promise<{ node: ReasoningNode; answers: GroundedAnswer[] }> {
  const node = tree.add({ parent: parent.id, subquestion, role: { kind: 'answer' }, depth: s.dMax, mode: 'Predict', notes: [nodeNote.graspStart(why)] });
  const r = await runGraspMode(s, o);
  node.notes.push(...r.notes);
  node.candidates = r.answers.map((a) => a.viewPaths[0]?.nodes.at(-1) ?? '').filter(Boolean).slice(0, 50);
  node.evidence = r.answers.map((a) => a.entity);
  node.status = r.answers.length > 0 ? 'verified' : 'pruned';
  return { node, answers: r.answers };
}

/** The analysis' best score for a single-anchor chain with these raw steps (undefined when it has none). */
function chainScoreOf(s: QuestionSession, edges: readonly { relation: number; direction: 'out' | 'in' }[] | undefined): number | undefined {
  if (!edges) return undefined;
  const key = chainKey(edges);
  for (const c of s.analysis.ranked) if (c.anchors.length === 1 && c.answerPosition === c.steps.length && chainKey(c.steps) === key) return c.score;
  return undefined;
}

/**
 * Whether Topic grounded a weaker reading than the question's best: the best-scoring chain reads from one anchor
 * and the top verified answer came along another chain — shorter (the question implies more hops than grounded:
 * the film verified where its director was asked for) or scored lower (a neighbouring relation stood in for one
 * whose edge is gone). On an incomplete graph that is where the encoder selection gets its turn.
 */
export function groundedShort(s: QuestionSession, verified: readonly GroundedAnswer[]): boolean {
  const best = s.analysis.ranked[0];
  const top = verified[0]?.rawPaths[0];
  if (!best || !top || best.anchors.length !== 1 || best.answerPosition !== best.steps.length) return false;
  if (best.steps.length > top.edges.length) return true;
  const score = chainScoreOf(s, top.edges);
  return score !== undefined && score < best.score;
}

/**
 * Short-chain answers and the encoder selection's answers in one list, ordered by the analysis score of the chain
 * each was grounded along (stable: within a chain each list keeps its own order); an entity keeps its first place.
 */
export function mergeByChainScore(s: QuestionSession, verified: readonly GroundedAnswer[], selected: readonly GroundedAnswer[]): GroundedAnswer[] {
  const best = s.analysis.ranked[0]?.score ?? -Infinity;
  // An inferred answer displaces a grounded one only along the question's best chain: along a weaker chain the
  // missing edge plus the weaker reading is too little evidence (it then follows the grounded answers).
  const chainScore = (a: GroundedAnswer): number => {
    const c = chainScoreOf(s, a.rawPaths[0]?.edges) ?? -Infinity;
    return a.inferred && c < best ? -Infinity : c;
  };
  const scored = [...verified, ...selected].map((a, i) => ({ a, i, c: chainScore(a) }));
  scored.sort((x, y) => y.c - x.c || x.i - y.i);
  const seen = new Set<number>();
  const out: GroundedAnswer[] = [];
  for (const { a } of scored) if (!seen.has(a.entity)) seen.add(a.entity), out.push(a);
  return out;
}
