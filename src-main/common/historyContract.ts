// The question history's part of the IPC contract: per graph, the questions asked (newest first) with what they
// answered, searchable, deletable; re-running one is asking it again (qa.ask). contract.ts spreads these in.
import { z } from 'zod';
import type { AskResult } from './answerTypes.js';
import { graphName } from './graphName.js';

const entryId = z.string().min(1).max(100);

export const historyRequestSchemas = {
  /** Newest first; `query` keeps entries whose question or answers contain it (case-insensitive). */
  'history.list': z
    .object({ graph: graphName, query: z.string().max(500).optional(), limit: z.number().int().min(1).max(1000).default(200) })
    .strict(),
  'history.delete': z.object({ graph: graphName, ids: z.array(entryId).min(1).max(1000) }).strict(),
} as const;

/** One asked question: when, what it answered (the answer set's names and label) and the whole result, kept locally. */
export interface HistoryEntry {
  id: string;
  graph: string;
  question: string;
  /** ISO time the answer came back. */
  at: string;
  answers: string[];
  label?: string;
  /** The full result as shown (raw names included: the history never leaves this machine). */
  result: AskResult;
}

export interface HistoryResponses {
  'history.list': { entries: HistoryEntry[]; total: number };
  'history.delete': { deleted: number };
}
