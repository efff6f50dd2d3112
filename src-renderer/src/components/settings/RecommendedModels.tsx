// Recommended models with their sizes and a Download button each, a free-form hf: / URL field, and the
// running download's progress with Cancel, at the top of the card (and scrolled into view) so it is never below the
// fold. Only one download runs at a time.
import type { FormEvent } from 'react';
import { formatBytes } from '../../api/formatters.js';
import { useSettingsStore } from '../../stores/settingsStore.js';
import { DownloadProgressBar } from './DownloadProgressBar.js';

export function RecommendedModels() {
  const recommended = useSettingsStore((s) => s.list)?.recommended ?? [];
  const hosts = useSettingsStore((s) => s.list)?.downloadHosts ?? [];
  const download = useSettingsStore((s) => s.download);
  const customUri = useSettingsStore((s) => s.customUri);
  const { startDownload, setCustomUri } = useSettingsStore.getState();
  const running = download?.status === 'running';

  function submitCustom(e: FormEvent) {
    e.preventDefault();
    const uri = customUri.trim();
    if (uri) void startDownload(uri, uri);
  }

  return (
    <div className="card" data-testid="recommended-models">
      <h3>Download a model</h3>
      {/* The download policy, shown where downloads start: nothing else is fetched, and each one is audited. */}
      <p className="muted small" data-testid="download-hosts">
        Downloads come only from {hosts.join(', ') || 'no host'} and are recorded in the audit log.
      </p>
      {download && <DownloadProgressBar job={download} />}
      <ul className="recommended-list">
        {recommended.map((r) => (
          <li key={r.id} className="recommended-item" data-testid={`recommended-${r.id}`}>
            <div className="grow">
              <div className="recommended-label">
                {r.label}
                <span className="tag">{r.role === 'hand' ? 'Hand' : 'embeddings'}</span>
                {r.downloaded && <span className="tag loaded-tag">downloaded</span>}
              </div>
              <div className="muted small">{r.note}</div>
            </div>
            <span className="recommended-size" title="approximate download size">
              {formatBytes(r.approxBytes)}
            </span>
            <button
              type="button"
              className="button small"
              onClick={() => void startDownload(r.uri, r.label)}
              disabled={running || r.downloaded}
              data-testid={`download-${r.id}`}
            >
              Download
            </button>
          </li>
        ))}
      </ul>
      <form className="row custom-download" onSubmit={submitCustom}>
        <input
          className="input grow mono"
          value={customUri}
          onChange={(e) => setCustomUri(e.target.value)}
          placeholder="hf:owner/repo/model.gguf or https://…/model.gguf"
          disabled={running}
          data-testid="download-uri"
          spellCheck={false}
        />
        <button type="submit" className="button" disabled={running || !customUri.trim()} data-testid="download-uri-submit">
          Download
        </button>
      </form>
    </div>
  );
}
