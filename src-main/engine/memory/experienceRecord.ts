// Data types of the experience memory: abstract reasoning traces (no session tokens, no names, no raw literals)
// and the stored records built from them. Defined once here; every memory module imports them.
import type { ReasoningMode } from '../../common/answerTypes.js';
import type { Direction } from '../../common/graphTypes.js';
import type { RecordOutcome } from '../../common/memoryContract.js';

/** Stored as a small integer column so retrieval can filter without decrypting. */
export const OUTCOME_CODE: Record<RecordOutcome, number> = { verified: 0, failed: 1, unanswered: 2 };
export const OUTCOME_OF_CODE: RecordOutcome[] = ['verified', 'failed', 'unanswered'];

/**
 * Exposure configuration π a trace was produced under. Only the parts that change the vocabulary of a trace
 * (which relation labels are visible, how literals are bucketed, k): a trace learned under `labels` must never
 * be offered to a `clustered` session and vice versa.
 */
export interface ExposureMode {
  relations: 'labels' | 'clustered';
  k: number;
  dates: 'year' | 'decade';
  schemaTypes: boolean;
  supernodes: boolean;
}

/** One hop of an abstract chain: a visible relation label (or schema/cluster label) and its direction. */
export interface AbstractStep {
  relation: string;
  direction: Direction;
}

/** Skyline indicator with anchors as roles. */
export interface AbstractIndicator {
  /** ANCHOR_1, ANCHOR_2, … in the indicator's anchor order. */
  anchors: string[];
  /** Coarse schema type of each anchor when π exposes schema types (same order as anchors). */
  anchorTypes?: (string | undefined)[];
  chain: (AbstractStep & { confidence: number })[];
  answerPosition: number;
  dPredict: number;
}

/**
 * A verified path as roles: `ANCHOR_1 -directed_by-> BRIDGE_1 <-directed_by- ANSWER`. `roles` and `steps` are
 * index-aligned (roles.length = steps.length + 1); `text` is the canonical rendering, also the template's key.
 */
export interface PathTemplate {
  roles: string[];
  steps: AbstractStep[];
  text: string;
  /** How many verified sessions produced this template (k-threshold for remote use). */
  seen: number;
}

/** One round of the reasoning tree: the mode, the depth explored and whether it verified an answer. */
export interface TrajectoryStep {
  mode: ReasoningMode;
  depth: number;
  verified: boolean;
}

/** What failed, where: a chain/depth/mode that produced nothing verifiable, and why (abstract words only). */
export interface FailureNote {
  mode: ReasoningMode;
  depth: number;
  /** Chain rendered with roles, e.g. `ANCHOR_1 -starred_actors-> ANSWER`. */
  chain: string;
  reason: string;
}

/** A literal role in a template and its coarse bucket (decade or number band, never a raw value). */
export interface LiteralBucket {
  role: string;
  bucket: string;
}

/** The abstract part of a record: what abstractTrace produces and what is encrypted at rest. */
export interface AbstractTrace {
  /** The question anonymised and role-substituted: `what films did ANCHOR_1 act in`. */
  question: string;
  indicator: AbstractIndicator;
  trajectory: TrajectoryStep[];
  templates: PathTemplate[];
  literals: LiteralBucket[];
  outcome: RecordOutcome;
  failures: FailureNote[];
  exposure: ExposureMode;
  /** The analyst's verdict on the answer this record came from (memory.judge): confirmed right, or marked wrong. */
  judged?: 'right' | 'wrong';
}

export interface ExperienceCounters {
  /** Times the record was reused (its analysis applied to a later question). */
  uses: number;
  /** Reuses that ended in a verified answer. */
  successes: number;
}

/** A stored experience: the abstract trace, its two DRM keys, counters and bookkeeping. */
export interface ExperienceRecord extends AbstractTrace {
  id: string;
  /** DRM vector of the role-substituted question (unit length). */
  questionVector: Float32Array;
  /** DRM vector of the indicator's text (unit length). */
  indicatorVector: Float32Array;
  counters: ExperienceCounters;
  /** Ranking weight in [0, 1] from uses and successes (see maintainMemory.experienceWeight). */
  weight: number;
  createdAt: number;
  updatedAt: number;
  lastUsedAt?: number;
}

/** The sealed, leak-checked part of a record: what the write-back gate checks and the audit scans (one rule for
 *  both). The record's id, vectors, counters and times are bookkeeping: a random hex id may read as a number. */
export function traceOf(record: ExperienceRecord): AbstractTrace {
  const { question, indicator, trajectory, templates, literals, outcome, failures, exposure, judged } = record;
  return { question, indicator, trajectory, templates, literals, outcome, failures, exposure, ...(judged ? { judged } : {}) };
}

/** Canonical string of an exposure mode: the exact-match filter column. */
export function exposureKey(mode: ExposureMode): string {
  return `relations=${mode.relations};k=${mode.k};dates=${mode.dates};schema=${mode.schemaTypes ? 1 : 0};supernodes=${mode.supernodes ? 1 : 0}`;
}

/** The exposure mode of a sanitizer configuration (drops knobs that do not change a trace's vocabulary). */
export function exposureOf(config: ExposureMode): ExposureMode {
  return { relations: config.relations, k: config.k, dates: config.dates, schemaTypes: config.schemaTypes, supernodes: config.supernodes };
}

/** Highest seen count over a record's templates (0 when it has none). */
export function maxSeen(record: Pick<AbstractTrace, 'templates'>): number {
  return record.templates.reduce((m, t) => Math.max(m, t.seen), 0);
}

/** A row as search returns it: plaintext columns plus the still-sealed payload. */
export interface ExperienceRow {
  id: string;
  pi: string;
  /** questionVector ‖ indicatorVector. */
  key: Float32Array;
  outcome: number;
  uses: number;
  successes: number;
  seen: number;
  weight: number;
  createdAt: number;
  updatedAt: number;
  lastUsedAt: number;
  sealed: Uint8Array;
}
