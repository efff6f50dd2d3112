// Right of the sidebar: the selected graph's header, panel tabs, and the active panel.
import { formatCount, formatDate } from '../../api/formatters.js';
import { useGraphsStore } from '../../stores/graphsStore.js';
import { useUiStore } from '../../stores/uiStore.js';
import { ErrorBoundary } from '../ErrorBoundary.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { WelcomeCard } from './WelcomeCard.js';
import { mainPanels } from './mainPanels.js';

export function MainArea() {
  const selected = useGraphsStore((s) => s.selected);
  const info = useGraphsStore((s) => s.graphs.find((g) => g.name === s.selected));
  const appInfoError = useGraphsStore((s) => s.appInfoError);
  const active = useUiStore((s) => s.activePanel);
  const showPanel = useUiStore((s) => s.showPanel);
  const panel = mainPanels.find((p) => p.id === active) ?? mainPanels[0]!;
  // Without a graph only the global panels (Models) make sense.
  const tabs = selected ? mainPanels : mainPanels.filter((p) => p.global);

  return (
    <main className="main-area">
      {appInfoError && <ErrorNotice error={appInfoError} testId="app-info-error" />}
      {!selected && !panel.global ? (
        <WelcomeCard />
      ) : (
        <>
          <header className="main-head">
            <div>
              {selected ? <h1 data-testid="current-graph">{selected}</h1> : <h1>{panel.label}</h1>}
              {info && (
                <div className="muted small">
                  {formatCount(info.entities)} entities · {formatCount(info.triples)} triples · updated{' '}
                  {formatDate(info.updatedAt)}
                  {info.sources.length > 0 && ` · from ${info.sources.map((s) => s.file.split(/[\\/]/).pop()).join(', ')}`}
                </div>
              )}
            </div>
            <div className="tabs" role="tablist">
              {tabs.map((p) => (
                <button
                  key={p.id}
                  type="button"
                  role="tab"
                  aria-selected={p.id === panel.id}
                  className={`tab${p.id === panel.id ? ' active' : ''}`}
                  onClick={() => showPanel(p.id)}
                  data-testid={`tab-${p.id}`}
                >
                  {p.label}
                </button>
              ))}
            </div>
          </header>
          <div className="panel" role="tabpanel">
            <ErrorBoundary key={panel.global ? panel.id : `${panel.id}:${selected}`} label={panel.label}>
              {panel.render(selected ?? '')}
            </ErrorBoundary>
          </div>
        </>
      )}
    </main>
  );
}
