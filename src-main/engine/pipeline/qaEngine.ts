// Orchestration of the Ctrl-G answering chain for one graph:
//   T(Q) → G_Q^raw → G̃_Q (sanitized) → analysis (I_Q, D_predict) → exploration on G̃_Q → pruning to W1
//   → grounding in the raw graph → verification → ranked answers with raw and sanitized evidence.
// From the analysis on, the reasoning-tree controller (engine/controller) drives the stages node by node.
// Per-graph work (name index, relation vectors, clusters, word vectors) is cached across questions; each question
// gets a fresh session secret and mapping, discarded before ask() returns.
import type { AskResult, BrainPayloadPreview, ReasoningTreeSummary, TopicMatch } from '../../common/answerTypes.js';
import { AlgorithmicHand } from '../hand/algorithmicHand.js';
import type { BrainPolicy, BrainStep } from '../controller/brainStep.js';
import { runController } from '../controller/controller.js';
import { NO_EXPERIENCE, type ExperienceProvider } from '../controller/experienceProvider.js';
import { toRankedAnswers, type QuestionSession } from '../controller/questionSession.js';
import { summarizeTree } from '../controller/reasoningTree.js';
import type { MemoryGraph } from '../graph/memoryGraph.js';
import { clusterRelations, relationSignatures } from '../sanitize/relationClusters.js';
import { sanitizeView } from '../sanitize/sanitizeView.js';
import { newSessionSecret } from '../sanitize/sessionSecret.js';
import { buildAnalysisPayload } from './buildBrainPayload.js';
import { EntityNameIndex } from './entityNameIndex.js';
import { LocalAdjacency } from './localAdjacency.js';
import { DEFAULT_PRUNE_WIDTH } from './prunePaths.js';
import { buildQuestionSubgraph } from './questionSubgraph.js';
import { embedRelations } from './relationVectors.js';
import { schemaPaths } from './schemaPaths.js';
import { DEFAULT_SANITIZE_CONFIG, type Drm, type RelationClusters, type SanitizeConfig, type SanitizedView, type ViewMapping } from './types.js';
import { viewAdjacency } from './viewAdjacency.js';

export interface QaEngineConfig {
  /** Hop bound D_max (default 3). */
  dMax: number;
  /** W1: candidate paths kept by pruning and shown to a Brain (default 80). */
  pruneWidth: number;
  /** Subgraph bounds (see buildQuestionSubgraph). */
  fanoutCap?: number;
  maxNodes?: number;
  /** Exposure configuration π (relations mode is per question). */
  sanitize: Omit<SanitizeConfig, 'relations'>;
  /** Partial paths kept per depth during exploration. */
  beam: number;
  /** Answers returned. */
  maxAnswers: number;
}

export const DEFAULT_QA_CONFIG: QaEngineConfig = {
  dMax: 3,
  pruneWidth: DEFAULT_PRUNE_WIDTH,
  sanitize: (({ relations: _r, ...rest }) => rest)(DEFAULT_SANITIZE_CONFIG),
  beam: 4000,
  maxAnswers: 20,
};

export interface AskOptions {
  dMax?: number;
  relations?: 'labels' | 'clustered';
  /**
   * Evaluation only: called with the view and a way to expand tokens to raw names, before the mapping is
   * discarded. Never used by the app.
   */
  revealView?: (view: SanitizedView, membersOf: (token: string) => string[]) => void;
  /** Live progress: the reasoning tree after every change (anonymised; safe to send to the renderer). */
  onTreeUpdate?: (tree: ReasoningTreeSummary) => void;
  /** This question's Brain step (per-question approval and accounting); overrides the engine's. */
  brainStep?: BrainStep;
  /** When the controller asks the Brain (default 'whenUnsure'). */
  brainPolicy?: BrainPolicy;
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

export class EmptyGraphError extends Error {
  constructor(graph: string) {
    super(`Graph "${graph}" is empty: import triples before asking questions.`);
    this.name = 'EmptyGraphError';
  }
}

interface GraphCache {
  hand: AlgorithmicHand;
  relationVectors: Float32Array[];
  clusters: RelationClusters;
}

export function createQaEngine(input: {
  graph: MemoryGraph;
  drm: Drm;
  config?: Partial<QaEngineConfig>;
  /** Experience memory (InitPolicy, failure warnings); none by default. */
  experience?: ExperienceProvider;
  /** Brain ranking when the local choice is not confident; none by default. */
  brainStep?: BrainStep;
}): QaEngine {
  const { graph, drm } = input;
  const config: QaEngineConfig = { ...DEFAULT_QA_CONFIG, ...input.config };
  let cache: Promise<GraphCache> | undefined;
  const prepare = (): Promise<GraphCache> =>
    (cache ??= (async () => {
      const index = EntityNameIndex.build(graph);
      const relationVectors = await embedRelations(graph, drm);
      const clusters = clusterRelations(graph.relationLabels, relationVectors, relationSignatures(graph));
      const hand = await AlgorithmicHand.create(graph, drm, index);
      return { hand, relationVectors, clusters };
    })().catch((e) => {
      cache = undefined;
      throw e;
    }));

  async function ask(question: string, options: AskOptions = {}): Promise<AskResult> {
    if (!question || !question.trim()) throw new EmptyQuestionError();
    if (graph.size === 0 || graph.tripleCount === 0) throw new EmptyGraphError(graph.name);
    const dMax = Math.max(1, Math.min(5, Math.floor(options.dMax ?? config.dMax)));
    const relations = options.relations ?? 'labels';
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
    const anchors = [...new Set(topics.map((x) => x.entity))];
    const anchorTopics = anchors.map((a) => topics.find((x) => x.entity === a)!);

    // ---- G_Q^raw ----
    const [qVec] = await drm.embed([question.replace(/[[\]]/g, ' ')]);
    const subgraph = buildQuestionSubgraph(graph, anchors, qVec, relationVectors, {
      dMax,
      ...(config.fanoutCap !== undefined ? { fanoutCap: config.fanoutCap } : {}),
      ...(config.maxNodes !== undefined ? { maxNodes: config.maxNodes } : {}),
    });
    lap('subgraph');

    // ---- G̃_Q ----
    const secret = newSessionSecret();
    const { view, mapping } = sanitizeView({
      graph,
      subgraph,
      question,
      topics: anchorTopics,
      config: { ...config.sanitize, relations },
      secret,
      clusters: relations === 'clustered' ? clusters : undefined,
    });
    lap('sanitize');
    try {
      options.revealView?.(view, (token) => mapping.members(token).map((e) => graph.names[e]));
      const payloads: BrainPayloadPreview[] = [buildAnalysisPayload(view)];

      // ---- I_Q, D_predict ----
      const adj = new LocalAdjacency(subgraph.edges);
      const exclude = new Set(anchors);
      const paths = anchors.map((a) => schemaPaths(adj, a, { dMax, exclude }));
      const analysis = await hand.analyzeQuestion({ question, topics: anchorTopics, schemaPaths: paths, dMax, visibleRelation: (r) => mapping.visibleRelation(r) });
      lap('analyze');
      const topicMatches: TopicMatch[] = anchorTopics.map((x) => ({
        id: graph.ids[x.entity],
        name: graph.names[x.entity],
        mention: x.mention,
        score: x.score,
        ...(mapping.tokenOf(x.entity) ? { token: mapping.tokenOf(x.entity)! } : {}),
      }));
      const base = { question, anonymizedQuestion: view.question, topics: topicMatches, view: view.stats, stagesMs, payloads };
      if (!analysis) return { ...base, answers: [] };
      const anchorTokens = analysis.anchorOrder.map((a) => mapping.tokenOf(a)).filter((x): x is string => !!x);
      const indicator = {
        anchors: anchorTokens,
        chain: analysis.chain.map((s) => ({ relation: s.visible, direction: s.direction, confidence: s.confidence })),
        answerPosition: analysis.answerPosition,
        dPredict: analysis.dPredict,
      };
      if (anchorTokens.length !== analysis.anchorOrder.length) return { ...base, indicator, answers: [] };

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
        payloads,
        lap,
      };
      let experience = NO_EXPERIENCE;
      if (input.experience) {
        experience = await input.experience.retrieve({ anonymizedQuestion: view.question, anchors: anchorTokens, indicator, exposure: { ...config.sanitize, relations } });
        lap('experience');
      }
      const run = await runController(session, {
        experience,
        ...((options.brainStep ?? input.brainStep) ? { brainStep: options.brainStep ?? input.brainStep } : {}),
        ...(options.brainPolicy ? { brainPolicy: options.brainPolicy } : {}),
        ...(options.onTreeUpdate ? { onTreeUpdate: options.onTreeUpdate } : {}),
      });
      return { ...base, indicator, answers: toRankedAnswers(graph, run.answers, config.maxAnswers), tree: summarizeTree(run.tree), memoryHits: experience.hits };
    } finally {
      mapping.discard();
    }
  }

  return { graph, ask };
}

export type { ViewMapping };
