// The Hand's live status: the loaded model, the backend llama.cpp chose, threads, RAM / VRAM use, and what the
// Hand's skills have cost on questions so far (running totals per skill, from the engine's one accounting).
import type { HandSkill } from '../../../../src-main/common/answerTypes.js';
import type { HandAccountingTotals } from '../../../../src-main/common/modelTypes.js';
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
          {status.accounting && status.accounting.calls > 0 && <SkillTotals totals={status.accounting} />}
        </>
      )}
    </div>
  );
}

/** Running per-skill totals: only skills the model was asked for, in the order the pipeline asks them. */
function SkillTotals({ totals }: { totals: HandAccountingTotals }) {
  const skills = (Object.keys(totals.bySkill) as HandSkill[]).filter((s) => totals.bySkill[s].calls > 0);
  return (
    <div className="hand-accounting" data-testid="hand-accounting" data-calls={totals.calls}>
      <h4>Skill calls on questions</h4>
      <p className="muted small">
        {formatCount(totals.questions)} question{totals.questions === 1 ? '' : 's'} · {formatCount(totals.calls)} calls ·{' '}
        {formatCount(totals.tokensIn)} in / {formatCount(totals.tokensOut)} out · {totals.tokensPerSecond.toFixed(0)} tok/s ·{' '}
        {formatCount(totals.repairs)} repaired · {formatCount(totals.fallbacks)} fell back
      </p>
      {/* A line per skill rather than a table: the card is narrow and the skill names are long. */}
      <ul className="small hand-skill-totals">
        {skills.map((skill) => {
          const t = totals.bySkill[skill];
          return (
            <li key={skill} data-testid="hand-skill-row" data-skill={skill}>
              <span className="mono">{skill}</span>: {formatCount(t.calls)} call{t.calls === 1 ? '' : 's'} · {formatCount(t.tokensIn)} in /{' '}
              {formatCount(t.tokensOut)} out · {formatCount(t.ms)} ms
              {t.repairs > 0 && ` · ${formatCount(t.repairs)} repaired`}
              {t.fallbacks > 0 && ` · ${formatCount(t.fallbacks)} fell back`}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
