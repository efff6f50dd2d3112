// System / light / dark, in the sidebar footer; the choice is saved with the engine's settings.
import { THEMES } from '../../../../src-main/common/uiSettings.js';
import { useThemeStore } from '../../stores/themeStore.js';

const LABELS = { system: 'System', light: 'Light', dark: 'Dark' } as const;

export function ThemeToggle() {
  const choice = useThemeStore((s) => s.choice);
  const choose = useThemeStore((s) => s.choose);
  return (
    <div className="theme-toggle" role="radiogroup" aria-label="Theme" data-testid="theme-toggle">
      {THEMES.map((t) => (
        <button key={t} type="button" role="radio" aria-checked={choice === t} className={`theme-option${choice === t ? ' active' : ''}`} onClick={() => void choose(t)} data-testid={`theme-${t}`}>
          {LABELS[t]}
        </button>
      ))}
    </div>
  );
}
