// Application shell: loads app info and the graph list, wires engine events to the stores, lays out
// sidebar + main area, and hosts the import dialog.
import { useEffect } from 'react';
import { subscribe } from './api/subscribe.js';
import { ApprovalDialog } from './components/brain/ApprovalDialog.js';
import { ErrorBoundary } from './components/ErrorBoundary.js';
import { ImportDialog } from './components/import/ImportDialog.js';
import { MainArea } from './components/layout/MainArea.js';
import { Sidebar } from './components/layout/Sidebar.js';
import { useBrainStore } from './stores/brainStore.js';
import { useGraphsStore } from './stores/graphsStore.js';
import { useGraspStore } from './stores/graspStore.js';
import { useImportStore } from './stores/importStore.js';
import { useThemeStore } from './stores/themeStore.js';

export function App() {
  useEffect(() => {
    const graphs = useGraphsStore.getState();
    void graphs.loadAppInfo().then(() => graphs.refresh());
    void useThemeStore.getState().load();
    const offProgress = subscribe('import.progress', (e) => useImportStore.getState().onProgress(e));
    const offChanged = subscribe('graph.changed', (e) => {
      const store = useGraphsStore.getState();
      void store.refresh().then(() => store.noteChanged(e.graph));
    });
    // Brain calls wait for the analyst wherever the app is: the approval dialog lives at the top level.
    const offApproval = subscribe('brain.approvalRequested', (r) => useBrainStore.getState().onRequested(r));
    const offResolved = subscribe('brain.approvalResolved', (r) => useBrainStore.getState().onResolved(r.id));
    void useBrainStore.getState().loadPending();
    // Selector training reports wherever the app is, so the Overview shows the job's state when it comes back.
    const offGrasp = subscribe('grasp.progress', (e) => useGraspStore.getState().onProgress(e));
    return () => {
      offGrasp();
      offProgress();
      offChanged();
      offApproval();
      offResolved();
    };
  }, []);

  return (
    <div className="app" data-testid="app">
      <Sidebar />
      <ErrorBoundary label="Main area">
        <MainArea />
      </ErrorBoundary>
      <ErrorBoundary label="Import dialog">
        <ImportDialog />
      </ErrorBoundary>
      <ErrorBoundary label="Brain approval">
        <ApprovalDialog />
      </ErrorBoundary>
    </div>
  );
}
