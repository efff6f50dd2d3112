// The algorithmic Hand of this sprint: no model weights, the DRM (GloVe) and the graph's own schema instead.
// Extraction wraps linkTopics; analysis scores schema paths against the question (analyzeQuestion); follow-up
// deepens the search; prediction propagates the chain over the view; refinement is fuzzy pruning; verification
// checks the question's constraints on grounded paths. Built once per graph: label vectors and word vectors are
// cached across questions.
import { cosine } from '../../drm/cosine.js';
import { DIR_OUT, type MemoryGraph } from '../../graph/memoryGraph.js';
import { analyzeQuestion, answerNouns, DEFAULT_ANALYSIS_WEIGHTS, type AnalysisWeights } from './analyzeQuestion.js';
import type { EntityNameIndex } from '../stages/entityNameIndex.js';
import { linkTopics } from './linkTopics.js';
import { prunePaths } from '../stages/prunePaths.js';
import { CATEGORY_NOUNS, readQuestion, STOPWORDS } from './questionText.js';
import { RelationMatcher } from './relationMatcher.js';
import { relationText } from '../stages/relationVectors.js';
import { relationWords } from './relationWords.js';
import { chainKey } from '../stages/schemaPaths.js';
import { type SchemaStep } from '../../core/types.js';
import type { Drm } from '../../core/types.js';
import { verifyAnswers } from '../stages/verifyAnswers.js';
import { viewAdjacency } from '../stages/viewAdjacency.js';
import { followUpQuestion } from './followUpQuestion.js';
import { type FollowUpQuestion, type FollowUpQuestionRequest } from '../../core/handSkills.js';
import { STEM_MATCH, sharesStem, WordVectors } from './wordSimilarity.js';
import { tokenizeText } from '../../drm/tokenize.js';

import type {
  Analysis,
  AnalysisRequest,
  FollowUp,
  FollowUpQuestionSkill,
  FollowUpRequest,
  Hand,
  PredictedNode,
  PredictionRequest,
  RefinementRequest,
  VerificationRequest,
} from '../../core/handSkills.js';

export interface AlgorithmicHandOptions {
  weights?: Partial<AnalysisWeights>;
  /** Chains within this score of the best are accepted by verification. */
  acceptMargin?: number;
  /** At most this many accepted chains. */
  acceptChains?: number;
}

export class AlgorithmicHand implements Hand, FollowUpQuestionSkill {
  readonly name = 'algorithmic';
  private readonly words: WordVectors;
  private readonly matcher: RelationMatcher;
  private readonly labelVectors = new Map<string, Float32Array>();

  private constructor(
    private readonly graph: MemoryGraph,
    private readonly drm: Drm,
    private readonly index: EntityNameIndex,
    private readonly options: AlgorithmicHandOptions,
  ) {
    this.words = new WordVectors(drm);
    this.matcher = new RelationMatcher(this.words, graph.relationLabels.map(relationWords));
  }

  static async create(graph: MemoryGraph, drm: Drm, index: EntityNameIndex, options: AlgorithmicHandOptions = {}): Promise<AlgorithmicHand> {
    const hand = new AlgorithmicHand(graph, drm, index, options);
    await hand.words.prepare(graph.relationLabels.flatMap(relationWords));
    return hand;
  }

  async extractEntities(question: string) {
    return linkTopics(question, this.graph, this.index, this.drm);
  }

  async analyzeQuestion(request: AnalysisRequest): Promise<Analysis | undefined> {
    const text = readQuestion(request.question, request.topics);
    await this.words.prepare(text.words.map((w) => w.text));
    const anchors = request.topics.map((t) => t.entity);
    const shares = anchors.map((a, i) => anchorShares(request.schemaPaths[i] ?? [], a));
    const result = analyzeQuestion(
      text,
      anchors,
      request.schemaPaths,
      {
        matcher: this.matcher,
        visibleRelation: request.visibleRelation ?? ((r) => this.graph.relationLabels[r]),
        literalOf: (e) => this.graph.literalOf(e),
        valueRoles: (ends) => valueRoles(this.graph, ends),
        candidateTypeSimilarity: (nouns, ends) => this.candidateTypeSimilarity(nouns, ends),
        categorical: (r, d) => this.categorical(r, d),
        anchorShare: (a, step) => shares[anchors.indexOf(a)]?.get(`${step.relation}${step.direction}`) ?? 0,
        weights: this.options.weights,
      },
      { dMax: request.dMax },
    );
    if (!result) return undefined;
    const subquestions = result.chain.map((s, i) => {
      const from = i === 0 ? 'the topic entity' : `the result of step ${i}`;
      const to = i + 1 === result.answerPosition ? 'the answer' : `bridge ${i + 1}`;
      return `${i + 1}. From ${from}, follow "${this.graph.relationLabels[s.relation]}" (${s.direction}) to ${to}.`;
    });
    return { ...result, subquestions, unexplained: this.unexplained(text, result.chain.map((s) => s.relation)) };
  }

  /** Content words no hop of the chain explains (see Analysis.unexplained); answer nouns are the type's, not a hop's. */
  private unexplained(text: ReturnType<typeof readQuestion>, chain: readonly number[]): { unused: string[]; unmatched: string[] } {
    const min = DEFAULT_ANALYSIS_WEIGHTS.supportMin;
    const nouns = new Set(answerNouns(text));
    const unused: string[] = [];
    const unmatched: string[] = [];
    for (const w of text.words) {
      if (w.kind !== 'content' || nouns.has(w.text) || CATEGORY_NOUNS.has(w.text)) continue;
      if (chain.some((r) => this.matcher.contrast(w.text, r) >= min)) continue;
      if (this.matcher.bestContrast(w.text) >= min) unused.push(w.text);
      else unmatched.push(w.text);
    }
    return { unused: [...new Set(unused)], unmatched: [...new Set(unmatched)] };
  }

  async followUp(request: FollowUpRequest): Promise<FollowUp> {
    const tried = new Set(request.triedDepths);
    const start = request.analysis.dPredict;
    for (let d = start; d <= request.dMax; d++) if (!tried.has(d)) return { action: 'deepen', depth: d };
    for (let d = start - 1; d >= 1; d--) if (!tried.has(d)) return { action: 'deepen', depth: d };
    return { action: 'stop', reason: `no verified answer within ${request.dMax} hops` };
  }

  async predictNodes(request: PredictionRequest): Promise<PredictedNode[]> {
    // Propagates the anchor set along the chain over the view: the tokens each position can hold.
    const adj = viewAdjacency(request.view);
    const out: PredictedNode[] = [];
    let frontier = new Set(request.view.anchors.slice(0, 1));
    request.indicator.chain.forEach((s, i) => {
      const next = new Set<string>();
      for (const t of frontier)
        for (const e of adj.get(t) ?? []) if (e.relation === s.visible && e.direction === s.direction && !request.view.anchors.includes(e.neighbor)) next.add(e.neighbor);
      const position = i + 1;
      const follow = request.indicator.chain[i + 1];
      out.push({
        position,
        role: position === request.indicator.answerPosition ? 'answer' : 'bridge',
        mustHave: [{ relation: s.visible, direction: s.direction === 'out' ? 'in' : 'out' }, ...(follow ? [{ relation: follow.visible, direction: follow.direction }] : [])],
        candidates: [...next].sort(),
      });
      frontier = next;
    });
    return out;
  }

  async refineEvidence(request: RefinementRequest) {
    const labels = new Set<string>([...request.indicator.chain.map((s) => s.visible), ...request.paths.flatMap((p) => p.edges.map((e) => e.relation))]);
    await this.prepareLabels(labels);
    return prunePaths(request.paths, {
      chain: request.indicator.chain.map((s) => ({ visible: s.visible, direction: s.direction })),
      relationSimilarity: (a, b) => this.labelSimilarity(a, b),
      width: request.width,
    });
  }

  async verifySufficiency(request: VerificationRequest) {
    const { analysis } = request;
    const margin = this.options.acceptMargin ?? 1.5;
    const limit = this.options.acceptChains ?? 40;
    const best = analysis.ranked[0]?.score ?? 0;
    const chains = new Map<string, number>();
    for (const c of analysis.ranked) {
      if (chains.size >= limit || c.score < best - margin) break;
      if (c.anchors[0] !== analysis.anchorOrder[0] || c.anchors.length !== analysis.anchorOrder.length) continue;
      // Two anchors: the same steps with the answer at another position are another reading (verifyAnswers).
      const key = chainKey(c.steps as SchemaStep[]) + (c.anchors.length > 1 ? `@${c.answerPosition}` : '');
      if (!chains.has(key)) chains.set(key, c.score);
    }
    return verifyAnswers(request.grounded, this.graph, { anchors: analysis.anchorOrder, chains });
  }

  /**
   * How well the answer nouns name the entities of `ends` (see AnalysisContext.candidateTypeSimilarity): the share
   * of a sample of `ends` whose names contain a noun's stem ("hospitals" / "Ridgeway Community Hospital"), and for
   * "where" the best word match with a relation most of the sample is the value of (a city is what "located in"
   * points to); negative when the names share a head word no answer noun names ("which city" / "… Department").
   */
  private candidateTypeSimilarity(nouns: readonly string[], ends: ReadonlySet<number>, sample = 24): number {
    const g = this.graph;
    const inCount = new Map<number, number>();
    const nameHits = new Array<number>(nouns.length).fill(0);
    const heads = new Map<string, { count: number; before: Set<string> }>();
    let n = 0;
    let named = 0;
    for (const e of ends) {
      if (n++ >= sample) break;
      const seenIn = new Set<number>();
      for (let k = g.offsets[e]; k < g.offsets[e + 1]; k++) if (g.edgeDirection[k] !== DIR_OUT) seenIn.add(g.edgeRelation[k]);
      for (const r of seenIn) inCount.set(r, (inCount.get(r) ?? 0) + 1);
      if (g.literalOf(e)) continue;
      const tokens = this.nameTokens(e);
      named++;
      const words = tokens.filter((t) => !STOPWORDS.has(t));
      if (words.length >= 2) {
        const head = words[words.length - 1];
        const h = heads.get(head) ?? { count: 0, before: new Set<string>() };
        h.count++;
        h.before.add(words[words.length - 2]);
        heads.set(head, h);
      }
      nouns.forEach((w, i) => {
        if (tokens.some((t) => sharesStem(w, t))) nameHits[i]++;
      });
    }
    if (n === 0) return 0;
    // Names that end in one shared head word after varied words say what the entities are ("… Cardiology
    // Department", "… Surgery Department"; a series such as "Police Story 2", "Police Story 3" does not vary): when
    // no answer noun names that word ("which city"), these ends are another kind of thing than the question asks for.
    const content = nouns.filter((w) => !TYPED_WH.has(w));
    if (content.length && named >= TYPE_HEAD_MIN && nameHits.every((h) => h === 0))
      for (const [head, h] of heads)
        if (h.count >= TYPE_HEAD_SHARE * named && h.before.size >= Math.min(3, h.count) && !content.some((w) => sharesStem(w, head))) return -TYPE_HEAD_MISMATCH;
    const min = Math.max(1, 0.3 * n);
    let best = 0;
    // Role evidence only for the place wh-word: "where" is what "located in" and "headquartered in" point to. Label
    // words are shared by every type on dense schemas (a film graph's directors and films meet the same labels),
    // so nouns and "who" read roles as noise; they are typed by the candidates' names instead.
    for (const w of nouns) {
      if (w !== 'where') continue;
      for (const [r, c] of inCount) if (c >= min) best = Math.max(best, this.matcher.raw(w, r));
    }
    nameHits.forEach((h) => (best = Math.max(best, STEM_MATCH * (h / n))));
    return best;
  }

  private categoricalMemo: Float32Array | undefined;

  /** See AnalysisContext.categorical; computed once per graph (index relation·2 + 0 for out, 1 for in). */
  private categorical(relation: number, direction: 'out' | 'in'): number {
    this.categoricalMemo ??= categoricalScores(this.graph);
    return this.categoricalMemo[relation * 2 + (direction === 'out' ? 0 : 1)] ?? 0;
  }

  private readonly nameTokenMemo = new Map<number, string[]>();

  private nameTokens(e: number): string[] {
    let t = this.nameTokenMemo.get(e);
    if (!t) {
      t = tokenizeText(this.graph.names[e]).filter((x) => x.length >= 3);
      if (this.nameTokenMemo.size > 200_000) this.nameTokenMemo.clear();
      this.nameTokenMemo.set(e, t);
    }
    return t;
  }

  /** Follow-up guided refinement (FollowUpQuestionSkill): next-best chains for the missing bridge or constraint. */
  async followUpQuestion(request: FollowUpQuestionRequest): Promise<FollowUpQuestion | undefined> {
    return followUpQuestion(request);
  }

  private async prepareLabels(labels: Iterable<string>): Promise<void> {
    const missing = [...labels].filter((l) => !this.labelVectors.has(l));
    if (!missing.length) return;
    const vecs = await this.drm.embed(missing.map(relationText));
    missing.forEach((l, i) => this.labelVectors.set(l, vecs[i]));
  }

  private labelSimilarity(a: string, b: string): number {
    if (a === b) return 1;
    const va = this.labelVectors.get(a);
    const vb = this.labelVectors.get(b);
    return va && vb ? Math.max(0, cosine(va, vb)) : 0;
  }
}

/** Wh-words answerNouns passes along with the content nouns. */
const TYPED_WH = new Set(['who', 'whom', 'where', 'when']);
/** Ends (named, non-literal) needed before a shared head word counts as their type, and the share that must have it. */
const TYPE_HEAD_MIN = 3;
const TYPE_HEAD_SHARE = 0.8;
/** Candidate-type value of ends whose shared head word no answer noun names (below the usual 0 of "no evidence"). */
const TYPE_HEAD_MISMATCH = 0.3;

/**
 * Per relation and direction, how categorical the landing values are: log10 of the mean number of edges per
 * distinct value, over 3 (a thousand entities per value is fully categorical), 0 when most values are literals.
 */
export function categoricalScores(graph: MemoryGraph): Float32Array {
  const R = graph.relationLabels.length;
  const edges = new Float64Array(R * 2);
  const values = Array.from({ length: R * 2 }, () => new Set<number>());
  for (let u = 0; u < graph.size; u++)
    for (let k = graph.offsets[u]; k < graph.offsets[u + 1]; k++) {
      // The edge seen from u lands on its neighbour: out-edges land on tails, in-edges on heads.
      const slot = graph.edgeRelation[k] * 2 + (graph.edgeDirection[k] === DIR_OUT ? 0 : 1);
      edges[slot]++;
      values[slot].add(graph.edgeNeighbor[k]);
    }
  const out = new Float32Array(R * 2);
  for (let i = 0; i < R * 2; i++) {
    const vals = values[i];
    if (vals.size === 0) continue;
    let lit = 0;
    let n = 0;
    for (const v of vals) {
      if (n++ >= 50) break;
      const kind = graph.literalOf(v);
      if (kind === 'date' || kind === 'number') lit++;
    }
    if (lit > n / 2) continue;
    out[i] = Math.max(0, Math.min(1, Math.log10(edges[i] / vals.size) / 3));
  }
  return out;
}

/** Relations a sample of `ends` are tails of, with the share of the sample that is (see AnalysisContext). */
export function valueRoles(graph: MemoryGraph, ends: ReadonlySet<number>, sample = 40): Map<number, number> {
  const count = new Map<number, number>();
  let n = 0;
  for (const e of ends) {
    if (n++ >= sample) break;
    const seen = new Set<number>();
    for (let k = graph.offsets[e]; k < graph.offsets[e + 1]; k++) if (graph.edgeDirection[k] !== DIR_OUT) seen.add(graph.edgeRelation[k]);
    for (const r of seen) count.set(r, (count.get(r) ?? 0) + 1);
  }
  const out = new Map<number, number>();
  for (const [r, c] of count) out.set(r, c / Math.max(1, n));
  return out;
}

/** Share of an anchor's first-step edges per (relation, direction), from the reachable one-step schema paths. */
function anchorShares(paths: readonly { anchor: number; steps: SchemaStep[]; ends: Set<number> }[], anchor: number): Map<string, number> {
  const first = paths.filter((p) => p.anchor === anchor && p.steps.length === 1);
  const total = first.reduce((n, p) => n + p.ends.size, 0);
  const out = new Map<string, number>();
  for (const p of first) out.set(`${p.steps[0].relation}${p.steps[0].direction}`, total ? p.ends.size / total : 0);
  return out;
}
