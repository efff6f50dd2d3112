// Left column: product name, the graph picker, and graph-level actions.
import { useGraphsStore } from '../../stores/graphsStore.js';
import { useImportStore } from '../../stores/importStore.js';
import { useUiStore } from '../../stores/uiStore.js';
import { GraphPicker } from './GraphPicker.js';
import { ThemeToggle } from './ThemeToggle.js';

export function Sidebar() {
  const appInfo = useGraphsStore((s) => s.appInfo);
  const openImport = useImportStore((s) => s.openDialog);
  const importRunning = useImportStore((s) => s.job?.status === 'running');
  const showPanel = useUiStore((s) => s.showPanel);
  const modelsShown = useUiStore((s) => s.activePanel === 'models');

  return (
    <aside className="sidebar" data-testid="sidebar">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true">
          G
        </span>
        <div>
          <div className="brand-name">Ctrl-G Desktop</div>
          <div className="brand-sub">Private knowledge graph QA</div>
        </div>
      </div>
      <div className="sidebar-actions">
        <button type="button" className="button primary block" data-testid="open-import" onClick={openImport}>
          {importRunning ? 'Import running…' : 'Import graph…'}
        </button>
        <button
          type="button"
          className={`button block sidebar-secondary${modelsShown ? ' active' : ''}`}
          data-testid="open-models"
          onClick={() => showPanel('models')}
        >
          Models
        </button>
      </div>
      <GraphPicker />
      <footer className="sidebar-footer" data-testid="app-info">
        <ThemeToggle />
        {appInfo ? (
          <>
            <div>v{appInfo.version} · {appInfo.transport === 'electron' ? 'desktop' : 'browser host'}</div>
            <div className="muted ellipsis" title={appInfo.dataDir}>
              {appInfo.dataDir}
            </div>
          </>
        ) : (
          <div className="muted">Connecting…</div>
        )}
      </footer>
    </aside>
  );
}
