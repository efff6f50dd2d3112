// What a question run returns: shared by the engine, the CLI, the IPC contract and the renderer.
import type { Direction } from './graphTypes.js';

/** One step of a path in the sanitized view: tokens and visible relation labels only. */
export interface ViewPath {
  nodes: string[];
  edges: { relation: string; direction: Direction }[];
}

/** The same path in the raw graph: entity names and real relation labels. Never leaves the machine. */
export interface RawPath {
  entities: string[];
  edges: { relation: string; direction: Direction }[];
}

export interface RankedAnswer {
  id: string;
  name: string;
  score: number;
  /** Raw supporting paths (local only) and the sanitized paths they were found as, index-aligned. */
  rawPaths: RawPath[];
  viewPaths: ViewPath[];
}

export interface TopicMatch {
  id: string;
  name: string;
  mention: string;
  score: number;
  token?: string;
}

export interface IndicatorStepSummary {
  /** Label visible in the view (a relation or a cluster label). */
  relation: string;
  direction: Direction;
  confidence: number;
}

export interface IndicatorSummary {
  anchors: string[];
  chain: IndicatorStepSummary[];
  answerPosition: number;
  dPredict: number;
}

export interface ViewStats {
  rawNodes: number;
  rawEdges: number;
  nodes: number;
  edges: number;
  supernodes: number;
  literalNodes: number;
  pruned: number;
  /** Smallest WL-colour class size among non-protected nodes after de-uniqueness. */
  achievedK: number;
  k: number;
  relationsVisible: number;
}

/** What a Brain payload would expose, counted from its exact text. */
export interface ExposureSummary {
  /** Token count of the payload text (approximate until the gateway picks a tokenizer). */
  tokens: number;
  entityTokens: string[];
  edges: number;
  relationLabels: string[];
  literals: string[];
}

export interface BrainPayloadPreview {
  role: 'analysis' | 'ranking';
  text: string;
  exposure: ExposureSummary;
}

export interface AskResult {
  question: string;
  anonymizedQuestion: string;
  topics: TopicMatch[];
  answers: RankedAnswer[];
  indicator?: IndicatorSummary;
  view?: ViewStats;
  /** Set when no topic entity was found: the closest names in the graph. */
  notFound?: { message: string; closest: string[] };
  stagesMs: Record<string, number>;
  payloads: BrainPayloadPreview[];
  /** The reasoning tree T_Q the controller built for this question (absent when nothing was linked). */
  tree?: ReasoningTreeSummary;
  /** Experiences the memory returned for this question (0 without a memory). */
  memoryHits?: number;
  /** Brain accounting of this question (absent when no Brain was configured). */
  brain?: AskBrainTally;
}

/** What the Brain did for one question: calls that left, calls the analyst denied, tokens sent + received. */
export interface AskBrainTally {
  calls: number;
  denied: number;
  tokens: number;
  /** Which Brain ("remote gpt-4o-mini at http://…/v1"), and why each step ended as it did. */
  describe: string;
  notes: string[];
}

/** Reasoning modes of the tree controller: topic exploration, follow-up guided refinement, prediction. */
export type ReasoningMode = 'Topic' | 'Refine' | 'Predict';

export type ReasoningNodeStatus = 'active' | 'verified' | 'pruned';

/** One node of T_Q as the UI and the eval see it: anonymised text only (tokens and visible labels). */
export interface ReasoningNodeSummary {
  id: number;
  parent: number | null;
  /** The node's subquestion, anonymised (session tokens, visible relation labels). */
  subquestion: string;
  mode: ReasoningMode;
  /** Depth budget d_v. */
  depth: number;
  status: ReasoningNodeStatus;
  /** Verified evidence: raw answers (or bridge entities) that passed verification at this node. */
  evidence: number;
  notes: string[];
}

export interface ReasoningTreeSummary {
  nodes: ReasoningNodeSummary[];
  /** Modes the controller ran, in first-use order. */
  modes: ReasoningMode[];
  /** Deepest depth budget explored. */
  depthReached: number;
}
