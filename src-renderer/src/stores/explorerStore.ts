// Neighbour explorer state: the subgraph on screen, limits, and the actions a click triggers.
import { create } from 'zustand';
import type { ApiErrorBody } from '../../../src-main/common/contract.js';
import { callChannel } from '../api/callChannel.js';
import {
  emptyModel,
  mergeNeighborhood,
  type ExplorerModel,
} from '../components/explorer/explorerModel.js';

export const DEFAULT_CAP = 12;
const MAX_CAP = 1000;

interface ExplorerState {
  graph: string | null;
  model: ExplorerModel;
  maxDepth: number;
  maxNodes: number;
  busy: boolean;
  error: ApiErrorBody | null;
  notice: string | null;
  open(graph: string, entityId: string): Promise<void>;
  expand(nodeId: string): Promise<void>;
  loadMoreHub(hubId: string): Promise<void>;
  reset(): Promise<void>;
  clear(): void;
  setMaxDepth(depth: number): void;
  setMaxNodes(count: number): void;
}

export const useExplorerStore = create<ExplorerState>()((set, get) => {
  /** Fetches one entity's neighbours and merges them; returns false when the call failed. */
  async function fetchAndMerge(
    graph: string,
    base: ExplorerModel,
    entity: string,
    cap: number,
    only?: { relation: string; direction: 'in' | 'out' },
  ): Promise<boolean> {
    set({ busy: true, error: null, notice: null });
    const res = await callChannel('graph.neighbors', { graph, entity, capPerRelation: cap });
    if (get().graph !== graph) return false; // the graph changed while we waited
    if (!res.ok) {
      set({ busy: false, error: res.error });
      return false;
    }
    const { model, added, dropped } = mergeNeighborhood(base, res.value, { cap, maxNodes: get().maxNodes, only });
    set({
      model,
      busy: false,
      notice:
        dropped > 0
          ? `Node limit (${get().maxNodes}) reached: ${dropped} neighbour${dropped === 1 ? '' : 's'} not shown. Reset or raise the limit.`
          : added.length === 0 && !only
            ? 'No new neighbours.'
            : null,
    });
    return true;
  }

  return {
    graph: null,
    model: emptyModel(),
    maxDepth: 3,
    maxNodes: 250,
    busy: false,
    error: null,
    notice: null,

    async open(graph, entityId) {
      set({ graph, model: emptyModel() });
      await fetchAndMerge(graph, emptyModel(), entityId, DEFAULT_CAP);
    },

    async expand(nodeId) {
      const { graph, model, maxDepth, busy } = get();
      const node = model.nodes[nodeId];
      if (!graph || !node || busy) return;
      if (node.expanded) {
        set({ notice: `${node.entity.name} is already expanded.` });
        return;
      }
      if (node.depth >= maxDepth) {
        set({ notice: `Depth limit reached (${maxDepth} hops from the start). Raise the limit or reset.` });
        return;
      }
      await fetchAndMerge(graph, model, nodeId, DEFAULT_CAP);
    },

    async loadMoreHub(id) {
      const { graph, model, busy } = get();
      const hub = model.hubs[id];
      if (!graph || !hub || busy) return;
      const cap = Math.min(MAX_CAP, Math.max(hub.cap * 4, hub.shown + 24));
      await fetchAndMerge(graph, model, hub.owner, cap, { relation: hub.relation, direction: hub.direction });
    },

    async reset() {
      const { graph, model } = get();
      if (graph && model.rootId) await get().open(graph, model.rootId);
    },

    clear() {
      set({ graph: null, model: emptyModel(), error: null, notice: null });
    },

    setMaxDepth(depth) {
      set({ maxDepth: depth });
    },

    setMaxNodes(count) {
      set({ maxNodes: count });
    },
  };
});
