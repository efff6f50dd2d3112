// The model-backed Hand: every skill asks the local model (node-llama-cpp, grammar-constrained JSON) and checks
// the reply against the graph and the skill's inputs before using it. Skills that choose among candidates (chains,
// tokens, paths, answers) get their candidates from the algorithmic Hand, bounded so prompts fit small contexts;
// a bad reply gets one repair attempt, then the algorithmic result stands and the reason is recorded.
import type { MemoryGraph } from '../../../graph/memoryGraph.js';
import { EntityNameIndex } from '../../stages/entityNameIndex.js';
import type { LinkResult, ViewNode } from '../../../core/types.js';
import type { Verification } from '../../../core/types.js';
import { viewAdjacency } from '../../stages/viewAdjacency.js';
import type { HandAccounting, HandSkillName } from '../accounting.js';
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
} from '../../../core/handSkills.js';
import type { CandidatePath } from '../../../core/types.js';
import { checkEntityExtraction } from './checks/entityExtraction.js';
import { checkEvidenceRefinement } from './checks/evidenceRefinement.js';
import { checkFollowUp } from './checks/followUp.js';
import { carries, checkPrediction } from './checks/prediction.js';
import { checkQuestionAnalysis, visibleChainKey } from './checks/questionAnalysis.js';
import { checkSufficiencyVerification } from './checks/sufficiencyVerification.js';
import { entityExtractionPrompt } from './prompts/entityExtraction.js';
import { evidenceRefinementPrompt } from './prompts/evidenceRefinement.js';
import { followUpPrompt } from './prompts/followUp.js';
import { followUpQuestionPrompt } from './prompts/followUpQuestion.js';
import { followUpQuestionSchema, type FollowUpQuestionReply } from './schemas/followUpQuestion.js';
import { checkFollowUpQuestion } from './checks/followUpQuestion.js';
import { followUpQuestion as algorithmicFollowUpQuestion } from '../followUpQuestion.js';
import { type FollowUpQuestion, type FollowUpQuestionRequest } from '../../../core/handSkills.js';
import { predictionPrompt } from './prompts/prediction.js';
import { questionAnalysisPrompt } from './prompts/questionAnalysis.js';
import { sufficiencyVerificationPrompt } from './prompts/sufficiencyVerification.js';
import { runSkill, type HandJsonGenerator, type SkillOutcome, type SkillRequest, type SkillSource } from './runSkill.js';
import { entityExtractionSchema, type EntityExtractionReply } from './schemas/entityExtraction.js';
import { evidenceRefinementSchema, type EvidenceRefinementReply } from './schemas/evidenceRefinement.js';
import { followUpSchema, type FollowUpReply } from './schemas/followUp.js';
import { predictionSchema, type PredictionReply } from './schemas/prediction.js';
import { questionAnalysisSchema, type QuestionAnalysisReply } from './schemas/questionAnalysis.js';
import { sufficiencyVerificationSchema, type SufficiencyVerificationReply } from './schemas/sufficiencyVerification.js';

/** How much of each candidate list a prompt shows. */
export interface LlmHandLimits {
  chains: number;
  tokensPerPosition: number;
  paths: number;
  answers: number;
}

export const DEFAULT_LLM_HAND_LIMITS: LlmHandLimits = { chains: 8, tokensPerPosition: 16, paths: 16, answers: 10 };

/** Generation budgets: enough for the bounded replies of a real model, small enough to cut a runaway one. */
export const DEFAULT_MAX_TOKENS: Record<HandSkillName, number> = {
  entityExtraction: 96,
  questionAnalysis: 320,
  followUp: 64,
  prediction: 320,
  evidenceRefinement: 128,
  sufficiencyVerification: 96,
};

export interface LlmHandOptions {
  /** The graph's name index (built once here when absent). */
  index?: EntityNameIndex;
  /** 0 (default) decodes greedily: the same question gives the same calls. */
  temperature?: number;
  seed?: number;
  maxTokens?: Partial<Record<HandSkillName, number>>;
  limits?: Partial<LlmHandLimits>;
  name?: string;
}

export interface LlmHandInput {
  runtime: HandJsonGenerator;
  /** The algorithmic Hand: candidates for the model and the result whenever the model's reply is not used. */
  fallback: Hand;
  graph: MemoryGraph;
  accounting: HandAccounting;
  options?: LlmHandOptions;
}

export interface LlmHand extends Hand, FollowUpQuestionSkill {
  readonly accounting: HandAccounting;
  /** How the last call of a skill was answered (model, repaired, fallback + reason); undefined before one. */
  lastOutcome(skill: HandSkillName): { source: SkillSource; fallbackReason?: string } | undefined;
}

export function createLlmHand(input: LlmHandInput): LlmHand {
  const { runtime, fallback, graph, accounting } = input;
  const options = input.options ?? {};
  const limits: LlmHandLimits = { ...DEFAULT_LLM_HAND_LIMITS, ...options.limits };
  const maxTokens = { ...DEFAULT_MAX_TOKENS, ...options.maxTokens };
  let index = options.index;
  const nameIndex = (): EntityNameIndex => (index ??= EntityNameIndex.build(graph));
  // The verification request carries the analysis but not the question: remember which question an analysis is of.
  const questionOf = new WeakMap<Analysis, string>();
  const outcomes = new Map<HandSkillName, { source: SkillSource; fallbackReason?: string }>();
  const ctx = { runtime, accounting, temperature: options.temperature, seed: options.seed };

  async function run<TReply, TResult>(request: Omit<SkillRequest<TReply, TResult>, 'maxTokens'>): Promise<TResult> {
    const outcome: SkillOutcome<TResult> = await runSkill(ctx, { ...request, maxTokens: maxTokens[request.skill] });
    outcomes.set(request.skill, { source: outcome.source, ...(outcome.fallbackReason ? { fallbackReason: outcome.fallbackReason } : {}) });
    return outcome.result;
  }

  return {
    name: options.name ?? 'llm',
    accounting,
    lastOutcome: (skill) => {
      const o = outcomes.get(skill);
      return o ? { ...o } : undefined;
    },

    extractEntities(question: string): Promise<LinkResult> {
      return run<EntityExtractionReply, LinkResult>({
        skill: 'entityExtraction',
        prompt: entityExtractionPrompt(question),
        schema: entityExtractionSchema,
        check: (reply) => checkEntityExtraction(reply, { question, graph, index: nameIndex() }),
        fallback: () => fallback.extractEntities(question),
      });
    },

    async analyzeQuestion(request: AnalysisRequest): Promise<Analysis | undefined> {
      const algorithmic = await fallback.analyzeQuestion(request);
      if (!algorithmic) return undefined; // no anchor reaches anything: nothing to choose from
      const visible = request.visibleRelation ?? ((r: number) => graph.relationLabels[r]);
      const labels = new Set(request.schemaPaths.flat().flatMap((p) => p.steps.map((s) => visible(s.relation))));
      const seen = new Set<string>();
      const distinct = algorithmic.ranked.filter((c) => {
        const key = `${c.anchors.join(',')}|${visibleChainKey(c.steps)}`;
        return !seen.has(key) && (seen.add(key), true);
      });
      const chains = distinct.slice(0, limits.chains);
      const mention = new Map(request.topics.map((t) => [t.entity, request.question.slice(t.start, t.end)]));
      const listedLabels = [...new Set(chains.flatMap((c) => c.steps.map((s) => s.visible)))];
      const result = await run<QuestionAnalysisReply, Analysis>({
        skill: 'questionAnalysis',
        prompt: questionAnalysisPrompt({
          question: request.question,
          anchorName: (e) => mention.get(e) ?? graph.names[e],
          chains,
          omitted: distinct.length - chains.length,
          dMax: request.dMax,
        }),
        schema: questionAnalysisSchema(listedLabels, Math.max(1, ...chains.map((c) => c.steps.length)), request.dMax),
        check: (reply) => checkQuestionAnalysis(reply, { algorithmic, labels, dMax: request.dMax }),
        fallback: async () => algorithmic,
      });
      questionOf.set(result, request.question);
      return result;
    },

    async followUp(request: FollowUpRequest): Promise<FollowUp> {
      const open = Array.from({ length: request.dMax }, (_, i) => i + 1).filter((d) => !request.triedDepths.includes(d));
      // Every depth explored: stopping is the only answer, no need to ask.
      if (!open.length) return fallback.followUp(request);
      return run<FollowUpReply, FollowUp>({
        skill: 'followUp',
        prompt: followUpPrompt(request),
        schema: followUpSchema(request.dMax),
        check: (reply) => checkFollowUp(reply, request),
        fallback: () => fallback.followUp(request),
      });
    },

    /**
     * Refine's follow-up question: the algorithmic follow-up supplies the alternatives (they keep the verified part
     * of the chain); the model words the question from the start tokens and picks the alternative to follow.
     * Accounted as the follow-up skill.
     */
    async followUpQuestion(request: FollowUpQuestionRequest): Promise<FollowUpQuestion | undefined> {
      const base = algorithmicFollowUpQuestion(request);
      if (!base || base.analysis.ranked.length < 2) return base;
      const from = base.bridgePosition !== undefined ? [...(request.bridgeTokens ?? [])] : [...request.anchorTokens];
      const alternatives = base.analysis.ranked.slice(0, limits.chains);
      const known = new Set([...from, ...request.anchorTokens]);
      return run<FollowUpQuestionReply, FollowUpQuestion>({
        skill: 'followUp',
        prompt: followUpQuestionPrompt({
          question: request.question ?? base.question,
          planned: request.analysis.chain,
          focus: request.focus,
          role: request.focus >= request.analysis.answerPosition ? 'the answer' : `bridge ${request.focus}`,
          from,
          alternatives,
        }),
        schema: followUpQuestionSchema(alternatives.length),
        check: (reply) => checkFollowUpQuestion(reply, { ...base, analysis: { ...base.analysis, ranked: alternatives } }, from, known),
        fallback: async () => base,
      });
    },

    async predictNodes(request: PredictionRequest): Promise<PredictedNode[]> {
      const algorithmic = await fallback.predictNodes(request);
      const { view, indicator } = request;
      if (!indicator.chain.length) return algorithmic;
      const adjacency = viewAdjacency(view);
      const anchors = new Set(view.anchors);
      const nodeOf = new Map(view.nodes.map((n) => [n.token, n]));
      const positions = indicator.chain.map((s, i) => {
        // The propagated candidates first, then any other token that carries the step's relation.
        const back = s.direction === 'out' ? 'in' : 'out';
        const fitting = view.nodes.filter((n) => !anchors.has(n.token) && carries(adjacency, n.token, s.visible, back)).map((n) => n.token);
        const ordered = [...new Set([...(algorithmic[i]?.candidates ?? []), ...fitting])];
        return { tokens: ordered.slice(0, limits.tokensPerPosition).map((t) => nodeOf.get(t)!).filter((n): n is ViewNode => !!n), omitted: Math.max(0, ordered.length - limits.tokensPerPosition) };
      });
      const listedTokens = [...new Set(positions.flatMap((p) => p.tokens.map((n) => n.token)))];
      const listedPositions = new Set(positions.flatMap((p, i) => (p.tokens.length ? [i + 1] : [])));
      return run<PredictionReply, PredictedNode[]>({
        skill: 'prediction',
        prompt: predictionPrompt({ question: view.question, indicator, positions }),
        schema: predictionSchema(indicator.chain.length, listedTokens),
        check: (reply) => checkPrediction(reply, { view, indicator, adjacency, listedPositions }),
        fallback: async () => algorithmic,
      });
    },

    async refineEvidence(request: RefinementRequest): Promise<CandidatePath[]> {
      const ranked = await fallback.refineEvidence(request);
      if (ranked.length <= 1) return ranked; // nothing to choose between
      const listed = Math.min(limits.paths, ranked.length);
      return run<EvidenceRefinementReply, CandidatePath[]>({
        skill: 'evidenceRefinement',
        prompt: evidenceRefinementPrompt({ indicator: request.indicator, paths: ranked.slice(0, listed), omitted: ranked.length - listed }),
        schema: evidenceRefinementSchema(listed),
        check: (reply) => checkEvidenceRefinement(reply, { ranked, listed, width: request.width }),
        fallback: async () => ranked,
      });
    },

    async verifySufficiency(request: VerificationRequest): Promise<Verification> {
      const algorithmic = await fallback.verifySufficiency(request);
      if (!algorithmic.answers.length) return algorithmic; // nothing grounded passes the constraints
      const listed = Math.min(limits.answers, algorithmic.answers.length);
      const candidates = algorithmic.answers.slice(0, listed).map((a) => {
        const p = a.rawPaths[0];
        const evidence = p
          ? p.entities.map((e, i) => (i < p.edges.length ? `${graph.names[e]} -${graph.relationLabels[p.edges[i].relation]}(${p.edges[i].direction})-> ` : graph.names[e])).join('')
          : '(no path)';
        return { name: graph.names[a.entity], evidence };
      });
      return run<SufficiencyVerificationReply, Verification>({
        skill: 'sufficiencyVerification',
        prompt: sufficiencyVerificationPrompt({
          question: questionOf.get(request.analysis) ?? '',
          subquestions: request.analysis.subquestions,
          candidates,
          omitted: algorithmic.answers.length - listed,
        }),
        schema: sufficiencyVerificationSchema(listed),
        check: (reply) => checkSufficiencyVerification(reply, { algorithmic, listed }),
        fallback: async () => algorithmic,
      });
    },
  };
}
