// Layout state: which main panel is showing. Panels are registered in mainPanels.tsx.
import { create } from 'zustand';

export type PanelId = 'overview' | 'ask' | 'explore' | 'models' | 'brain' | 'memory';

interface UiState {
  activePanel: PanelId;
  showPanel(id: PanelId): void;
}

export const useUiStore = create<UiState>()((set) => ({
  activePanel: 'overview',
  showPanel(id) {
    set({ activePanel: id });
  },
}));
