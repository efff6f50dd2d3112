// The Hand: the local reasoner of Ctrl-G. One interface per skill, so the algorithmic Hand of this sprint and a
// model-backed Hand (node-llama-cpp, next sprint) plug into the same pipeline. Inputs are what a local model may
// read (the raw question and graph stay on this machine); outputs are the pipeline's own data types.
import type { Direction } from '../../common/graphTypes.js';
import type { GroundedPath } from './types.js';
import type { SchemaPath } from './types.js';
import type { CandidatePath, Indicator, LinkResult, SanitizedView } from './types.js';
import type { ScoredChain } from './types.js';
import type { Verification } from './types.js';


/** Entity extraction: the topic entities T(Q) of a question, or the closest names when none matches. */
export interface EntityExtractionSkill {
  extractEntities(question: string): Promise<LinkResult>;
}

export interface AnalysisRequest {
  question: string;
  /** Topic anchors in mention order, with their character spans in the question. */
  topics: { entity: number; start: number; end: number }[];
  /** Schema-level relation paths reachable from each anchor in G_Q^raw (same order as topics). */
  schemaPaths: SchemaPath[][];
  dMax: number;
  /** Visible label of a raw relation in this question's view (labels or clusters); raw labels when absent. */
  visibleRelation?: (relation: number) => string;
}

export interface Analysis extends Indicator {
  /** Every chain considered, best first (the indicator's chain and alternatives are the head of this list). */
  ranked: ScoredChain[];
  /** Subquestions, one per hop, as the Hand reads them (for display and for a model Brain). */
  subquestions: string[];
  /**
   * Content words of the question the chosen chain leaves unexplained: `unused` name some relation of the graph
   * the chain does not walk (a hop too few, or the wrong one); `unmatched` name no relation of the graph at all
   * ("based" when no label says where a company sits). Answer-type nouns and the anchors' words are not listed.
   */
  unexplained?: { unused: string[]; unmatched: string[]; missing?: MissingHop };
}

/**
 * A hop the question asks for beyond the chain's answers that the graph lacks for them: the answer noun (or, after a
 * bare "when" / "where", a word the chain leaves unused) names a relation that things of the answers' kind hold, and
 * none of these answers does ("the films directed by X were
 * released in which years" where X's one film has no release year). The answers are the bridge, not the answer.
 */
export interface MissingHop {
  word: string;
  relation: number;
  /** The way the missing hop would walk the relation from the answers. */
  direction: Direction;
}

/**
 * Answer typing, from the same reading of the question the analysis makes: per candidate entity, whether it is of
 * the class the question asks for (1), clearly of another class (-1), or unknown (0). Optional: a Hand without it
 * leaves answers untyped.
 */
export interface AnswerTypeSkill {
  answerTypeFit(request: Pick<AnalysisRequest, 'question' | 'topics'>, entities: readonly number[]): Promise<{ expected?: string; fit: number[] }>;
}

/** Question analysis: subquestions, the skyline indicator I_Q and D_predict. */
export interface QuestionAnalysisSkill {
  analyzeQuestion(request: AnalysisRequest): Promise<Analysis | undefined>;
}

export interface FollowUpRequest {
  analysis: Analysis;
  /** Depth levels already explored without a verified answer. */
  triedDepths: number[];
  dMax: number;
}

/** What to do after a round that verified nothing. */
export type FollowUp = { action: 'deepen'; depth: number } | { action: 'stop'; reason: string };

/** Follow-up generation: the next exploration round when verification failed. */
export interface FollowUpSkill {
  followUp(request: FollowUpRequest): Promise<FollowUp>;
}

export interface PredictionRequest {
  view: SanitizedView;
  indicator: Indicator;
}

/** A predicted answer or bridge node: its position on the chain and the view tokens that fit it. */
export interface PredictedNode {
  position: number;
  role: 'bridge' | 'answer';
  /** Visible relation labels (with direction) the node must carry. */
  mustHave: { relation: string; direction: Direction }[];
  candidates: string[];
}

/** Prediction of answer and bridge entities from the view (used to seed exploration by a model Hand). */
export interface PredictionSkill {
  predictNodes(request: PredictionRequest): Promise<PredictedNode[]>;
}

export interface RefinementRequest {
  paths: CandidatePath[];
  indicator: Indicator;
  width: number;
}

/** Evidence refinement: fuzzy pruning of candidate paths to W1. */
export interface EvidenceRefinementSkill {
  refineEvidence(request: RefinementRequest): Promise<CandidatePath[]>;
}

export interface VerificationRequest {
  grounded: GroundedPath[];
  analysis: Analysis;
}

/** Sufficiency verification: which grounded answers satisfy the question's constraints, ranked. */
export interface SufficiencyVerificationSkill {
  verifySufficiency(request: VerificationRequest): Promise<Verification>;
}

/**
 * Follow-up question generation (optional skill, so existing Hands stay complete without it): a targeted
 * follow-up subquestion and indicator for the missing bridge or constraint, used by the controller's Refine mode.
 * The algorithmic implementation is followUpQuestion.ts; a Hand without it gets that one.
 */
export interface FollowUpQuestionSkill {
  followUpQuestion(request: FollowUpQuestionRequest): Promise<FollowUpQuestion | undefined>;
}

/** A complete Hand. */
export interface Hand
  extends EntityExtractionSkill,
    QuestionAnalysisSkill,
    FollowUpSkill,
    PredictionSkill,
    EvidenceRefinementSkill,
    SufficiencyVerificationSkill {
  readonly name: string;
}

export interface FollowUpQuestionRequest {
  analysis: Analysis;
  /** 1-based chain position of the missing bridge, or the answer position for a missing constraint. */
  focus: number;
  /** Anchor tokens in indicator order (the follow-up names them, never raw names). */
  anchorTokens: string[];
  /** Visible chains (`label>`/`label<` joined by spaces) already explored without a verified answer. */
  exhausted: ReadonlySet<string>;
  /** Alternative chains kept (default 12). */
  limit?: number;
  /** The anonymised question (context for a model that words the follow-up). */
  question?: string;
  /**
   * Tokens of the bridge the chain did reach just before `focus` (position focus − 1). When given, the follow-up
   * is asked from them — they become its anchors — instead of from the question's anchors.
   */
  bridgeTokens?: readonly string[];
}
export interface FollowUpQuestion {
  /** The follow-up subquestion, anonymised. */
  question: string;
  /** Anchors the follow-up names, extracted from its text (tokens of the view): bridges when it starts from them. */
  anchors: string[];
  /** Set when the anchors are bridges: their chain position (the prefix up to it is already verified). */
  bridgePosition?: number;
  /** The follow-up indicator: its chain is the best alternative; `ranked` holds only the alternatives. */
  analysis: Analysis;
}
