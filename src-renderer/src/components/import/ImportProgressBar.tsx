// Progress of the running import from import.progress events: share of bytes read, lines, rate and ETA.
import type { ImportProgress } from '../../../../src-main/common/graphTypes.js';
import { formatBytes, formatCount, formatSeconds } from '../../api/formatters.js';
import type { JobStatus } from '../../stores/importStore.js';

const PHASE_LABEL: Record<ImportProgress['phase'], string> = {
  parse: 'Reading file',
  load: 'Loading into the graph store',
  swap: 'Finishing',
  done: 'Done',
};

interface Props {
  status: JobStatus;
  progress: ImportProgress | null;
}

export function ImportProgressBar({ status, progress }: Props) {
  const finished = status === 'done' || progress?.phase === 'done';
  const fraction = finished
    ? 1
    : progress && progress.totalBytes > 0
      ? Math.min(1, progress.bytes / progress.totalBytes)
      : null;
  const label =
    status === 'failed'
      ? 'Failed'
      : status === 'cancelled'
        ? 'Cancelled'
        : progress
          ? PHASE_LABEL[progress.phase]
          : 'Starting…';

  return (
    <div className="import-progress" data-testid="import-progress" data-status={status} data-phase={progress?.phase ?? ''}>
      <div className="progress-head">
        <span data-testid="import-phase">{label}</span>
        <span>{fraction === null ? '' : `${Math.round(fraction * 100)}%`}</span>
      </div>
      <div
        className={`progress-track${fraction === null && status === 'running' ? ' indeterminate' : ''} ${status}`}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={fraction === null ? undefined : Math.round(fraction * 100)}
        data-testid="import-progress-bar"
      >
        <span className="progress-fill" style={{ width: fraction === null ? undefined : `${fraction * 100}%` }} />
      </div>
      {progress && (
        <div className="progress-stats" data-testid="import-progress-stats">
          <span>{formatCount(progress.lines)} lines</span>
          <span>
            {formatBytes(progress.bytes)}
            {progress.totalBytes > 0 ? ` of ${formatBytes(progress.totalBytes)}` : ''}
          </span>
          <span>{formatCount(progress.triples)} triples</span>
          <span>{formatCount(progress.rate)} lines/s</span>
          {!finished && <span>ETA {formatSeconds(progress.etaSeconds)}</span>}
        </div>
      )}
    </div>
  );
}
