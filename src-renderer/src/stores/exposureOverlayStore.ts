// The exposure table's rows for the selected graph, and whether the explorer draws them as a heat overlay.
// Names come from the local graph; the engine matches them to the ledger's keyed subjects (nothing leaves).
import { create } from 'zustand';
import type { ApiErrorBody } from '../../../src-main/common/contract.js';
import type { ExposureTable, ExposedEntityRow } from '../../../src-main/common/exposureTableTypes.js';
import { callChannel } from '../api/callChannel.js';

interface ExposureOverlayState {
  graph: string | null;
  table: ExposureTable | null;
  /** Entity id → row, for the properties panel. */
  rows: Record<string, ExposedEntityRow>;
  /** Entity id → share of the most exposed entity's sessions (0–1), for the canvas. */
  heat: Record<string, number>;
  enabled: boolean;
  loading: boolean;
  error: ApiErrorBody | null;
  load(graph: string): Promise<void>;
  setEnabled(on: boolean): void;
}

export const useExposureOverlay = create<ExposureOverlayState>()((set, get) => ({
  graph: null,
  table: null,
  rows: {},
  heat: {},
  enabled: false,
  loading: false,
  error: null,

  async load(graph) {
    set({ graph, loading: true, error: null });
    const res = await callChannel('exposure.entities', { graph });
    if (get().graph !== graph) return;
    if (!res.ok) {
      set({ loading: false, error: res.error, table: null, rows: {}, heat: {} });
      return;
    }
    const max = Math.max(1, ...res.value.entities.map((r) => r.sessions));
    set({
      loading: false,
      table: res.value,
      rows: Object.fromEntries(res.value.entities.map((r) => [r.id, r])),
      heat: Object.fromEntries(res.value.entities.map((r) => [r.id, r.sessions / max])),
    });
  },

  setEnabled(on) {
    set({ enabled: on });
    const { graph } = get();
    if (on && graph) void get().load(graph);
  },
}));
