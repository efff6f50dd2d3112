// The running (or last) download: bytes, speed, ETA, Cancel, and how it ended.
import { useEffect, useRef } from 'react';
import { formatBytes, formatSeconds } from '../../api/formatters.js';
import { useSettingsStore, type DownloadJob } from '../../stores/settingsStore.js';
import { ErrorNotice } from '../ErrorNotice.js';

export function DownloadProgressBar({ job }: { job: DownloadJob }) {
  const cancel = useSettingsStore((s) => s.cancelDownload);
  const p = job.progress;
  const fraction = job.status === 'done' ? 1 : p && p.totalBytes > 0 ? Math.min(1, p.downloadedBytes / p.totalBytes) : null;
  const label = { running: 'Downloading', done: 'Downloaded', failed: 'Failed', cancelled: 'Cancelled' }[job.status];
  const box = useRef<HTMLDivElement>(null);
  // The Download buttons sit low in a long panel: bring the progress (and later its outcome) into view.
  useEffect(() => {
    // A block body: newer browsers return a promise from scrollIntoView, which React would take for a cleanup.
    void box.current?.scrollIntoView?.({ block: 'nearest' });
  }, [job.id, job.status]);

  return (
    <div className="import-progress" data-testid="download-progress" data-status={job.status} ref={box}>
      <div className="progress-head">
        <span className="ellipsis">
          {label} {job.label}
        </span>
        <span>{fraction === null ? '' : `${Math.round(fraction * 100)}%`}</span>
      </div>
      <div
        className={`progress-track${fraction === null && job.status === 'running' ? ' indeterminate' : ''} ${job.status}`}
        role="progressbar"
        aria-valuenow={fraction === null ? undefined : Math.round(fraction * 100)}
      >
        <span className="progress-fill" style={{ width: fraction === null ? undefined : `${fraction * 100}%` }} />
      </div>
      <div className="row">
        {!p && job.status === 'running' && <span className="progress-stats grow muted">Connecting to the model host…</span>}
        {p && (
          <div className="progress-stats grow">
            <span data-testid="download-bytes">
              {formatBytes(p.downloadedBytes)}
              {p.totalBytes > 0 ? ` of ${formatBytes(p.totalBytes)}` : ''}
            </span>
            {p.speed !== undefined && <span data-testid="download-speed">{formatBytes(p.speed)}/s</span>}
            {job.status === 'running' && p.etaSeconds !== undefined && <span data-testid="download-eta">ETA {formatSeconds(p.etaSeconds)}</span>}
          </div>
        )}
        {job.status === 'running' && (
          <button type="button" className="button small danger" onClick={() => void cancel()} data-testid="download-cancel">
            Cancel
          </button>
        )}
      </div>
      {job.status === 'done' && job.fileName && <p className="success small">Saved as {job.fileName}.</p>}
      {job.error && job.status !== 'cancelled' && <ErrorNotice error={job.error} testId="download-error" />}
    </div>
  );
}
