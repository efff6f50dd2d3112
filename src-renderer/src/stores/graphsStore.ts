// Which graphs exist, which one is selected, and a revision counter panels watch to refetch after a change.
import { create } from 'zustand';
import type { ApiErrorBody, AppInfo } from '../../../src-main/common/contract.js';
import type { GraphInfo } from '../../../src-main/common/graphTypes.js';
import { callChannel } from '../api/callChannel.js';

interface GraphsState {
  appInfo: AppInfo | null;
  appInfoError: ApiErrorBody | null;
  graphs: GraphInfo[];
  selected: string | null;
  loading: boolean;
  error: ApiErrorBody | null;
  /** Bumped when the selected graph's contents change (import, delete). */
  revision: number;
  loadAppInfo(): Promise<void>;
  refresh(): Promise<void>;
  select(name: string | null): void;
  noteChanged(graph: string): void;
}

export const useGraphsStore = create<GraphsState>()((set, get) => ({
  appInfo: null,
  appInfoError: null,
  graphs: [],
  selected: null,
  loading: false,
  error: null,
  revision: 0,

  async loadAppInfo() {
    const res = await callChannel('app.info', {});
    if (res.ok) set({ appInfo: res.value, appInfoError: null });
    else set({ appInfoError: res.error });
  },

  async refresh() {
    set({ loading: true });
    const res = await callChannel('graph.list', {});
    if (!res.ok) {
      set({ loading: false, error: res.error });
      return;
    }
    const graphs = [...res.value].sort((a, b) => a.name.localeCompare(b.name));
    const { selected, appInfo } = get();
    // Keep the selection while it exists; otherwise prefer the demo graph, then the first one.
    let next = selected && graphs.some((g) => g.name === selected) ? selected : null;
    if (!next) next = graphs.find((g) => g.name === appInfo?.demoGraph)?.name ?? graphs[0]?.name ?? null;
    set({ graphs, selected: next, loading: false, error: null });
  },

  select(name) {
    set({ selected: name });
  },

  noteChanged(graph) {
    if (graph === get().selected) set((s) => ({ revision: s.revision + 1 }));
  },
}));
