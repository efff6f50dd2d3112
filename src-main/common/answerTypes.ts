// What a question run returns: shared by the engine, the CLI, the IPC contract and the renderer.
import type { BrainRole, TokenCount } from './brainTypes.js';
import type { Direction } from './graphTypes.js';

/** One step of a path in the sanitized view: tokens and visible relation labels only. */
export interface ViewPath {
  nodes: string[];
  edges: { relation: string; direction: Direction }[];
}

/** The same path in the raw graph: entity names and real relation labels. Never leaves the machine. */
export interface RawPath {
  entities: string[];
  /** `inferred`: the graph has no such edge; the selector inferred it (see RankedAnswer.inferred). */
  edges: { relation: string; direction: Direction; inferred?: boolean }[];
}

export interface RankedAnswer {
  id: string;
  name: string;
  score: number;
  /** Raw supporting paths (local only) and the sanitized paths they were found as, index-aligned. */
  rawPaths: RawPath[];
  viewPaths: ViewPath[];
  /** "inferred (missing edge): …" when the evidence lacks one raw edge the selector inferred. */
  inferred?: string;
  /** Set on every answer as well supported as the top one, when there are several: the order among them is by name. */
  tied?: boolean;
  /** Whether it is of the class the question asks for (the Hand's answer type); absent when the Hand cannot tell. */
  typeFit?: 'match' | 'mismatch';
  /** In the answer set: the answer(s) the UI shows first; the others are "other candidates". */
  inSet?: boolean;
}

/** The answer to a "how many" question the graph does not state as a number: how many distinct answers the chain reaches. */
export interface AnswerCount {
  value: number;
  /** 'chain': the chain walked on the whole graph; 'verified': the verified answers. */
  basis: 'chain' | 'verified';
  /** False when only a sample of the answers could be counted: there are at least `value`. */
  complete: boolean;
  /** What the question counts ("papers"), when it names it. */
  noun?: string;
}

/** How the answer set is supported, most to least: one verified chain explains the whole question, … nothing does. */
export type ConfidenceLabel = 'verified' | 'partial' | 'inferred' | 'unsure';

/**
 * The answer(s): candidates of the expected type, cut at the largest score gap. `answers` keeps the ranked order;
 * members carry `inSet`.
 */
export interface AnswerSet {
  /** How many answers are in the set. */
  size: number;
  label: ConfidenceLabel;
  /** Why this label, in words. */
  reason: string;
  /** The answer type the question asks for, as the Hand read it ("hospital", "where"); absent when none. */
  expected?: string;
  /** Candidates left out because they are clearly not of the expected type. */
  wrongType: number;
  /** Where the set was cut, in words ("score gap 0.42 after 1 answer"). */
  cut: string;
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
  /** Tokens of the system prompt plus the payload text, as the approval dialog counts them (TokenCount.count). */
  tokens: number;
  entityTokens: string[];
  /** Distinct edges the payload's paths walk. */
  edges: number;
  relationLabels: string[];
  literals: string[];
}

/** What became of a built payload: kept local (no call was needed or no Brain is set), sent, denied, or failed. */
export type PayloadStatus = 'local' | 'sent' | 'denied' | 'failed';

/**
 * A Brain payload of this question, built by the one payload builder: `text` is byte for byte the user message a
 * Brain receives (and the approval dialog shows), `tokens` counts it with the system prompt as the dialog does.
 */
export interface BrainPayloadPreview {
  role: BrainRole;
  text: string;
  tokens: TokenCount;
  exposure: ExposureSummary;
  status: PayloadStatus;
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
  /** What the experience memory did for this question (absent without a memory). */
  memory?: AskMemorySummary;
  /** Brain accounting of this question (absent when no Brain was configured). */
  brain?: AskBrainTally;
  /** Which Hand answered this question and what each of its model calls cost (absent from older engines). */
  hand?: AskHandSummary;
  /** How sure the answer is (absent when nothing was linked or analysed). */
  confidence?: AnswerConfidence;
  /** The answer(s) among the candidates, and the confidence label (absent when there are no candidates). */
  answerSet?: AnswerSet;
  /** "How many …": the number asked for, counted over the chain's answers (`answers` are what was counted). */
  count?: AnswerCount;
  /**
   * Set when no chain explains the question: `answers` is then empty, and this says what the best partial reading
   * found and which phrase nothing in the graph accounts for. Its answers are that reading's, for a look only.
   */
  abstained?: {
    message: string;
    missing: string[];
    reading: string;
    answers: RankedAnswer[];
    /** The graph label of the hop the answers lack, when the reading is whole but the graph misses its last fact. */
    lacking?: string;
  };
}

/** The signals the answer's confidence is computed from (see engine/qa/controller/confidence.ts). */
export interface ConfidenceSignals {
  /** Score of the chosen chain minus the best chain that reaches other answers (capped at 2). */
  chainMargin: number;
  /** Weakest word support of a hop of the chosen chain, in [0, 1]. */
  minSupport: number;
  /** Content words that name another relation of the graph, which the chain does not walk. */
  unused: number;
  /** Content words that name no relation of the graph at all. */
  unmatched: number;
  hops: number;
  /** Answers verified (0: nothing was). */
  answers: number;
  /** 1 when the first answer node verified (no deepening, Refine or Predict was needed). */
  firstRound: number;
  /** 1 when the runner-up reading reaches the top answer too. */
  readingsAgree: number;
  /** Weakest topic-entity link score, in [0, 1]. */
  linkScore: number;
  /** 1 when the top answer rests on an inferred (missing) edge. */
  inferred: number;
  /** 1 when another entity of the graph has the name a topic was linked by (a homonym). */
  homonyms: number;
  /** Readings within 0.15 of the chosen one's score that reach other answers (capped at 5). */
  nearReadings: number;
  /** 1 when every topic was linked by its whole name (after folding case, accents and punctuation). */
  exactLink: number;
  /** Score of the chosen chain itself (how well the question's words name its hops, before any rival). */
  topScore: number;
  /** Mean word support over the hops of the chosen chain, in [0, 1]. */
  meanSupport: number;
  /** Score of the chosen chain minus the best reading whose ends lack the top answer (capped at 2): a rival that reaches the same answer does not make it less likely. */
  answerMargin: number;
  /** Readings within 0.15 of the chosen one's score whose ends lack the top answer (capped at 5). */
  nearRivals: number;
}

/**
 * Confidence below which an answer is unsure (the engine's calibrated threshold; the UI says it). The best mean
 * separation of wrong from right answers over the development sets' seed-1 samples (bench/calibrate.ts).
 */
export const UNSURE_BELOW = 0.89;

/** How sure the local answer is, and why it is not surer. */
export interface AnswerConfidence {
  /** Estimated probability that the top answer is right (calibrated on the development graphs). */
  p: number;
  /** Below the calibrated threshold: the answer is shown as unsure, and a configured Brain may be asked. */
  unsure: boolean;
  /** Plain-language reasons, most telling first ("no relation for 'based'", "nothing verified"). */
  reasons: string[];
  signals: ConfidenceSignals;
}

/** The six Hand skills, named as the engine's HandAccounting names them. */
export type HandSkill = 'entityExtraction' | 'questionAnalysis' | 'followUp' | 'prediction' | 'evidenceRefinement' | 'sufficiencyVerification';

/** One model generation made for a Hand skill during the question. */
export interface AskHandCall {
  skill: HandSkill;
  /** 1 for the first try, 2 for the one repair attempt. */
  attempt: 1 | 2;
  tokensIn: number;
  tokensOut: number;
  ms: number;
  /** Part of `ms` spent reading the prompt (up to the first generated token), for prompt tokens/s. */
  promptMs?: number;
  tokensPerSecond: number;
  /** A repair attempt whose reply was accepted. */
  repaired: boolean;
  /** Set on the call after which the algorithmic skill took over: why the model's reply was not used. */
  fallbackReason?: string;
}

/** The Hand's part in one question: `name` is 'algorithmic' or the model file the skills asked. */
export interface AskHandSummary {
  name: 'algorithmic' | (string & {});
  calls: AskHandCall[];
  /** The question's aggregate, in the field names eval writes. */
  totals: { calls: number; tokens_in: number; tokens_out: number; fallbacks: number };
}

/** The experience memory's part in one question: all abstract (roles, visible labels, record ids). */
export interface AskMemorySummary {
  /** Similar experiences retrieved. */
  hits: number;
  /** A confident match's analysis was reused (its chains explored first, from its depth). */
  reused: boolean;
  /** Brain calls the reused analysis stood in for. */
  savedBrainCalls: number;
  /** Where the lookup was answered: the hot buffer or the store. */
  source?: 'buffer' | 'store';
  /** Failure warnings of similar questions, rendered (`Topic at depth 2: ANCHOR_1 -rel-> ANSWER (reason)`). */
  warnings: string[];
  /** The reused record: id, match score, the mode/depth it started from and its chains as roles. */
  reusedRecord?: { id: string; score: number; mode: ReasoningMode; depth: number; chains: string[] };
  /** Which Brain calls were saved, e.g. "ranking at node 0 (Topic, depth 1)". */
  saved: string[];
  /** Lookup time (embedding excluded). */
  lookupMs?: number;
  /** Write-back of this question: a new record, merged into a similar one, or skipped (and why). */
  write?: { status: 'new' | 'merged' | 'skipped' | 'failed'; id?: string; reason?: string };
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
  /** What happened at the node, in order: readers match `kind`, people read `text`. */
  notes: ReasoningNote[];
}

/**
 * Kinds of reasoning-node notes (the controller's typed notes, engine/qa/controller/nodeNotes.ts, carry their
 * fields; across IPC and into eval files only the kind and the text go).
 */
export type ReasoningNoteKind =
  /** InitPolicy's start mode and depth (from experience or D_predict). */
  | 'init'
  /** A confident memory match's verified chains are explored first. */
  | 'memoryReuse'
  /** Pruned before it ran: a failure warning of a similar question matched. */
  | 'skipped'
  /** The reused chains ranked an unsure round instead of the Brain. */
  | 'memoryRanking'
  /** The Brain's ranking reordered the round's answers. */
  | 'brainRanking'
  /** A bridge node found no raw edge for its step. */
  | 'bridgeMissing'
  /** Refine: the follow-up skill proposed nothing new. */
  | 'noFollowUp'
  /** Refine: the follow-up question and its alternative chains. */
  | 'followUp'
  /** Refine: explored from the bridges the chain reached. */
  | 'reanchored'
  /** Refine: nothing verified from the bridges; exploring from the anchor. */
  | 'anchorRetry'
  /** Refine: the depth that verified. */
  | 'verifiedAtDepth'
  /** Predict: not run (prediction seeds single-anchor chains only). */
  | 'predictUnsupported'
  /** Predict: the prediction proposed nothing to anchor on. */
  | 'noPrediction'
  /** Predict: the proposals that became anchors. */
  | 'predicted'
  /** The encoder selection (GraSP): why it ran, its rounds and what grounded. */
  | 'grasp'
  /** NextStep: deepen within D_max. */
  | 'deepen'
  /** NextStep: switch to the next mode. */
  | 'switch'
  /** NextStep: stop, and why. */
  | 'stop';

/** One note of a reasoning node as the UI and the eval see it. */
export interface ReasoningNote {
  kind: ReasoningNoteKind;
  text: string;
}

export interface ReasoningTreeSummary {
  nodes: ReasoningNodeSummary[];
  /** Modes the controller ran, in first-use order. */
  modes: ReasoningMode[];
  /** Deepest depth budget explored. */
  depthReached: number;
}
