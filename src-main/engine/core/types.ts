// Engine-internal data types of the Ctrl-G method, between the pipeline stages. Entities and relations are
// indexes into a MemoryGraph here; names only reappear at the end (AskResult in common/answerTypes.ts).
import type { Direction } from '../../common/graphTypes.js';
import type { PayloadStatus, ViewPath, ViewStats } from '../../common/answerTypes.js';

/** Dense retrieval model: text → vectors (unit length), so cosine is a dot product. */
export interface Drm {
  readonly name: string;
  readonly dim: number;
  embed(texts: string[]): Promise<Float32Array[]>;
}

/** One recognised topic entity of T(Q). */
export interface TopicEntity {
  entity: number;
  mention: string;
  /** Character span of the mention in the question text. */
  start: number;
  end: number;
  score: number;
}

export interface LinkResult {
  topics: TopicEntity[];
  /** When nothing matched: closest names in the graph, for the "not found" answer. */
  closest: string[];
  /** Other readings, best first: homonyms of a chosen name (same span), then runner-up mentions. */
  alternatives?: TopicEntity[];
}

export interface RawEdge {
  head: number;
  relation: number;
  tail: number;
}

/** G_Q^raw: bounded expansion around the anchors. */
export interface QuestionSubgraph {
  anchors: number[];
  nodes: number[];
  edges: RawEdge[];
  /** Hop distance of each node from the nearest anchor. */
  distance: Map<number, number>;
  /** Groups cut by hub control: (entity, relation, direction) with their full and kept size. */
  cut: { entity: number; relation: number; direction: Direction; total: number; kept: number }[];
}

/** Exposure configuration π. */
export interface SanitizeConfig {
  relations: 'labels' | 'clustered';
  /** Attach coarse schema types derived from the graph's own relation signatures. */
  schemaTypes: boolean;
  dates: 'year' | 'decade';
  /** k for k-anonymity of WL colours inside the view. */
  k: number;
  /** Merge structurally equivalent entities into supernodes. */
  supernodes: boolean;
  /** Keep at most this many nodes (closest to / best connected with the anchors first). */
  nodeBudget: number;
  /** Hex characters of the truncated HMAC kept in a token. */
  tokenLength: number;
}

export const DEFAULT_SANITIZE_CONFIG: SanitizeConfig = {
  relations: 'labels',
  schemaTypes: true,
  dates: 'year',
  k: 2,
  supernodes: true,
  nodeBudget: 2000,
  tokenLength: 12,
};

/** Relation clusters for `clustered` mode, computed once per graph (DRM similarity + signature). */
export interface RelationClusters {
  /** Raw relation index → visible cluster label. */
  labelOf: string[];
}

export interface ViewNode {
  token: string;
  kind: 'entity' | 'supernode' | 'literal' | 'aggregate';
  /** Coarse schema type, when π asks for them. */
  schemaType?: string;
  /** Coarsened literal value (e.g. "1990s", "7–8"), for literal nodes. */
  literal?: string;
  /** Raw entities behind the node (1 for a plain entity). */
  size: number;
  anchor: boolean;
}

export interface ViewEdge {
  head: string;
  relation: string;
  tail: string;
}

/** G̃_Q: what a Brain may see. */
export interface SanitizedView {
  question: string;
  anchors: string[];
  nodes: ViewNode[];
  edges: ViewEdge[];
  stats: ViewStats;
}

/**
 * Which view a question's Brain payloads are built from: the sanitized view (always, in the app), or the masked
 * baseline of evaluation (names replaced by session tokens and nothing else; `ctrlg eval --view masked` only).
 */
export type ViewKind = 'sanitized' | 'masked';

/**
 * What one reading of a question could make visible, in raw entity indexes (never names; never leaves the main
 * process, never reaches the renderer): the entities of G_Q^raw (literal values left out: they are not entities)
 * and, per payload built, the entities behind its tokens with the payload's fate. Read by eval's node-exposure
 * statistic and by the exposure ledger's eligible cohort.
 */
export interface QuestionExposure {
  eligible: number[];
  payloads: {
    status: PayloadStatus;
    /** Entities behind a token that stands for them alone (E_). */
    alone: number[];
    /** Entities behind any token (supernode and aggregate members too). */
    any: number[];
  }[];
}

/** φ_Q: lives in memory for one question session only. */
export interface ViewMapping {
  tokenOf(entity: number): string | undefined;
  /** Raw entities behind a token (supernodes and aggregates expand to all members). */
  members(token: string): number[];
  /** Raw relation indexes behind a visible relation label. */
  relationsOf(visible: string): number[];
  /** Visible label of a raw relation. */
  visibleRelation(relation: number): string;
  tokens(): string[];
  /** Drops the secret and every entry; later calls see an empty mapping. */
  discard(): void;
}

export interface IndicatorStep {
  relation: number;
  visible: string;
  direction: Direction;
  confidence: number;
}

/** Skyline indicator I_Q: ordered relation sketch from the anchors to the answer. */
export interface Indicator {
  anchorOrder: number[];
  chain: IndicatorStep[];
  /** Index in the path (counted in entities from the first anchor) where the answer sits. */
  answerPosition: number;
  dPredict: number;
  /** Other chains considered, best first, with their scores. */
  alternatives: { chain: IndicatorStep[]; score: number }[];
}

export interface CandidatePath extends ViewPath {
  /** Index into nodes of the answer. */
  answerAt: number;
  score: number;
}

export interface GroundedAnswer {
  entity: number;
  score: number;
  /** An edge marked `inferred` is not in the graph: the selector inferred it. */
  rawPaths: { entities: number[]; edges: { relation: number; direction: Direction; inferred?: boolean }[] }[];
  viewPaths: ViewPath[];
  /** Set when one edge of the evidence is missing from the graph and was inferred by the encoder (why). */
  inferred?: string;
}

export interface RawStep {
  relation: number;
  direction: Direction;
}
export interface GroundedPath {
  /** The raw answer entity. */
  answer: number;
  entities: number[];
  edges: RawStep[];
  view: CandidatePath;
}

export interface SchemaStep {
  relation: number;
  direction: Direction;
}
export interface SchemaPath {
  anchor: number;
  steps: SchemaStep[];
  /** Entities reached by the whole sequence (anchors excluded). */
  ends: Set<number>;
  /**
   * Whether the last step leads every entity it leaves straight back to the anchor (at least two steps): the walk
   * went out and back, over one relation or a mirrored pair stored under two names.
   */
  returns?: boolean;
}

/** The sex a person noun names, or an entity is recorded with. */
export type Gender = 'male' | 'female';

export interface ScoredChain {
  /** Anchors used, in path order (the answer sits between them for two). */
  anchors: number[];
  /** Steps walked from anchors[0]; for two anchors the second half is walked towards anchors[1]. */
  steps: IndicatorStep[];
  answerPosition: number;
  ends: Set<number>;
  score: number;
  /**
   * Per node of the chain (0 the anchor, steps.length the answer): the sex the question's nouns give the entity
   * there ("the sons of X": male at 1), where one does. Verification ranks answers reached through others last.
   */
  genders?: (Gender | undefined)[];
  /** The other direction of a one-hop reading stored both ways around its anchor: one reading with it, no rival. */
  twin?: true;
}

export interface Verification {
  answers: GroundedAnswer[];
  rejected: { reason: string; count: number }[];
}
