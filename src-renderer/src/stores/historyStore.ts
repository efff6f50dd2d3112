// The question history of the selected graph: entries newest first (history.list), the search text, deletions, and
// which entries are ticked for a session export. Refreshed after every answered question.
import { create } from 'zustand';
import type { HistoryEntry } from '../../../src-main/common/historyContract.js';
import type { ApiErrorBody } from '../../../src-main/common/contract.js';
import { callChannel } from '../api/callChannel.js';

interface HistoryState {
  graph: string | null;
  query: string;
  entries: HistoryEntry[];
  total: number;
  error: ApiErrorBody | null;
  load(graph: string, query?: string): Promise<void>;
  remove(graph: string, ids: string[]): Promise<void>;
}

export const useHistoryStore = create<HistoryState>()((set, get) => ({
  graph: null,
  query: '',
  entries: [],
  total: 0,
  error: null,

  async load(graph, query = get().graph === graph ? get().query : '') {
    set({ graph, query });
    const res = await callChannel('history.list', { graph, ...(query.trim() ? { query } : {}) });
    // Only the latest request's answer may land.
    if (get().graph !== graph || get().query !== query) return;
    set(res.ok ? { entries: res.value.entries, total: res.value.total, error: null } : { entries: [], total: 0, error: res.error });
  },

  async remove(graph, ids) {
    const res = await callChannel('history.delete', { graph, ids });
    if (!res.ok) return set({ error: res.error });
    await get().load(graph);
  },
}));
