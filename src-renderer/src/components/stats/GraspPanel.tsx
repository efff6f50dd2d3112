// Overview → the topology-aware selector (GraSP) of the selected graph: which model version is stored and how well
// it recovers hidden edges, a time budget and Train, the running job's live progress with Cancel, and why a job
// ended without a model. The Ask tab's "GraSP selector" uses the newest version.
import { useEffect, type FormEvent } from 'react';
import { GRASP_MAX_SECONDS, type GraspProgress, type GraspStatus } from '../../../../src-main/common/graspContract.js';
import { formatCount, formatDate, formatSeconds } from '../../api/formatters.js';
import { isRunning, parseSeconds, useGraspStore } from '../../stores/graspStore.js';
import { ErrorNotice } from '../ErrorNotice.js';

const PHASE_LABEL: Record<GraspProgress['phase'], string> = {
  preparing: 'Preparing',
  training: 'Training',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

function percent(share: number): string {
  return `${(100 * share).toFixed(share >= 0.1 || share === 0 ? 0 : 1)}%`;
}

export function GraspPanel({ graph, revision }: { graph: string; revision: number }) {
  const state = useGraspStore((s) => s.graphs[graph]);
  const seconds = useGraspStore((s) => s.seconds);
  const setSeconds = useGraspStore((s) => s.setSeconds);
  const loadStatus = useGraspStore((s) => s.loadStatus);
  const train = useGraspStore((s) => s.train);
  const cancel = useGraspStore((s) => s.cancel);

  // A re-import changes whether the stored model matches the graph.
  useEffect(() => {
    void loadStatus(graph);
  }, [graph, revision, loadStatus]);

  const status = state?.status ?? null;
  const job = state?.job ?? null;
  const running = isRunning(job);
  const busy = running || (state?.starting ?? false);
  const parsed = parseSeconds(seconds);

  function submit(event: FormEvent) {
    event.preventDefault();
    void train(graph);
  }

  return (
    <div className="card grasp-panel" data-testid="grasp-panel" data-running={running}>
      <h3>Topology-aware selector (GraSP)</h3>
      <p className="muted small">
        A graph encoder trained on this graph's own structure. Asked with “GraSP selector”, it proposes answers whose last edge
        is missing from the graph (marked as inferred).
      </p>
      {state?.statusError && <ErrorNotice error={state.statusError} testId="grasp-status-error" />}
      {status ? <StatusLine status={status} /> : !state?.statusError && <p className="muted small">Loading the selector's status…</p>}
      {status?.trained && !status.matchesGraph && (
        <div className="notice" data-testid="grasp-stale">
          Trained on a different version of this graph: its scores describe the old content. Train again for a matching model.
        </div>
      )}
      <form className="row grasp-form" onSubmit={submit} data-testid="grasp-form">
        <label className="inline-field">
          Train for at most
          <input
            className="input grasp-seconds"
            type="number"
            inputMode="numeric"
            min={GRASP_MAX_SECONDS.min}
            max={GRASP_MAX_SECONDS.max}
            step={1}
            value={seconds}
            onChange={(e) => setSeconds(e.target.value)}
            disabled={busy}
            aria-label="Training time in seconds"
            aria-invalid={!parsed.ok}
            data-testid="grasp-seconds"
          />
          seconds
        </label>
        <button type="submit" className="button primary" disabled={busy || !parsed.ok} data-testid="grasp-train">
          {status?.trained ? 'Train again' : 'Train'}
        </button>
        {running && (
          <button type="button" className="button" onClick={() => void cancel(graph)} data-testid="grasp-cancel">
            Cancel
          </button>
        )}
        {!parsed.ok && (
          <span className="warning small" data-testid="grasp-seconds-error">
            {parsed.message}
          </span>
        )}
      </form>
      {job && <GraspProgressBar job={job} />}
      {job?.error && <ErrorNotice error={job.error} testId="grasp-error" />}
      {state?.requestError && <ErrorNotice error={state.requestError} testId="grasp-request-error" />}
    </div>
  );
}

function StatusLine({ status }: { status: GraspStatus }) {
  if (!status.trained || status.version === undefined)
    return (
      <p data-testid="grasp-status" data-trained="false">
        Not trained yet for this graph.
      </p>
    );
  const m = status.metrics;
  return (
    <div data-testid="grasp-status" data-trained="true" data-version={status.version} data-matches={status.matchesGraph}>
      <p className="grasp-version">
        <strong data-testid="grasp-version">Version {status.version}</strong>
        {status.trainedAt && <span className="muted"> · trained {formatDate(status.trainedAt)}</span>}
        {status.versions > 1 && <span className="muted small"> ({status.versions} versions stored; the newest is used)</span>}
      </p>
      {m && (
        <dl className="degree-summary grasp-metrics" data-testid="grasp-metrics">
          <div>
            <dt>Hidden-edge Hits@1</dt>
            <dd data-testid="grasp-hits1" data-value={m.hitsAt1}>
              {percent(m.hitsAt1)}
            </dd>
          </div>
          <div>
            <dt>Hits@3</dt>
            <dd>{percent(m.hitsAt3)}</dd>
          </div>
          <div>
            <dt>Coverage</dt>
            <dd data-testid="grasp-coverage" data-value={m.coverage}>
              {percent(m.coverage)}
            </dd>
          </div>
          <div>
            <dt>Held-out edges</dt>
            <dd>{formatCount(m.heldOutEdges)}</dd>
          </div>
          <div>
            <dt>Epochs</dt>
            <dd data-testid="grasp-epochs">
              {m.epochs}
              {m.stoppedEarly ? ' (time budget)' : ''}
            </dd>
          </div>
          <div>
            <dt>Final loss</dt>
            <dd data-testid="grasp-loss">{m.finalLoss === null ? '—' : m.finalLoss.toFixed(3)}</dd>
          </div>
          <div>
            <dt>Training time</dt>
            <dd>{formatSeconds(m.trainSeconds)}</dd>
          </div>
        </dl>
      )}
    </div>
  );
}

function GraspProgressBar({ job }: { job: GraspProgress }) {
  const status = job.phase === 'done' ? 'done' : job.phase === 'failed' ? 'failed' : job.phase === 'cancelled' ? 'cancelled' : 'running';
  const pct = Math.round(job.fraction * 100);
  return (
    <div className="import-progress" data-testid="grasp-progress" data-phase={job.phase} data-job={job.jobId}>
      <div className="progress-head">
        <span data-testid="grasp-phase">
          {PHASE_LABEL[job.phase]}
          {job.phase === 'done' && job.version !== undefined && ` — stored as version ${job.version}`}
        </span>
        <span>{`${pct}%`}</span>
      </div>
      <div
        className={`progress-track${job.phase === 'preparing' ? ' indeterminate' : ''} ${status}`}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        data-testid="grasp-progress-bar"
      >
        <span className="progress-fill" style={{ width: job.phase === 'preparing' ? undefined : `${job.fraction * 100}%` }} />
      </div>
      <div className="progress-stats" data-testid="grasp-progress-text">
        {job.epoch > 0 && (
          <span data-testid="grasp-epoch">
            epoch {job.epoch} / {job.epochs}
          </span>
        )}
        {job.loss !== null && <span data-testid="grasp-loss-live">loss {job.loss.toFixed(3)}</span>}
        <span>
          {formatSeconds(job.elapsedMs / 1000)} of at most {formatSeconds(job.maxSeconds)}
        </span>
      </div>
    </div>
  );
}
