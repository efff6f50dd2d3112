// The main area's panels, in tab order. A new panel (e.g. question answering) is one more entry here
// plus its id in uiStore's PanelId.
import type { ReactNode } from 'react';
import type { PanelId } from '../../stores/uiStore.js';
import { AskPanel } from '../ask/AskPanel.js';
import { BrainPanel } from '../brain/BrainPanel.js';
import { ExplorePanel } from '../explorer/ExplorePanel.js';
import { MemoryPanel } from '../memory/MemoryPanel.js';
import { ModelsPanel } from '../settings/ModelsPanel.js';
import { StatsPanel } from '../stats/StatsPanel.js';

export interface MainPanel {
  id: PanelId;
  label: string;
  /** Not about a graph (e.g. Models): reachable with no graph selected, and render gets "" then. */
  global?: boolean;
  render(graph: string): ReactNode;
}

export const mainPanels: MainPanel[] = [
  { id: 'overview', label: 'Overview', render: (graph) => <StatsPanel graph={graph} /> },
  { id: 'ask', label: 'Ask', render: (graph) => <AskPanel graph={graph} /> },
  { id: 'explore', label: 'Explore', render: (graph) => <ExplorePanel graph={graph} /> },
  { id: 'models', label: 'Models', global: true, render: () => <ModelsPanel /> },
  { id: 'brain', label: 'Brain', global: true, render: () => <BrainPanel /> },
  { id: 'memory', label: 'Memory', global: true, render: () => <MemoryPanel /> },
];
