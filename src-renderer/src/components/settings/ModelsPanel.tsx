// The Models tab: the Hand's live status and load controls, the model files on this machine, and downloads.
// Loads the list once, follows download/load progress events, and polls hand.status while open.
import { useEffect } from 'react';
import { subscribe } from '../../api/subscribe.js';
import { useSettingsStore } from '../../stores/settingsStore.js';
import { AddModelForm } from './AddModelForm.js';
import { HandStatusCard } from './HandStatusCard.js';
import { LoadModelForm } from './LoadModelForm.js';
import { ModelTable } from './ModelTable.js';
import { RecommendedModels } from './RecommendedModels.js';

/** Often enough to watch memory settle after a load, rarely enough to cost nothing. */
const STATUS_POLL_MS = 3000;

export function ModelsPanel() {
  useEffect(() => {
    const store = useSettingsStore.getState();
    void store.refreshList();
    void store.refreshStatus();
    const timer = setInterval(() => {
      const s = useSettingsStore.getState();
      void s.refreshStatus();
      // A download started before a reload answers no call of this page: its end shows up in the list.
      if (s.download?.adopted && s.download.status === 'running') void s.refreshList();
    }, STATUS_POLL_MS);
    const offDownload = subscribe('models.downloadProgress', (e) => useSettingsStore.getState().onDownloadProgress(e));
    const offLoad = subscribe('models.loadProgress', (e) => useSettingsStore.getState().onLoadProgress(e));
    return () => {
      clearInterval(timer);
      offDownload();
      offLoad();
    };
  }, []);

  return (
    <section className="panel-body models-panel" data-testid="models-panel">
      <div className="models-top">
        <HandStatusCard />
        <LoadModelForm />
      </div>
      <div className="card">
        <h3>Model files</h3>
        <ModelTable />
        <AddModelForm />
      </div>
      <RecommendedModels />
    </section>
  );
}
