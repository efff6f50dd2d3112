// Brain calls as the engine, the CLI, the IPC contract and the renderer see them: the payload that would leave,
// the exposure report the analyst approves, the decision, and the ledger / audit records. Defined once here so
// the approval dialog renders exactly the objects the gateway sends.
import type { Direction } from './graphTypes.js';

/** analysis: plan the question; ranking: order candidate paths; selection: judge the GraSP encoder's selection. */
export type BrainRole = 'analysis' | 'ranking' | 'selection';

/** Optional parts of a payload an analyst may drop before approving (the question itself cannot be dropped). */
export type PayloadField = 'indicator' | 'literals' | 'relations';

/** One candidate path of a ranking payload, numbered as the Brain reads it ("P<id>"). */
export interface PayloadPath {
  /** 1-based id shown to the Brain; stable under edits, so replies map back to the same candidate. */
  id: number;
  /** Index of this path in the caller's candidate list (never sent). */
  candidate: number;
  nodes: string[];
  edges: { relation: string; direction: Direction }[];
  /** Index into nodes of the answer. */
  answerAt: number;
}

export interface PayloadIndicator {
  anchors: string[];
  chain: { relation: string; direction: Direction }[];
  answerPosition: number;
  dPredict: number;
}

/**
 * A Brain payload in structured form. `text` is rendered from the other fields and is exactly the user message
 * sent; everything else either appears in that text or is local bookkeeping (`candidate`, `view`, `omitted`).
 */
export interface BrainPayload {
  role: BrainRole;
  /** The anonymised question. */
  question: string;
  anchors: string[];
  /** Analysis: the visible relation vocabulary. Empty for ranking. */
  relations: string[];
  /** Ranking: the indicator sketch, unless omitted. */
  indicator?: PayloadIndicator;
  /** Ranking: the candidate paths (at most W1). */
  paths: PayloadPath[];
  /** Coarsened value of each literal token shown (empty when literals were omitted). */
  literals: Record<string, string>;
  /** Ranking: the Brain returns at most this many paths (W_max). */
  maxReturn: number;
  /** Fields dropped by an edit. */
  omitted: PayloadField[];
  /**
   * Selection: the round of the two-stage loop, and per candidate path id the encoder's probability and whether
   * the question's chain reaches it only with one edge missing. The paths are the candidates' expansion paths.
   */
  selection?: { iteration: number; maxIterations: number; scores: Record<number, number>; inferred: number[] };
  /** k-anonymity of the view the payload was cut from (local bookkeeping, not sent). */
  view: { k: number; achievedK: number };
  text: string;
}

/** An item of the report, with whether it ever left before (this session / any session, from the ledger). */
export interface ExposedItemStatus {
  newInSession: boolean;
  newEver: boolean;
}

export interface ExposedToken extends ExposedItemStatus {
  token: string;
  kind: 'entity' | 'supernode' | 'literal' | 'aggregate';
  literal?: string;
  anchor: boolean;
  /**
   * Entity tokens, when the gateway could attack the payload on the local graph: how many raw entities fit what
   * the Brain would see of this token (1: an observer holding the graph can name it).
   */
  anonymitySet?: number;
}

export interface ExposedEdge extends ExposedItemStatus {
  head: string;
  relation: string;
  tail: string;
}

export interface ExposedLabel extends ExposedItemStatus {
  value: string;
}

/** The exposed subgraph for the cytoscape picture: exactly the nodes and edges the payload contains. */
export interface ExposedSubgraph {
  nodes: { id: string; label: string; kind: ExposedToken['kind']; anchor: boolean; isNew: boolean }[];
  edges: { id: string; source: string; target: string; label: string; isNew: boolean }[];
}

export interface TokenCount {
  count: number;
  encoding: 'o200k_base' | 'cl100k_base';
  /** True when the model family is unknown and the count uses cl100k_base as a stand-in. */
  estimate: boolean;
}

/**
 * A chat-completions request body exactly as the gateway hands it to the SDK, which sends `JSON.stringify` of it:
 * built once per call by one function (payload/chatRequest.ts), so the dialog shows the bytes that leave.
 */
export interface ChatRequestBody {
  model: string;
  messages: { role: 'system' | 'user'; content: string }[];
  temperature: number;
  max_tokens?: number;
  response_format?: { type: 'json_object' };
}

/** The full request of a call as the approval dialog shows it: the serialized body, its UTF-8 bytes, the resend rule. */
export interface FullRequest {
  /** The request body as sent on the wire (HTTP body), byte for byte. */
  json: string;
  bytes: number;
  /** The retry policy in words: when this same request is sent again, and that each send is counted. */
  retry: string;
}

/** Everything an analyst needs to decide on one Brain call, computed from the exact payload. */
export interface ExposureReport {
  role: BrainRole;
  model: string;
  endpoint: string;
  /** The system prompt (fixed instructions, no graph material) and the payload text, exactly as sent. */
  system: string;
  text: string;
  /** Remote Brains: the whole request (system prompt, messages, model, parameters) as it will be sent. */
  request?: FullRequest;
  tokens: TokenCount;
  entityTokens: ExposedToken[];
  edges: ExposedEdge[];
  relationLabels: ExposedLabel[];
  literals: ExposedLabel[];
  /**
   * Candidate paths as rendered, for choosing what to drop; `unique`: the uniquely identifiable entity tokens the
   * path shows (with anonymity sets only).
   */
  paths: { id: number; text: string; unique?: string[] }[];
  /** Fields still present that an edit may drop. */
  droppable: PayloadField[];
  omitted: PayloadField[];
  kAnonymity: { k: number; achieved: number };
  subgraph: ExposedSubgraph;
  counts: {
    entities: number;
    newInSession: number;
    newEver: number;
    edges: number;
    relations: number;
    literals: number;
    /** Entity tokens whose anonymity set is 1 (with anonymity sets only). */
    unique?: number;
  };
}

export type ApprovalDecision =
  | { kind: 'approve'; /** Approve this and every later call of the same question. */ all?: boolean }
  | { kind: 'edit'; dropPaths: number[]; dropFields: PayloadField[] }
  | { kind: 'deny'; reason?: string };

export interface ApprovalRequest {
  id: string;
  questionId: string;
  /** 1-based call number within the question. */
  call: number;
  report: ExposureReport;
  /** Set once the analyst used an edited payload for this call: what the edits dropped so far (the report is the edited one). */
  edited?: { dropPaths: number[]; dropFields: PayloadField[] };
}

/** Per-question Brain accounting (prediction lines: brain_calls, brain_denied, brain_tokens). */
export interface BrainCallTally {
  sent: number;
  denied: number;
  fallbacks: number;
  tokensSent: number;
  tokensReceived: number;
}

/** One Brain call in the exposure ledger. No payload text, no raw ids. */
export interface LedgerEntry {
  at: string;
  sessionId: string;
  questionId: string;
  role: BrainRole;
  model: string;
  tokensSent: number;
  tokensReceived: number;
  entities: number;
  newEntities: number;
  edges: number;
  relations: string[];
  literals: number;
}

export interface LedgerSummary {
  sessions: number;
  calls: number;
  tokensSent: number;
  tokensReceived: number;
  /** Raw entities that were ever visible to a Brain. */
  entitiesExposed: number;
  /** Entities in the eligible cohort: in the raw question subgraph G_Q^raw of at least one recorded question. */
  eligibleEntities: number;
  /** Question sessions whose eligible entities were recorded (a session is one question). */
  eligibleSessions: number;
  /**
   * Node exposure over the eligible cohort (never-exposed entities included): per entity, the fraction of its
   * eligible sessions in which it became visible to a Brain (behind any token); 0 before any cohort was recorded.
   */
  nodeExposure: { p50: number; p99: number; max: number };
  /** Share of the (entity, session) exposures taken by the most exposed 1% of the cohort (0 when none). */
  top1PercentShare: number;
  /** The least top1PercentShare these exposures could give, spread as evenly as the cohort allows (exposureStats.ts). */
  top1PercentEven?: number;
  /** Visible relation label → number of times an edge with it was sent. */
  perRelation: Record<string, number>;
  /** This app or CLI run: its calls, the distinct entities they showed, its tokens. */
  currentSession: { id: string; calls: number; entities: number; tokensSent: number; tokensReceived: number };
}

/** `ledger` anchors the exposure ledger's state in the chain; `download` records a model download (no graph data). */
export type AuditKind = 'decision' | 'request' | 'response' | 'failure' | 'ledger' | 'download';

/**
 * One line of the audit log. `hash` = HMAC-SHA256 (the audit key) of the canonical JSON of every other field when
 * `v` is 2; the SHA-256 of it in logs written before the chain was keyed (no `v`).
 */
export interface AuditRecord {
  v?: 2;
  seq: number;
  at: string;
  kind: AuditKind;
  questionId: string;
  data: Record<string, unknown>;
  prev: string;
  hash: string;
}

/** `notes`: what a passing check could not prove (unkeyed records, no key to check content, no ledger anchor). */
export type AuditVerifyResult = { ok: true; records: number; notes?: string[] } | { ok: false; records: number; line: number; reason: string };
