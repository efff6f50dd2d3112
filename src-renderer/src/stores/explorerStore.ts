// Neighbour explorer state: the subgraph on screen, limits, and the actions a click triggers.
import { create } from 'zustand';
import type { ApiErrorBody } from '../../../src-main/common/contract.js';
import { callChannel } from '../api/callChannel.js';
import type { InversePair } from '../../../src-main/common/graphTypes.js';
import {
  emptyModel,
  hideNode,
  mergeNeighborhood,
  type ExplorerModel,
} from '../components/explorer/explorerModel.js';

export const DEFAULT_CAP = 12;

/** What the explore tab shows: the neighbour canvas, the Cypher console, or the exposure tables. */
export type ExplorerView = 'canvas' | 'cypher' | 'exposure';
const MAX_CAP = 1000;

interface ExplorerState {
  graph: string | null;
  model: ExplorerModel;
  maxDepth: number;
  maxNodes: number;
  busy: boolean;
  error: ApiErrorBody | null;
  notice: string | null;
  /** The node whose properties the side panel shows. */
  selectedId: string | null;
  /** Inverse-relation pairs of the graph (loaded on open), each fact shown once under `relation`. */
  pairs: InversePair[];
  /** Nodes the analyst pinned: a re-layout leaves them where they are, and they cannot be dragged. */
  pinned: Record<string, true>;
  togglePin(id: string): void;
  /** Which view the explore tab shows: the neighbour canvas or the Cypher console. */
  view: ExplorerView;
  setView(view: ExplorerView): void;
  open(graph: string, entityId: string): Promise<void>;
  select(id: string | null): void;
  hide(id: string): void;
  /** Loads every neighbour of one (relation, direction) group of a node, up to the per-group maximum. */
  expandRelation(nodeId: string, relation: string, direction: 'in' | 'out'): Promise<void>;
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
    const inverseOf = Object.fromEntries(get().pairs.map((p) => [p.inverse, p.relation]));
    const { model, added, dropped } = mergeNeighborhood(base, res.value, { cap, maxNodes: get().maxNodes, only, inverseOf });
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
    selectedId: null,
    pairs: [],
    pinned: {},
    view: 'canvas',

    setView(view) {
      set({ view });
    },

    togglePin(id) {
      const pinned = { ...get().pinned };
      if (pinned[id]) delete pinned[id];
      else pinned[id] = true;
      set({ pinned });
    },

    async open(graph, entityId) {
      const samePairs = get().graph === graph && get().pairs.length > 0;
      set({ graph, model: emptyModel(), selectedId: null, pinned: {}, view: 'canvas' });
      if (!samePairs) {
        const pairs = await callChannel('graph.inversePairs', { graph });
        if (get().graph !== graph) return;
        set({ pairs: pairs.ok ? pairs.value : [] });
      }
      if (await fetchAndMerge(graph, emptyModel(), entityId, DEFAULT_CAP)) set({ selectedId: get().model.rootId });
    },

    select(id) {
      set({ selectedId: id });
    },

    hide(id) {
      const { model, selectedId } = get();
      if (id === model.rootId) {
        set({ notice: 'The start entity cannot be hidden; reset or pick another search result.' });
        return;
      }
      const next = hideNode(model, id);
      set({ model: next, selectedId: selectedId && next.nodes[selectedId] ? selectedId : null });
    },

    async expandRelation(nodeId, relation, direction) {
      const { graph, model, busy } = get();
      if (!graph || !model.nodes[nodeId] || busy) return;
      await fetchAndMerge(graph, model, nodeId, MAX_CAP, { relation, direction });
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
      set({ graph: null, model: emptyModel(), error: null, notice: null, selectedId: null, pairs: [], pinned: {} });
    },

    setMaxDepth(depth) {
      set({ maxDepth: depth });
    },

    setMaxNodes(count) {
      set({ maxNodes: count });
    },
  };
});
