// What every format parser yields: triples between entity drafts, plus RDF side facts (labels, types)
// that may arrive before or after the triples they describe, and bad lines as issues.
import type { ImportIssue, LiteralKind } from '../../common/graphTypes.js';
import type { ImportLimits } from './importLimits.js';

export interface EntityDraft {
  id: string;
  name: string;
  type?: string;
  literal?: LiteralKind;
}

export type ParsedRecord =
  | { kind: 'triple'; line: number; head: EntityDraft; relation: string; tail: EntityDraft }
  | { kind: 'label'; line: number; id: string; name: string }
  | { kind: 'type'; line: number; id: string; type: string }
  | { kind: 'issue'; issue: ImportIssue };

/**
 * What a parser yields: the records of one read chunk together. One await per record made the promise
 * machinery (and the import guard's async context, which hooks every promise) a third of a 10M-line parse.
 */
export type RecordBatch = ParsedRecord[];

/** Byte and line counters a parser advances while it reads, for progress reporting. */
export interface ReadCounters {
  bytes: number;
  lines: number;
}

export interface ParserInput {
  file: string;
  counters: ReadCounters;
  signal?: AbortSignal;
  /** Term and line limits; the defaults when absent. */
  limits?: ImportLimits;
}
