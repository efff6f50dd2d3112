// The Hand's live status: the loaded model, the backend llama.cpp chose, threads, and RAM / VRAM use.
import { formatBytes, formatCount } from '../../api/formatters.js';
import { useSettingsStore } from '../../stores/settingsStore.js';
import { ErrorNotice } from '../ErrorNotice.js';

export function HandStatusCard() {
  const status = useSettingsStore((s) => s.status);
  const error = useSettingsStore((s) => s.statusError);
  const hand = status?.hand ?? null;
  const state = !status ? 'unknown' : hand ? 'loaded' : 'idle';

  return (
    <div className="card hand-status" data-testid="hand-status" data-state={state} data-backend={status?.backend ?? ''}>
      <h3>The Hand</h3>
      {error && <ErrorNotice error={error} testId="hand-status-error" />}
      {!status && !error && <p className="muted">Reading status…</p>}
      {status && (
        <>
          <div className="hand-model">
            <span className={`status-dot ${state}`} aria-hidden="true" />
            {hand ? (
              <span className="hand-model-name mono" data-testid="hand-loaded-model" title={hand.path}>
                {hand.fileName}
              </span>
            ) : (
              <span className="muted" data-testid="hand-loaded-model">
                No model loaded
              </span>
            )}
          </div>
          <dl className="kv">
            <dt>Backend</dt>
            <dd data-testid="hand-backend">{status.backend ?? 'not started'}</dd>
            <dt>Threads</dt>
            <dd>{hand ? hand.threads : status.threads}</dd>
            {hand && (
              <>
                <dt>Model</dt>
                <dd>
                  {hand.architecture} · {hand.quantisation}
                </dd>
                <dt>Context</dt>
                <dd>{formatCount(hand.contextSize)} tokens</dd>
                <dt>GPU layers</dt>
                <dd>{hand.gpuLayers}</dd>
                <dt>Loaded in</dt>
                <dd>{formatCount(hand.loadMs)} ms</dd>
              </>
            )}
            <dt>llama.cpp RAM</dt>
            <dd data-testid="hand-ram">{formatBytes(status.memory.llamaRamBytes)}</dd>
            <dt>llama.cpp VRAM</dt>
            <dd>{formatBytes(status.memory.llamaVramBytes)}</dd>
            <dt>System RAM free</dt>
            <dd>
              {formatBytes(status.memory.ramFreeBytes)} of {formatBytes(status.memory.ramTotalBytes)}
            </dd>
            {status.memory.vramTotalBytes > 0 && (
              <>
                <dt>VRAM free</dt>
                <dd>
                  {formatBytes(status.memory.vramFreeBytes)} of {formatBytes(status.memory.vramTotalBytes)}
                </dd>
              </>
            )}
            {status.gpuDevices.length > 0 && (
              <>
                <dt>GPU</dt>
                <dd>{status.gpuDevices.join(', ')}</dd>
              </>
            )}
            {status.usage.calls > 0 && (
              <>
                <dt>Calls</dt>
                <dd>
                  {formatCount(status.usage.calls)} · {formatCount(status.usage.tokensIn)} in /{' '}
                  {formatCount(status.usage.tokensOut)} out
                </dd>
              </>
            )}
          </dl>
        </>
      )}
    </div>
  );
}
