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
}
