// The experience plug-in of the controller: retrieved experience sets a node's starting mode and depth (InitPolicy)
// and warns about branches that failed on similar questions (NextStep prunes them early). The memory engineer's
// store implements this interface; the default is no provider, and the controller then runs on D_predict alone.
// Everything crossing this interface is abstract: the anonymised question, visible labels, roles — no raw names.
import type { Direction } from '../../common/graphTypes.js';
import type { IndicatorSummary, ReasoningMode } from '../../common/answerTypes.js';

export interface ExperienceQuery {
  /** The question as the view shows it: mentions replaced by this session's tokens. */
  anonymizedQuestion: string;
  /** Anchor tokens in indicator order (for role substitution: ANCHOR_1, ANCHOR_2, …). */
  anchors: string[];
  /** The first indicator, in visible labels (its anchors are `anchors` above). */
  indicator: Omit<IndicatorSummary, 'anchors'>;
  /** Exposure mode π of the session: a provider must only return traces learned under the same one. */
  exposure: { relations: 'labels' | 'clustered'; k: number; dates: 'year' | 'decade'; schemaTypes: boolean; supernodes: boolean };
  /** Coarse schema type of each anchor token when π exposes them (a reused analysis must fit the same types). */
  anchorTypes?: (string | undefined)[];
  /** Relation labels visible in this view: a reused chain must only use these. */
  visibleRelations?: string[];
}

/** What an earlier, similar question suggests for this one. */
export interface ExperienceSuggestion {
  /** Similarity of the experience to this question, in [-1, 1]; better first. */
  score: number;
  mode?: ReasoningMode;
  depth?: number;
  /** The chain that verified there, in visible labels (a hint; the analysis still decides what is accepted). */
  indicator?: { chain: { relation: string; direction: Direction }[]; answerPosition: number };
}

/**
 * A branch that failed on a similar question. `chain` uses the memory's role rendering,
 * `ANCHOR_1 -rel-> BRIDGE_1 <-rel- ANSWER` (see chainSignature): a node whose (mode, depth, chain) match is pruned
 * before it runs. `depth` absent matches any depth.
 */
export interface ExperienceWarning {
  score: number;
  mode: ReasoningMode;
  depth?: number;
  chain: string;
  reason: string;
}

/**
 * A confident match (memory gate passed): an earlier question of the same shape verified along these chains, seen
 * in enough sessions. The controller explores them first, from `depth`, and lets this stand in for the Brain's
 * ranking when the local choice is unsure — the Brain call it would have made is saved.
 */
export interface ExperienceReuse {
  recordId: string;
  score: number;
  mode: ReasoningMode;
  depth: number;
  /** Verified chains from ANCHOR_1 in visible labels, most-seen first. */
  chains: { steps: { relation: string; direction: Direction }[]; answerPosition: number; seen: number }[];
}

export interface ExperienceReport {
  suggestions: ExperienceSuggestion[];
  warnings: ExperienceWarning[];
  /** Experiences retrieved for this question (memory_hits in eval predictions). */
  hits: number;
  /** Set when the memory gate found a confident match. */
  reuse?: ExperienceReuse;
  /** Where the retrieval was answered: the hot buffer or the store (absent for providers without one). */
  source?: 'buffer' | 'store';
  /** Time the lookup took (embedding excluded), for the stream benchmark. */
  lookupMs?: number;
}

/** What the controller did for one question, in session tokens and visible labels (abstracted by the provider). */
export interface ExperienceOutcome {
  query: ExperienceQuery;
  /** Answer nodes that ran, in order. */
  trajectory: { mode: ReasoningMode; depth: number; verified: boolean }[];
  /** View paths behind the answers; the answer sits at answerAt. */
  verifiedPaths: { nodes: string[]; edges: { relation: string; direction: Direction }[]; answerAt?: number }[];
  /** Answer nodes that ran and verified nothing. */
  failures: { mode: ReasoningMode; depth: number; chain: { relation: string; direction: Direction }[]; answerPosition: number; reason: string }[];
  verified: boolean;
  /** Coarse value of a literal token as the view shows it. */
  literalValue?: (token: string) => string | undefined;
  /**
   * Checks a string for the raw names/ids this question touched (opaque: the names never cross this interface).
   * A trace that mentions one is not stored.
   */
  names?: { readonly size: number; contains(text: string): boolean };
  /**
   * Every entity name and id of the graph the question ran on: the memory checks a trace against them with the same
   * rule its audit uses, so a record the audit would flag is never stored.
   */
  vocabulary?: { names: readonly string[]; ids: readonly string[] };
}

export interface ExperienceWriteResult {
  /** 'new' / 'merged' into a similar record, or 'skipped' (a leaky trace, nothing worth storing, an error). */
  status: 'new' | 'merged' | 'skipped';
  id?: string;
  reason?: string;
  /** The reused record's counters were advanced (recordReuse). */
  reuseRecorded?: boolean;
}

/** Retrieval of experience for one question; called once per question, before the tree is built. */
export interface ExperienceProvider {
  retrieve(query: ExperienceQuery): Promise<ExperienceReport>;
  /**
   * Write-back after verification, success or failure, with the report retrieve() gave for this question.
   * Optional: read-only providers learn nothing. Must not throw for a trace it refuses (status 'skipped').
   */
  writeBack?(report: ExperienceReport, outcome: ExperienceOutcome): Promise<ExperienceWriteResult>;
}

export const NO_EXPERIENCE: ExperienceReport = { suggestions: [], warnings: [], hits: 0 };

/** Role rendering of a chain from ANCHOR_1 (ANSWER at answerPosition, BRIDGE_j elsewhere), as the memory writes it. */
export function chainSignature(chain: readonly { relation: string; direction: Direction }[], answerPosition: number): string {
  let out = 'ANCHOR_1';
  let bridge = 0;
  chain.forEach((s, i) => {
    const role = i + 1 === answerPosition ? 'ANSWER' : `BRIDGE_${++bridge}`;
    out += ` ${s.direction === 'out' ? `-${s.relation}->` : `<-${s.relation}-`} ${role}`;
  });
  return out;
}

/** The first warning that matches a node about to run, if any. */
export function matchingWarning(warnings: readonly ExperienceWarning[], node: { mode: ReasoningMode; depth: number; chain: string }): ExperienceWarning | undefined {
  return warnings.find((w) => w.mode === node.mode && (w.depth === undefined || w.depth === node.depth) && w.chain === node.chain);
}
