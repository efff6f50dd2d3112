// The experience memory's part of the IPC contract: the memory browser lists the abstract records (decrypted on
// this machine; roles, visible labels and buckets only — never a name), deletes records and runs the local audit.
// contract.ts spreads these into its tables, in its own marked block.
import { z } from 'zod';
import type { ReasoningMode } from './answerTypes.js';

const recordId = z.string().min(1).max(100);

/** How an experience record's question ended. */
export type RecordOutcome = 'verified' | 'failed' | 'unanswered';

/** What the memory audit finds in a record (a raw name or id, a session token, a raw literal, or no decryption). */
export type AuditFindingKind = 'name' | 'id' | 'token' | 'literal' | 'undecryptable';

export const memoryRequestSchemas = {
  /** Newest first; `limit` caps what crosses the wire (total still counts every record). */
  'memory.list': z.object({ limit: z.number().int().min(1).max(10_000).default(500) }).strict(),
  'memory.delete': z.object({ ids: z.array(recordId).min(1).max(10_000) }).strict(),
  /** Decrypts every record and scans it for names/ids of the graphs on this machine, tokens and raw literals. */
  'memory.audit': z.object({}).strict(),
  /** The analyst's verdict on an answer, applied to the record its question wrote: wrong → a failure warning. */
  'memory.judge': z.object({ id: recordId, verdict: z.enum(['right', 'wrong']) }).strict(),
} as const;

/** One abstract record as the memory browser shows it. */
export interface MemoryRecordView {
  id: string;
  /** Role question: `what films did ANCHOR_1 act in`. */
  question: string;
  /** The first indicator as roles: `ANCHOR_1 <-starred_actors- ANSWER`. */
  indicator: string;
  templates: { text: string; seen: number }[];
  outcome: RecordOutcome;
  failures: { mode: ReasoningMode; depth: number; chain: string; reason: string }[];
  trajectory: { mode: ReasoningMode; depth: number; verified: boolean }[];
  literals: { role: string; bucket: string }[];
  counters: { uses: number; successes: number };
  weight: number;
  /** The exposure mode π the record was learned under (relations mode, k, …). */
  exposure: string;
  createdAt: number;
  updatedAt: number;
  lastUsedAt?: number;
  /** The analyst's verdict on the answer the record came from. */
  judged?: 'right' | 'wrong';
}

export interface MemoryListView {
  records: MemoryRecordView[];
  total: number;
  /** Where the memory lives and how its key is kept. */
  dir: string;
  keyStorage: string;
}

export interface MemoryAuditView {
  records: number;
  counts: Record<AuditFindingKind, number>;
  /** Distinct templates seen fewer than k times (kept locally, never sent to a remote Brain). */
  rareTemplates: number;
  k: number;
  clean: boolean;
  /** Graphs whose names and ids were scanned for. */
  graphs: string[];
  /** Findings as (record id, kind, field) — never the leaked value. */
  findings: { id: string; kind: AuditFindingKind; field: string }[];
}

export interface MemoryResponses {
  'memory.list': MemoryListView;
  'memory.delete': { deleted: number };
  'memory.audit': MemoryAuditView;
  'memory.judge': MemoryRecordView;
}
