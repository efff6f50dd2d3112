// The Cypher console's state: the query text, limits, the last result or error, and table/graph view.
import { create } from 'zustand';
import type { ApiErrorBody } from '../../../src-main/common/contract.js';
import type { CypherResult } from '../../../src-main/common/cypherTypes.js';
import { callChannel } from '../api/callChannel.js';

export const ROW_LIMITS = [50, 200, 1000, 5000];
export const TIMEOUTS_MS = [2_000, 10_000, 30_000, 60_000];

interface CypherState {
  query: string;
  maxRows: number;
  timeoutMs: number;
  view: 'table' | 'graph';
  running: boolean;
  result: CypherResult | null;
  error: ApiErrorBody | null;
  setQuery(q: string): void;
  setMaxRows(n: number): void;
  setTimeoutMs(ms: number): void;
  setView(v: 'table' | 'graph'): void;
  run(graph: string): Promise<void>;
}

export const useCypherStore = create<CypherState>()((set, get) => ({
  query: 'MATCH (e:Entity) RETURN e.name AS name, e.degree AS degree ORDER BY degree DESC LIMIT 25',
  maxRows: 200,
  timeoutMs: 10_000,
  view: 'table',
  running: false,
  result: null,
  error: null,
  setQuery: (query) => set({ query }),
  setMaxRows: (maxRows) => set({ maxRows }),
  setTimeoutMs: (timeoutMs) => set({ timeoutMs }),
  setView: (view) => set({ view }),
  async run(graph) {
    const { query, maxRows, timeoutMs, running } = get();
    if (running || !query.trim()) return;
    set({ running: true, error: null });
    const res = await callChannel('graph.cypher', { graph, query, maxRows, timeoutMs });
    set(res.ok ? { running: false, result: res.value } : { running: false, result: null, error: res.error });
  },
}));
