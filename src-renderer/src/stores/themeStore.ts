// Light or dark: the analyst's choice (kept by the engine in ui-settings.json), or the OS preference when the choice
// is "system". The resolved theme is set on <html data-theme> so the stylesheet and the canvases follow it.
import { create } from 'zustand';
import type { ThemeChoice } from '../../../src-main/common/uiSettings.js';
import { callChannel } from '../api/callChannel.js';

interface ThemeState {
  choice: ThemeChoice;
  /** What is showing now. */
  resolved: 'light' | 'dark';
  load(): Promise<void>;
  choose(choice: ThemeChoice): Promise<void>;
}

const media = (): MediaQueryList | null => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null);

function resolve(choice: ThemeChoice): 'light' | 'dark' {
  if (choice !== 'system') return choice;
  return media()?.matches ? 'dark' : 'light';
}

function apply(resolved: 'light' | 'dark'): void {
  document.documentElement.dataset.theme = resolved;
}

export const useThemeStore = create<ThemeState>()((set, get) => {
  // The OS switching light/dark while the app is open is followed when the choice is "system".
  media()?.addEventListener('change', () => {
    const resolved = resolve(get().choice);
    apply(resolved);
    set({ resolved });
  });
  const initial = resolve('system');
  if (typeof document !== 'undefined') apply(initial);
  return {
    choice: 'system',
    resolved: initial,
    async load() {
      const res = await callChannel('ui.settings', {});
      if (!res.ok) return;
      const resolved = resolve(res.value.theme);
      apply(resolved);
      set({ choice: res.value.theme, resolved });
    },
    async choose(choice) {
      const resolved = resolve(choice);
      apply(resolved);
      set({ choice, resolved });
      await callChannel('ui.saveSettings', { theme: choice });
    },
  };
});
