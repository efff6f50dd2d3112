// Where the question's time went, stage by stage in pipeline order, as a small bar list.
import { formatMs } from './askFormat.js';

export function StageTimings({ stagesMs }: { stagesMs: Record<string, number> }) {
  const stages = Object.entries(stagesMs);
  const total = stages.reduce((sum, [, ms]) => sum + ms, 0);
  const max = Math.max(1e-6, ...stages.map(([, ms]) => ms));
  return (
    <div className="card" data-testid="ask-stages">
      <h3>Stage timings</h3>
      <div className="bar-list">
        {stages.map(([stage, ms]) => (
          <div className="bar-row" key={stage} data-testid="stage-row">
            <span className="bar-label ellipsis" title={stage}>
              {stage}
            </span>
            <span className="bar-track">
              <span className="bar-fill" style={{ width: `${(ms / max) * 100}%` }} />
            </span>
            <span className="bar-value">{formatMs(ms)}</span>
          </div>
        ))}
      </div>
      <div className="muted small stage-total">Total in the engine: {formatMs(total)}</div>
    </div>
  );
}
