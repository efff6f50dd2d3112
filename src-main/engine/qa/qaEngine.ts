// Orchestration of the Ctrl-G answering chain for one graph:
//   T(Q) → G_Q^raw → G̃_Q (sanitized) → analysis (I_Q, D_predict) → exploration on G̃_Q → pruning to W1
//   → grounding in the raw graph → verification → ranked answers with raw and sanitized evidence.
// From the analysis on, the reasoning-tree controller (engine/controller) drives the stages node by node.
// Per-graph work (name index, relation vectors, clusters, word vectors) is cached across questions; each question
// gets a fresh session secret and mapping, discarded before ask() returns.
import type { AnswerConfidence, AnswerSet, AskMemorySummary, AskResult, BrainPayloadPreview, RankedAnswer, ReasoningTreeSummary, TopicMatch } from '../../common/answerTypes.js';
import { answerSetOf } from './answerSet.js';
import { AlgorithmicHand } from './hand/algorithmicHand.js';
import type { Analysis, AnalysisRequest, AnswerTypeSkill, Hand } from '../core/handSkills.js';
import type { BrainPolicy, BrainStep } from '../core/brainStep.js';
import { runController, type ControllerResult } from './controller/controller.js';
import type { GraspModeOptions } from './controller/graspMode.js';
import type { SelectionStep } from '../core/selectionStep.js';
import type { GraspSelectorLike } from './grasp/graspSelectorLike.js';
import { NO_EXPERIENCE, type ExperienceProvider } from '../core/experienceProvider.js';
import { experienceOutcomeOf, experienceQueryOf, memorySummaryOf, writeSummary } from './experienceRound.js';
import { ABSTAIN_BELOW, answerConfidence, shouldAbstain } from './controller/confidence.js';
import { normalizeName } from '../../common/normalizeName.js';
import { analysisFromPlan } from './controller/brainPlan.js';
import { visibleChainKey } from './hand/followUpQuestion.js';
import { readsAsRelation } from './hand/linkTopics.js';
import type { AnalysisStep } from '../core/analysisStep.js';
import { toRankedAnswers, type PayloadRecord, type QuestionSession } from './controller/questionSession.js';
import { summarizeTree } from './controller/reasoningTree.js';
import { DIR_IN, DIR_OUT, type MemoryGraph } from '../graph/memoryGraph.js';
import { edgeKey, hasKey } from '../graph/keyHolders.js';
import { clusterRelations } from './sanitize/relationClusters.js';
import { relationSignatures } from '../graph/relationSignatures.js';
import { sanitizeView } from './sanitize/sanitizeView.js';
import { maskView } from './sanitize/maskView.js';
import { questionExposure } from './questionExposure.js';
import { macFor, newSessionSecret } from './sanitize/sessionSecret.js';
import { analysisPayload, DEFAULT_PAYLOAD_WIDTH } from '../payload/brainPayload.js';
import { DEFAULT_PAYLOAD_GUARD, guardPayload, withLabels, withTokens, type PayloadGuardOptions } from '../payload/guardPayload.js';
import { DEFAULT_HUB_OPTIONS, type HubOptions } from './sanitize/hubAggregates.js';
import { DEFAULT_FIXED_SHARE, sessionPathSample } from '../payload/sessionPathSample.js';
import { createPrng } from '../random/prng.js';
import type { PayloadRisk } from '../core/payloadRisk.js';
import type { BrainPayload } from '../../common/brainTypes.js';
import { payloadPreview, tokensIn } from '../payload/exposureReport.js';
import { TOKEN_PREFIX } from '../core/tokens.js';
import { EntityNameIndex } from './stages/entityNameIndex.js';
import { LocalAdjacency } from './stages/localAdjacency.js';
import { DEFAULT_PRUNE_WIDTH } from './stages/prunePaths.js';
import { buildQuestionSubgraph } from './stages/questionSubgraph.js';
import { candidateEntities } from './stages/candidateEntities.js';
import { embedRelations } from './stages/relationVectors.js';
import { extremeAnswers, readSuperlative, walkChainEnds } from './stages/superlative.js';
import { countAnswers, readHowMany } from './stages/countAnswer.js';
import { dot } from '../drm/cosine.js';
import { tokenizeLabel } from '../drm/tokenize.js';
import { stemToken } from '../core/nameWords.js';
import { chainKey, schemaPaths } from './stages/schemaPaths.js';
import { schemaChains } from './grasp/relationSchema.js';
import { DEFAULT_SANITIZE_CONFIG, type Drm, type GroundedAnswer, type TopicEntity, type RelationClusters, type SanitizeConfig, type SanitizedView, type ViewMapping, type ViewKind, type QuestionExposure } from '../core/types.js';
import { viewAdjacency } from './stages/viewAdjacency.js';

export interface QaEngineConfig {
  /** Hop bound D_max (default 3). */
  dMax: number;
  /** W1: candidate paths kept by pruning, grounded and verified locally (default 80). */
  pruneWidth: number;
  /** Candidate paths a ranking payload shows a Brain: the best-ranked of the kept ones (default 20). */
  payloadWidth: number;
  /** The payload guard's bounds (guardPayload.ts); null: payloads go as built. Needs a PayloadRisk. */
  payloadGuard: PayloadGuardOptions | null;
  /** Share of a ranking payload's places that go to the best-ranked paths; the rest are drawn per session (1: none). */
  payloadFixedShare: number;
  /** Hubs shown in ranking payloads as aggregates (sanitize/hubAggregates.ts); null: as their own tokens. */
  hubAggregates: HubOptions | null;
  /** Subgraph bounds (see buildQuestionSubgraph). */
  fanoutCap?: number;
  maxNodes?: number;
  /** Exposure configuration π (relations mode is per question). */
  sanitize: Omit<SanitizeConfig, 'relations'>;
  /** Partial paths kept per depth during exploration. */
  beam: number;
  /** Answers returned. */
  maxAnswers: number;
  /** Abstain below this confidence when a phrase of the question is unexplained (0 never abstains). */
  abstainBelow: number;
}

export const DEFAULT_QA_CONFIG: QaEngineConfig = {
  dMax: 3,
  pruneWidth: DEFAULT_PRUNE_WIDTH,
  payloadWidth: DEFAULT_PAYLOAD_WIDTH,
  payloadGuard: DEFAULT_PAYLOAD_GUARD,
  payloadFixedShare: DEFAULT_FIXED_SHARE,
  hubAggregates: DEFAULT_HUB_OPTIONS,
  sanitize: (({ relations: _r, ...rest }) => rest)(DEFAULT_SANITIZE_CONFIG),
  beam: 4000,
  maxAnswers: 20,
  abstainBelow: ABSTAIN_BELOW,
};

export interface AskOptions {
  dMax?: number;
  relations?: 'labels' | 'clustered';
  /**
   * Evaluation only: called with the view and a way to expand tokens to raw names, before the mapping is
   * discarded. Never used by the app.
   */
  revealView?: (view: SanitizedView, membersOf: (token: string) => string[], payloadTokens: readonly string[]) => void;
  /**
   * Evaluation only (`ctrlg eval --view masked`): build the Brain payloads from the masked baseline (maskView: names
   * replaced by tokens, nothing else hidden) instead of the sanitized view. Never offered by the app or the contract.
   */
  view?: ViewKind;
  /**
   * Eval's node exposure and the exposure ledger's eligible cohort: called once per reading of the question (a
   * retried topic reading builds its own subgraph and payloads) with raw entity indexes, before φ_Q is discarded.
   * Never sent to the renderer.
   */
  onExposure?: (record: QuestionExposure) => void;
  /**
   * Which raw entities a Brain already saw, as recorded where payloads are sent (the composition root reads the
   * exposure ledger, so it survives restarts and counts only sent payloads). Given, it replaces the engine's own
   * memory of built payloads for hub aggregates' `recurring`; absent (eval without a Brain), every built ranking
   * payload counts as if sent, within this process.
   */
  exposedBefore?: (entity: number) => boolean;
  /** Live progress: the reasoning tree after every change (anonymised; safe to send to the renderer). */
  onTreeUpdate?: (tree: ReasoningTreeSummary) => void;
  /** This question's Brain step (per-question approval and accounting); overrides the engine's. */
  brainStep?: BrainStep;
  /** This question's two-stage selection Brain (per-question approval and accounting); overrides the engine's. */
  selectionStep?: SelectionStep;
  /** When the controller asks the Brain (default 'whenUnsure'). */
  brainPolicy?: BrainPolicy;
  /** Top-2 answer score margin below which local selection is unsure (Infinity: every round is unsure). */
  confidenceMargin?: number;
  /** The configured Brain's model name: payload token counts use its encoding, as the approval dialog does. */
  brainModel?: string;
  /** This question's planning Brain, asked when the local reading is unsure; overrides the engine's. */
  analysisStep?: AnalysisStep;
  /** The analyst's cancel: checked between stages (a Brain call waiting for approval is withdrawn by its own signal). */
  signal?: AbortSignal;
}

export interface QaEngine {
  readonly graph: MemoryGraph;
  ask(question: string, options?: AskOptions): Promise<AskResult>;
}

export class EmptyQuestionError extends Error {
  constructor() {
    super('The question is empty: type a question that names something in the graph.');
    this.name = 'EmptyQuestionError';
  }
}

/** The question was cancelled (AskOptions.signal) before it finished. */
export class QuestionCancelledError extends Error {
  constructor() {
    super('The question was cancelled.');
    this.name = 'QuestionCancelledError';
  }
}

const checkCancelled = (signal: AbortSignal | undefined): void => {
  if (signal?.aborted) throw new QuestionCancelledError();
};

export class EmptyGraphError extends Error {
  constructor(graph: string) {
    super(`Graph "${graph}" is empty: import triples before asking questions.`);
    this.name = 'EmptyGraphError';
  }
}

interface GraphCache {
  hand: Hand;
  relationVectors: Float32Array[];
  clusters: RelationClusters;
}

/** Alternative topic readings tried when the best one verifies nothing. */
const MAX_RETRIES = 2;
/** A topic linked below this score is an everyday word that is also a name: another mention may be meant. */
const WEAK_TOPIC = 0.6;
/** A rival reading replaces the first when its answer is this much surer. */
const RIVAL_MARGIN = 0.1;

/**
 * A question's payload guard: the attack runs on each built ranking payload together with the question's earlier
 * ones (they share its tokens, and any of them may be sent), φ_Q giving the truth it is scored on. A label
 * generalised once stays generalised in every later payload of the question: shown raw in one and as `R_…` in
 * another, the pair would name it.
 */
function payloadGuardOf(risk: PayloadRisk, mapping: ViewMapping, options: PayloadGuardOptions, generalize?: (label: string) => string | undefined): (p: BrainPayload) => BrainPayload {
  const earlier: string[] = [];
  const relabel = new Map<string, string>();
  return (built) => {
    const p = relabel.size ? withLabels(built, relabel) : built;
    const g = guardPayload(p, (text) => risk.riskAbove([...earlier, text], (t) => mapping.members(t), options.maxRisk), options, generalize);
    for (const [raw, coarse] of g.relabel) relabel.set(raw, coarse);
    earlier.push(g.payload.text);
    return g.payload;
  };
}

/** The session's draw of filler paths (sessionPathSample), seeded by its secret: an observer cannot predict it. */
function pathDrawOf(secret: Uint8Array, fixedShare: number): (count: number, width: number) => number[] {
  const rng = createPrng(parseInt(macFor(secret).hex('payload paths', 8), 16));
  return (count, width) => sessionPathSample(count, width, rng, fixedShare);
}

/** Adds the entities the question's ranking payloads showed behind an E_ token of their own (read off the text). */
function rememberShownAlone(shown: Set<number>, mapping: ViewMapping, payloads: readonly PayloadRecord[]): void {
  for (const { payload } of payloads) {
    if (payload.role !== 'ranking') continue;
    for (const token of tokensIn(payload.text)) {
      if (!token.startsWith(TOKEN_PREFIX.entity)) continue;
      const members = mapping.members(token);
      if (members.length === 1) shown.add(members[0]);
    }
  }
}

/** A raw label's relation cluster as a per-question label `R_<hmac>` (core/tokens GENERALISED_RELATION; same cluster, same label within the question). */
function clusterLabelOf(secret: Uint8Array, graph: MemoryGraph, clusters: RelationClusters): (label: string) => string | undefined {
  return (label) => {
    const r = graph.relationIndexOf(label);
    return r === undefined ? undefined : `R_${macFor(secret).hex(`relation\u0000${clusters.labelOf[r] ?? label}`, 6)}`;
  };
}

export function createQaEngine(input: {
  graph: MemoryGraph;
  drm: Drm;
  config?: Partial<QaEngineConfig>;
  /** Experience memory (InitPolicy, failure warnings); none by default. */
  experience?: ExperienceProvider;
  /** Brain ranking when the local choice is not confident; none by default. */
  brainStep?: BrainStep;
  /** Re-identification risk of a payload against this graph: ranking payloads are trimmed by it (payloadGuard). */
  payloadRisk?: PayloadRisk;
  /** Brain planning (indicator chain of the anonymised question) when the local reading is unsure; none by default. */
  analysisStep?: AnalysisStep;
  /**
   * The Hand every skill call goes to, built once per graph from the algorithmic Hand (its fallback and candidate
   * source) and the name index; the algorithmic Hand itself by default.
   */
  hand?: (algorithmic: AlgorithmicHand, index: EntityNameIndex) => Hand;
  /**
   * Trained GraSP selector (`--selector grasp`): when topic paths verify nothing, its selection is grounded with at
   * most one inferred edge (answers marked "inferred (missing edge)"). Its DRM must be the engine's `drm`.
   */
  grasp?: GraspSelectorLike;
  /** Two-stage answering over the selection (sufficient / expand / final); local ranking without it. */
  selectionStep?: SelectionStep;
  /** Selection settings (iterations, topK, subgraph bounds, inferred-score share). */
  graspOptions?: Omit<GraspModeOptions, 'selector' | 'questionVector' | 'selectionStep'>;
  /**
   * Experience memory over an ExperienceStore, built by the composition root with this engine's DRM (it embeds the
   * role question and indicator keys): retrieval, the memory gate (a confident match's analysis reused, its Brain
   * ranking call saved) and write-back after every verified or failed question. Takes the place of `experience`,
   * and AskResult then carries the memory summary.
   */
  memory?: (drm: Drm) => ExperienceProvider;
}): QaEngine {
  const { graph, drm } = input;
  const config: QaEngineConfig = { ...DEFAULT_QA_CONFIG, ...input.config };
  const experienceProvider: ExperienceProvider | undefined = input.memory ? input.memory(drm) : input.experience;
  // Entities a ranking payload showed alone, as if every built payload were sent (raw indexes, this process only):
  // from their next session on the sanitizer shows them as aggregates (hubAggregates `recurring`). Used when the
  // question brings no `exposedBefore` (no Brain whose sends are recorded: eval's figures stay comparable).
  const shownAlone = new Set<number>();
  const shownBeforeOf = (options: AskOptions): Pick<ReadonlySet<number>, 'has'> => {
    const seen = options.exposedBefore;
    return seen ? { has: (e) => seen(e) } : shownAlone;
  };
  let cache: Promise<GraphCache> | undefined;
  const prepare = (): Promise<GraphCache> =>
    (cache ??= (async () => {
      const index = EntityNameIndex.build(graph);
      const relationVectors = await embedRelations(graph, drm);
      const clusters = clusterRelations(graph.relationLabels, relationVectors, relationSignatures(graph));
      const algorithmic = await AlgorithmicHand.create(graph, drm, index);
      const hand = input.hand ? input.hand(algorithmic, index) : algorithmic;
      return { hand, relationVectors, clusters };
    })().catch((e) => {
      cache = undefined;
      throw e;
    }));

  async function ask(question: string, options: AskOptions = {}): Promise<AskResult> {
    if (!question || !question.trim()) throw new EmptyQuestionError();
    if (graph.size === 0 || graph.tripleCount === 0) throw new EmptyGraphError(graph.name);
    const dMax = Math.max(1, Math.min(5, Math.floor(options.dMax ?? config.dMax)));
    const viewKind: ViewKind = options.view ?? 'sanitized';
    // The masked baseline shows raw relation labels: clustering is one of the sanitizer's steps.
    const relations = viewKind === 'masked' ? 'labels' : (options.relations ?? 'labels');
    const stagesMs: Record<string, number> = {};
    let t = performance.now();
    const lap = (stage: string): void => {
      const now = performance.now();
      stagesMs[stage] = (stagesMs[stage] ?? 0) + (now - t);
      t = now;
    };
    const { hand, relationVectors, clusters } = await prepare();
    lap('prepare');

    // ---- T(Q) ----
    const link = await hand.extractEntities(question);
    lap('link');
    checkCancelled(options.signal);
    const topics = [...link.topics].sort((a, b) => a.start - b.start);
    if (topics.length === 0) {
      const closest = link.closest.slice(0, 10);
      return {
        question,
        anonymizedQuestion: '',
        topics: [],
        answers: [],
        notFound: {
          message: `No entity of graph "${graph.name}" is named in the question${closest.length ? `; closest names: ${closest.join(', ')}` : ''}.`,
          closest,
        },
        stagesMs,
        payloads: [],
      };
    }
    // Ambiguous names: when the best reading of the topics verifies nothing, the linker's next readings (a homonym
    // with the same span, or a runner-up mention) are tried, at most MAX_RETRIES; the first that verifies answers.
    // A topic beside others that reads as the question's wording is also tried without it (withoutWording): against
    // a reading that answered, the surer stands; after readings that verified nothing, it answers if it verifies.
    // The question's vector depends on its words only: one embedding serves every reading of its topics.
    const [qVec] = await drm.embed([question.replace(/[[\]]/g, ' ')]);
    const first = await answerFrom(topics);
    const alternatives = link.alternatives ?? [];
    if (first.answers.length > 0) {
      // A weak topic (an everyday word that is also a name: "artist", "rapper") against another mention of the
      // question ("the summer set"): both readings are answered, and the one whose answer is surer stands. Words of a
      // topic the question writes out in full ("Franklin" of "Franklin County") are that topic's, never a rival.
      const named = topics.filter((x) => normalizeName(graph.names[x.entity]) === normalizeName(x.mention));
      const retries = alternatives.filter((alt) => !named.some((x) => x.start < alt.end && alt.start < x.end && (x.start !== alt.start || x.end !== alt.end)));
      const weak = topics.filter((x) => x.score < WEAK_TOPIC);
      // A rival made of relation words ("volume", "film") is the question's wording, not another name.
      const rivals = weak.length
        ? retries.filter((alt) => !readsAsRelation(alt.mention, graph) && weak.some((x) => alt.end <= x.start || alt.start >= x.end || alt.end - alt.start > x.end - x.start))
        : [];
      const p = (x: AskResult): number => (x.answers.length ? (x.confidence?.p ?? 0) : -1);
      let best = first;
      for (const rival of rivals.slice(0, MAX_RETRIES)) {
        const retried = [...topics.filter((x) => (x.end <= rival.start || x.start >= rival.end) && x.score >= WEAK_TOPIC), rival].sort((a, b) => a.start - b.start);
        const r = await answerFrom(retried);
        if (p(r) > p(best) + RIVAL_MARGIN) best = r;
      }
      if (best === first) {
        const r = (await withoutWording())?.result;
        if (r && p(r) > p(best) + RIVAL_MARGIN) best = r;
      }
      return best;
    }
    // A whole reading whose answers lack the asked-for fact is seldom a misread name: another reading stands only if
    // it is sure of its answers, and where every topic was named in full only another entity of that very name may.
    const lacking = !!first.abstained?.lacking;
    const inFull = topics.every((x) => normalizeName(graph.names[x.entity]) === normalizeName(x.mention));
    for (const alt of alternatives.slice(0, MAX_RETRIES)) {
      // Where every topic is named in full, only a homonym (the same span) may stand in when the answers lack the
      // fact, and a part of a full name ("Harlow Vale" of "Harlow Vale City") is never another reading of it.
      const sameSpan = topics.some((x) => x.start === alt.start && x.end === alt.end);
      if (inFull && !sameSpan && (lacking || topics.some((x) => x.start <= alt.start && alt.end <= x.end))) continue;
      const retried = [...topics.filter((x) => x.end <= alt.start || x.start >= alt.end), alt].sort((a, b) => a.start - b.start);
      const r = await answerFrom(retried);
      if (r.answers.length > 0 && (!lacking || r.confidence?.unsure === false)) {
        const why = lacking ? `the first reading of "${alt.mention}" found answers that lack what the question asks; read as another entity` : `the first reading of "${alt.mention}" verified nothing; read as another entity`;
        return r.confidence ? { ...r, confidence: { ...r.confidence, reasons: [...r.confidence.reasons, why] } } : r;
      }
    }
    // Held to the alternatives' bar: dropping a topic drops a constraint, so answers come easier without it.
    const unworded = lacking && inFull ? undefined : await withoutWording();
    if (unworded && unworded.result.answers.length > 0 && (!lacking || unworded.result.confidence?.unsure === false)) {
      const r = unworded.result;
      const why = `the first reading verified nothing; "${unworded.mention}" read as the question's wording, not a name`;
      return r.confidence ? { ...r, confidence: { ...r.confidence, reasons: [...r.confidence.reasons, why] } } : r;
    }
    return first;

    /**
     * The reading without a topic, beside others, whose every word is a word of the graph's relation labels
     * ("magnetic flux density" beside a magnetic_flux_density_unit relation): it may be the question's wording. Unlike
     * a weak topic's rivals this may drop a name the question writes in full: such a name is an entity and a label's
     * words at once, and only the readings' answers tell which the question meant.
     */
    async function withoutWording(): Promise<{ result: AskResult; mention: string } | undefined> {
      const wording = topics.length > 1 ? topics.find((t) => readsAsRelation(t.mention, graph)) : undefined;
      return wording ? { result: await answerFrom(topics.filter((t) => t !== wording)), mention: wording.mention } : undefined;
    }

    async function answerFrom(topics: TopicEntity[]): Promise<AskResult> {
      const anchors = [...new Set(topics.map((x) => x.entity))];
      const anchorTopics = anchors.map((a) => topics.find((x) => x.entity === a)!);

      // ---- G_Q^raw ----
      const subgraph = buildQuestionSubgraph(graph, anchors, qVec, relationVectors, {
        dMax,
        ...(config.fanoutCap !== undefined ? { fanoutCap: config.fanoutCap } : {}),
        ...(config.maxNodes !== undefined ? { maxNodes: config.maxNodes } : {}),
      });
      lap('subgraph');

      // ---- I_Q, D_predict ---- (local, on the raw subgraph: the Hand may read it; the Brain never does)
      const adj = new LocalAdjacency(subgraph.edges);
      const exclude = new Set(anchors);
      const paths = anchors.map((a) => schemaPaths(adj, a, { dMax, exclude }));
      // With a GraSP selector the graph may be incomplete: the question's chain can be missing around the anchor, so
      // the whole graph's type-level chains join the candidates (scored alike; the selector grounds them later).
      if (input.grasp) paths.forEach((ps, i) => ps.push(...schemaChains(graph, anchors[i], { dMax, known: new Set(ps.map((p) => chainKey(p.steps))) })));
      // Visible labels as the sanitizer will show them (labels, or cluster labels in clustered mode).
      const visibleRelation = (r: number): string => (relations === 'clustered' ? (clusters.labelOf[r] ?? 'R0') : graph.relationLabels[r]);
      const analysis = await hand.analyzeQuestion({ question, topics: anchorTopics, schemaPaths: paths, dMax, visibleRelation });
      lap('analyze');
      checkCancelled(options.signal);

      // ---- G̃_Q ---- entities on the best chains' paths are kept as they are (candidate paths), the rest is
      // de-uniqued; without this the k-anonymity pass can fold away the very evidence the question needs.
      const secret = newSessionSecret();
      const viewInput = {
        graph,
        subgraph,
        question,
        topics: anchorTopics,
        config: { ...config.sanitize, relations },
        secret,
        ...(analysis ? { protect: candidateEntities(adj, analysis.ranked) } : {}),
      };
      const { view, mapping, payloadTokens } =
        viewKind === 'masked'
          ? maskView(viewInput)
          : sanitizeView({ ...viewInput, clusters: relations === 'clustered' ? clusters : undefined, ...(config.hubAggregates ? { hubs: config.hubAggregates, shownBefore: shownBeforeOf(options) } : {}) });
      const retoken = payloadTokens ?? new Map<string, string>();
      lap('sanitize');
      try {
        options.revealView?.(view, (token) => mapping.members(token).map((e) => graph.names[e]), [...retoken.values()]);
        const payloads: PayloadRecord[] = [{ payload: analysisPayload(view), status: 'local' }];
        // Previews are read off the very payloads a call would send, when the run ends (statuses are final then).
        const withPayloads = <R extends object>(r: R): R & { payloads: BrainPayloadPreview[] } => {
          const previews = payloads.map((x) => payloadPreview(x.payload, x.status, options.brainModel));
          if (viewKind === 'sanitized' && !options.exposedBefore) rememberShownAlone(shownAlone, mapping, payloads);
          options.onExposure?.(questionExposure(graph, subgraph, mapping, payloads));
          lap('payload');
          return { ...r, payloads: previews };
        };
        const topicMatches: TopicMatch[] = anchorTopics.map((x) => ({
          id: graph.ids[x.entity],
          name: graph.names[x.entity],
          mention: x.mention,
          score: x.score,
          ...(mapping.tokenOf(x.entity) ? { token: mapping.tokenOf(x.entity)! } : {}),
        }));
        const base = { question, anonymizedQuestion: view.question, topics: topicMatches, view: view.stats, stagesMs };
        if (!analysis) return withPayloads({ ...base, answers: [] });
        const anchorTokens = analysis.anchorOrder.map((a) => mapping.tokenOf(a)).filter((x): x is string => !!x);
        const indicator = indicatorOf(analysis, mapping);
        if (anchorTokens.length !== analysis.anchorOrder.length) return withPayloads({ ...base, indicator, answers: [] });

        // ---- T_Q: the reasoning-tree controller runs explore → prune → (Brain) → ground → verify per node ----
        const session: QuestionSession = {
          graph,
          hand,
          view,
          mapping,
          vAdj: viewAdjacency(view),
          multi: new Set(view.nodes.filter((n) => n.size > 1).map((n) => n.token)),
          analysis,
          anchorTokens,
          dMax,
          beam: config.beam,
          pruneWidth: config.pruneWidth,
          // The masked baseline is the pipeline with names replaced and nothing else: every kept path, no guard.
          payloadWidth: viewKind === 'masked' ? config.pruneWidth : config.payloadWidth,
          // The places below the best-ranked paths go to a fresh draw every session, seeded by its secret.
          ...(viewKind !== 'masked' && config.payloadFixedShare < 1 ? { showPaths: pathDrawOf(secret, config.payloadFixedShare) } : {}),
          // With raw labels, a label that still singles a token out after trimming is shown as its relation cluster,
          // named by this question's secret: an observer who recomputes the clusters still cannot tell which one.
          ...(() => {
            const guard =
              input.payloadRisk && config.payloadGuard && viewKind !== 'masked'
                ? payloadGuardOf(input.payloadRisk, mapping, config.payloadGuard, relations === 'labels' ? clusterLabelOf(secret, graph, clusters) : undefined)
                : undefined;
            // Hubs go out as their aggregates, and the guard measures the payload as it will be sent.
            if (!retoken.size) return guard ? { guard } : {};
            return { guard: (p: BrainPayload) => (guard ? guard(withTokens(p, retoken)) : withTokens(p, retoken)) };
          })(),
          payloads,
          lap,
        };
        let experience = NO_EXPERIENCE;
        const experienceQuery = experienceQueryOf(view, anchorTokens, indicator, { ...config.sanitize, relations });
        if (experienceProvider) {
          experience = await experienceProvider.retrieve(experienceQuery);
          lap('experience');
        }
        const linkScores = anchorTopics.map((x) => x.score);
        // Selection calls are counted, so a question whose selection a Brain already judged is not also sent for planning.
        let selectionCalls = 0;
        const given = options.selectionStep ?? input.selectionStep;
        const selectionStep: SelectionStep | undefined = given ? (r) => (selectionCalls++, given(r)) : undefined;
        const exactLink = anchorTopics.every((x) => normalizeName(graph.names[x.entity]) === normalizeName(x.mention));
        const homonyms = (link.alternatives ?? []).some((alt) => anchorTopics.some((x) => x.start === alt.start && x.end === alt.end && x.entity !== alt.entity));
        const controllerOptions = {
          experience,
          ...((options.brainStep ?? input.brainStep) ? { brainStep: options.brainStep ?? input.brainStep } : {}),
          ...(options.brainPolicy ? { brainPolicy: options.brainPolicy } : {}),
          ...(options.confidenceMargin !== undefined ? { confidenceMargin: options.confidenceMargin } : {}),
          ...(input.grasp
            ? { grasp: { ...input.graspOptions, selector: input.grasp, questionVector: qVec, ...(selectionStep ? { selectionStep } : {}) } }
            : {}),
          ...(options.onTreeUpdate ? { onTreeUpdate: options.onTreeUpdate } : {}),
          // An explicit margin (tests, audits) defines "unsure" by itself; by default the calibrated estimate gates too.
          ...(options.confidenceMargin === undefined
            ? { unsure: (answers: readonly GroundedAnswer[], a: Analysis) => answerConfidence({ analysis: a, answers, firstRound: true, linkScores, homonyms, exactLink }).unsure }
            : {}),
        };
        const confidenceOf = (a: Analysis, r: ControllerResult) =>
          answerConfidence({ analysis: a, answers: r.answers, firstRound: r.tree.nodes.find((n) => n.role.kind === 'answer')?.status === 'verified', linkScores, homonyms, exactLink });
        // A confident memory match whose verified chain is not this question's own reading is a stored plan: the
        // reading is taken from memory (checked against the schema like a Brain's plan) instead of asking again.
        const planNotes: string[] = [];
        let usedAnalysis = analysis;
        let session2 = session;
        const stored = experience.reuse?.chains[0];
        if (stored && visibleChainKey(stored.steps.map((s) => ({ visible: s.relation, direction: s.direction }))) !== visibleChainKey(analysis.chain)) {
          const fromMemory = analysisFromPlan({ anchors: anchorTokens.slice(0, 1), chain: stored.steps, answerPosition: stored.answerPosition, dPredict: stored.steps.length }, { analysis, mapping, anchors, schemaPaths: paths, visibleRelation });
          if (fromMemory.ok) {
            usedAnalysis = fromMemory.analysis;
            session2 = { ...session, analysis: usedAnalysis };
            planNotes.push(`memory: the verified reading of ${experience.reuse!.recordId} used for this question shape`);
          }
        }
        let run = await runController(session2, controllerOptions);
        checkCancelled(options.signal);
        let confidence = confidenceOf(usedAnalysis, run);
        // Brain planning when the local reading is unsure — unless memory already holds a verified reading of this
        // question's shape that verified again (then the memory stood in for the call).
        const analysisStep = options.analysisStep ?? input.analysisStep;
        const byMemory = !!experience.reuse && run.answers.length > 0;
        // One remote judgement per question at most: a question whose candidates a Brain already ranked is not also
        // sent for planning (each call exposes more of the graph).
        const brainRanked = run.brain.asked > 0 || selectionCalls > 0;
        if (analysisStep && confidence.unsure && byMemory) planNotes.push('memory: a verified reading of this question shape stood in for the Brain analysis call');
        else if (analysisStep && confidence.unsure && !brainRanked) {
          const record = payloads[0];
          const outcome = await analysisStep({ payload: record.payload, mapping, graph: { name: graph.name, ids: graph.ids } });
          lap('brain');
          if (outcome) {
            record.status = outcome.status;
            if (outcome.payload) record.payload = outcome.payload;
            planNotes.push(`Brain analysis: ${outcome.reason}`);
          }
          const planned = outcome?.plan ? analysisFromPlan(outcome.plan, { analysis, mapping, anchors, schemaPaths: paths, visibleRelation }) : undefined;
          if (planned && !planned.ok) planNotes.push(`Brain plan not used: ${planned.reason}`);
          if (planned?.ok) {
            const plannedTokens = planned.analysis.anchorOrder.map((a) => mapping.tokenOf(a)).filter((x): x is string => !!x);
            const second = await runController({ ...session, analysis: planned.analysis, anchorTokens: plannedTokens }, controllerOptions);
            if (second.answers.length > 0) {
              run = second;
              usedAnalysis = planned.analysis;
              confidence = { ...confidenceOf(planned.analysis, second), reasons: [planned.note, ...confidence.reasons.map((r) => `local reading: ${r}`)] };
              planNotes.push(`${planned.note}: verified ${second.answers.length} answer(s) locally`);
            } else planNotes.push(`${planned.note}: nothing verified along it; the local answer stands`);
          }
        }
        if (planNotes.length) confidence = { ...confidence, reasons: [...confidence.reasons, ...planNotes] };
        let ranked = toRankedAnswers(graph, run.answers, config.maxAnswers);
        let typed = await typedAnswerSet(hand, { question, topics: anchorTopics }, run.answers.slice(0, ranked.length), confidence);
        // "the earliest film X directed": of the answer set (the chain's answers of the asked type), the one whose date
        // or number is extreme; the set is then cut again around it.
        // The set holds at most ten: the pool is every answer scored as its members are and not of another type.
        const floor = Math.min(...run.answers.filter((_, i) => typed.marks[i]?.inSet).map((a) => a.score));
        const members = run.answers.filter((a, i) => a.score >= floor && typed.marks[i]?.typeFit !== 'mismatch');
        const superlative = await orderBySuperlative(question, anchorTopics, members, run.answers, usedAnalysis);
        if (superlative) {
          run = { ...run, answers: superlative.answers };
          confidence = { ...confidence, reasons: [...confidence.reasons, superlative.reason] };
          ranked = toRankedAnswers(graph, run.answers, config.maxAnswers);
          typed = await typedAnswerSet(hand, { question, topics: anchorTopics }, run.answers.slice(0, ranked.length), confidence);
        }
        // "How many papers has X written": the number of the reading's answers, unless the graph states it as a number
        // (or the question also asks for an extreme one, which is then the answer).
        const howMany = superlative ? undefined : readHowMany(blankMentions(question, anchorTopics));
        let count: AskResult['count'];
        if (howMany) {
          const best = run.answers[0]?.score ?? 0;
          const topTier = run.answers.filter((a) => a.score >= best - 1e-9).map((a) => a.entity);
          const dropped = run.answers.filter((_, i) => typed.marks[i]?.typeFit === 'mismatch').map((a) => a.entity);
          const sexed = usedAnalysis.ranked[0]?.genders?.some((g) => g !== undefined) ?? false;
          // Only the chosen reading's answers are counted: a near reading's answers may share the set ("X's parent"
          // beside "X's children").
          const chain = chainKey(usedAnalysis.chain);
          const ofReading = (a: GroundedAnswer): boolean => a.rawPaths.some((p) => chainKey(p.edges) === chain);
          const counted = countAnswers(graph, { ...usedAnalysis, sexed }, topTier, members.filter(ofReading).map((a) => a.entity), dropped);
          // What is counted, as the Hand read the answer type ("different films": films), else the word after "how many".
          const noun = typed.set?.expected && !WH_TYPES.has(typed.set.expected) ? typed.set.expected : howMany.noun;
          if (counted) count = { ...counted, ...(noun ? { noun } : {}) };
        }
        // Memory learns a route as verified only when the answer is decisive: a sure, type-checked, wholly or partly
        // explained verified chain — never an unsure or inferred one (those would be reused as "experience").
        const decisive = typed.set?.label === 'verified' || typed.set?.label === 'partial';
        // Write-back after verification, while φ_Q still exists; a memory problem never costs the answer. Never from
        // the masked baseline: its exact literal values must not become experience a later question could show a Brain.
        let write: AskMemorySummary['write'];
        if (experienceProvider?.writeBack && viewKind === 'sanitized') {
          const outcome = experienceOutcomeOf({ query: experienceQuery, tree: run.tree, answers: run.answers, analysis: usedAnalysis, view, mapping, graph, decisive });
          write = writeSummary(await experienceProvider.writeBack(experience, outcome).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e)))));
          lap('memory');
        }
        const memory = input.memory ? { memory: memorySummaryOf(experience, run.tree, run.brain.saved, write) } : {};
        const tree = summarizeTree(run.tree);
        const shown = usedAnalysis === analysis ? indicator : indicatorOf(usedAnalysis, mapping);
        // The chain's answers lack the hop the question asks next (a film with no release year recorded): they are the
        // bridge, not the answer; say what was found and what the graph does not record.
        const lacking = usedAnalysis === analysis && config.abstainBelow > 0 ? analysis.unexplained?.missing : undefined;
        // The top answer must lack the fact (other readings may have added answers that hold it); the message names
        // only answers that lack it.
        const lackKey = lacking ? edgeKey(lacking.relation, lacking.direction === 'out' ? DIR_OUT : DIR_IN) : -1;
        const without = lacking ? ranked.filter((_, i) => !hasKey(graph, run.answers[i].entity, lackKey)) : [];
        if (lacking && without.length && without[0] === ranked[0]) {
          const path = analysis.chain.map((s) => `"${graph.relationLabels[s.relation]}"${s.direction === 'in' ? ' backwards' : ''}`).join(', then ');
          const reading = `following ${path} from ${anchorTopics.map((x) => graph.names[x.entity]).join(' and ')}`;
          const found = without.slice(0, 3).map((a) => a.name).join(', ') + (without.length > 3 ? ', …' : '');
          const label = graph.relationLabels[lacking.relation];
          const message = `Found ${found} by ${reading}, but the graph records no "${label}" for ${without.length > 1 ? 'them' : 'it'}, which "${lacking.word}" asks for.`;
          return withPayloads({ ...base, indicator: shown, answers: [], abstained: { message, missing: [lacking.word], reading, answers: ranked, lacking: label }, tree, memoryHits: experience.hits, ...memory, confidence });
        }
        // No chain explains the question: say what the best partial reading found and what is missing, not an answer.
        if (usedAnalysis === analysis && shouldAbstain(confidence, config.abstainBelow)) {
          const missing = [...(analysis.unexplained?.unmatched ?? []), ...(analysis.unexplained?.unused ?? [])];
          const reading = `the ${[...analysis.chain].reverse().map((s) => `"${graph.relationLabels[s.relation]}"`).join(' of the ')} of ${anchorTopics.map((x) => graph.names[x.entity]).join(' and ')}`;
          const message = `Found ${reading}, but no relation for ${missing.map((w) => `"${w}"`).join(', ')}: no reading of the graph explains the whole question.`;
          return withPayloads({ ...base, indicator: shown, answers: [], abstained: { message, missing, reading, answers: ranked }, tree, memoryHits: experience.hits, ...memory, confidence });
        }
        const answers = ranked.map((a, i) => ({ ...a, ...typed.marks[i] }));
        if (count) {
          const how = count.basis === 'chain' ? 'reached by walking the chain on the whole graph' : count.complete ? 'the verified answers' : 'verified (a sample: at least this many)';
          confidence = { ...confidence, reasons: [...confidence.reasons, `"how many": ${count.value}, ${how}`] };
        }
        return withPayloads({ ...base, indicator: shown, answers, tree, memoryHits: experience.hits, ...memory, confidence, ...(typed.set ? { answerSet: typed.set } : {}), ...(count ? { count } : {}) });
      } finally {
        mapping.discard();
      }
    }
  }

  /**
   * The answers reordered by the question's superlative, if it asks by one and the answer set's members can be
   * compared: the extreme members first at the top score, every other answer after them, lowered so that the answer
   * set is cut there.
   */
  async function orderBySuperlative(
    question: string,
    mentions: readonly Pick<TopicEntity, 'start' | 'end'>[],
    members: readonly GroundedAnswer[],
    answers: readonly GroundedAnswer[],
    reading: Analysis,
  ): Promise<{ answers: GroundedAnswer[]; reason: string } | undefined> {
    if (members.length < 2) return undefined;
    const words = blankMentions(question, mentions).match(/[\p{L}\p{N}]+/gu) ?? [];
    const sup = readSuperlative(words);
    if (!sup) return undefined;
    // A one-anchor chain is walked on the whole graph: the verified answers are a pruned sample of a wide relation's
    // ends, and the extreme one may lie among the others (reached by the same chain, so of the same kind).
    const single = reading.anchorOrder.length === 1 && reading.answerPosition === reading.chain.length;
    const walked = single ? walkChainEnds(graph, reading.anchorOrder[0], reading.chain) : undefined;
    // The members are answers too: one set of every verified answer keeps the walk's others out of the pool.
    const known = new Set(answers.map((a) => a.entity));
    const extra = (walked?.ends ?? []).filter((e) => !known.has(e));
    const pool = [...members.map((a) => a.entity), ...extra].slice(0, SUPERLATIVE_POOL);
    const [base] = await drm.embed([sup.base]);
    const { relationVectors } = await prepare();
    // Words that name an attribute: not the superlative, not a word of the chain's own labels ("admitted" of admitted_to
    // says how the answers were reached, not which of their dates to compare).
    const labelStems = (r: number): string[] => tokenizeLabel(graph.relationLabels[r]).filter((t) => t.length > 2).map(stemToken);
    const chainStems = new Set(reading.chain.flatMap((st) => labelStems(st.relation)));
    const stems = new Set(words.map((w) => stemToken(w.toLowerCase())).filter((w) => !chainStems.has(w) && !sup.word.split(' ').includes(w)));
    const found = extremeAnswers(
      graph,
      pool,
      sup,
      {
        named: (r) => labelStems(r).some((t) => stems.has(t)),
        nearness: (r) => dot(base, relationVectors[r]),
      },
    );
    if (!found) return undefined;
    const top = answers[0].score;
    // Every other answer drops by more than the whole range of scores, so the set is cut right after the winners.
    const drop = top - Math.min(...answers.map((a) => a.score)) + 1;
    const winners = new Set(found.winners);
    // A winner outside the verified answers gets its raw path from the walk; it has no view path (nothing about it
    // was in the sanitized view, and nothing about it leaves).
    const first = found.winners.flatMap((e): GroundedAnswer[] => {
      const verified = answers.find((a) => a.entity === e);
      if (verified) return [{ ...verified, score: top }];
      const path = walked?.pathTo(e);
      return path ? [{ entity: e, score: top, rawPaths: [path], viewPaths: [] }] : [];
    });
    if (first.length === 0) return undefined;
    const rest = answers.filter((a) => !winners.has(a.entity)).map((a) => ({ ...a, score: a.score - drop }));
    const by = found.attribute ? `"${graph.relationLabels[found.attribute.relation]}"` : 'value';
    const among = extra.length ? `${pool.length} answers (${extra.length} of them reached by walking the chain on the whole graph)` : `${pool.length} answers`;
    return { answers: [...first, ...rest], reason: `"${sup.word}": the ${sup.most ? 'greatest' : 'least'} ${by} among ${among} (${found.value})` };
  }

  return { graph, ask };
}

/** The question with its topic mentions blanked out (same length): what its own words say, not a name's. */
function blankMentions(question: string, mentions: readonly Pick<TopicEntity, 'start' | 'end'>[]): string {
  let text = question;
  for (const m of mentions) text = text.slice(0, m.start) + ' '.repeat(m.end - m.start) + text.slice(m.end);
  return text;
}

/** Answer types that are a wh-word's, not a noun of the question's. */
const WH_TYPES = new Set(['who', 'whom', 'where', 'when', 'what', 'which', 'how']);

/** How many answers a superlative compares at most (a chain's ends, never the whole graph). */
const SUPERLATIVE_POOL = 5000;

/** The indicator as AskResult shows it: anchor tokens and visible labels. */
function indicatorOf(analysis: Analysis, mapping: ViewMapping) {
  return {
    anchors: analysis.anchorOrder.map((a) => mapping.tokenOf(a)).filter((x): x is string => !!x),
    chain: analysis.chain.map((s) => ({ relation: s.visible, direction: s.direction, confidence: s.confidence })),
    answerPosition: analysis.answerPosition,
    dPredict: analysis.dPredict,
  };
}

export type { ViewMapping };

/**
 * The answer set of a question's verified answers (best first): typed by the Hand's own reading of the question when
 * it can type answers (AnswerTypeSkill), cut at the score gap, labelled. `marks` are index-aligned with `answers`.
 */
async function typedAnswerSet(
  hand: object,
  request: Pick<AnalysisRequest, 'question' | 'topics'>,
  answers: readonly Pick<GroundedAnswer, 'entity' | 'score' | 'inferred'>[],
  confidence: AnswerConfidence,
): Promise<{ set?: AnswerSet; marks: Pick<RankedAnswer, 'typeFit' | 'inSet'>[] }> {
  if (answers.length === 0) return { marks: [] };
  const typing = 'answerTypeFit' in hand ? await (hand as AnswerTypeSkill).answerTypeFit(request, answers.map((a) => a.entity)) : { fit: [] as number[] };
  const candidates = answers.map((a, i) => ({ score: a.score, fit: typing.fit[i] ?? 0, inferred: !!a.inferred }));
  const { set, members } = answerSetOf(candidates, {
    confidence,
    partial: confidence.signals.unused + confidence.signals.unmatched > 0,
    verified: confidence.signals.answers > 0,
    ...(typing.expected ? { expected: typing.expected } : {}),
  });
  const inSet = new Set(members);
  const marks = candidates.map((c, i) => ({
    ...(c.fit > 0 ? { typeFit: 'match' as const } : c.fit < 0 ? { typeFit: 'mismatch' as const } : {}),
    ...(inSet.has(i) ? { inSet: true } : {}),
  }));
  return { set, marks };
}
