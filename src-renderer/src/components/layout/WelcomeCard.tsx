// Shown when there is no graph yet: what the app does and how to start.
import { useGraphsStore } from '../../stores/graphsStore.js';
import { useImportStore } from '../../stores/importStore.js';

export function WelcomeCard() {
  const appInfo = useGraphsStore((s) => s.appInfo);
  const openImport = useImportStore((s) => s.openDialog);
  const setForm = useImportStore((s) => s.setForm);

  function importDemo() {
    if (appInfo) setForm({ file: appInfo.demoFile, graph: appInfo.demoGraph, format: 'auto' });
    openImport();
  }

  return (
    <div className="welcome card" data-testid="welcome">
      <h1>Your knowledge graph, on your machine</h1>
      <p className="muted">
        Import triples (pipe/tab-separated, CSV, N-Triples or Turtle) to explore entities, relations and
        neighbourhoods. Nothing leaves this computer.
      </p>
      <div className="row">
        <button type="button" className="button primary" onClick={openImport}>
          Import graph…
        </button>
        <button type="button" className="button" onClick={importDemo} disabled={!appInfo} data-testid="welcome-demo">
          Try the demo graph
        </button>
      </div>
    </div>
  );
}
