// Degree distribution as vertical bars over the engine's log-2 buckets; heights on a log scale
// because a few hubs and many leaves would otherwise flatten every bar but one.
import type { DegreeStats } from '../../../../src-main/common/graphTypes.js';
import { formatCount } from '../../api/formatters.js';

export function DegreeHistogram({ degree }: { degree: DegreeStats }) {
  const max = Math.max(1, ...degree.histogram.map((b) => b.count));
  const scale = (n: number) => (n <= 0 ? 0 : Math.max(4, (Math.log1p(n) / Math.log1p(max)) * 100));

  return (
    <div className="histogram-block">
      <div className="histogram" data-testid="degree-histogram">
        {degree.histogram.map((b) => {
          const range = b.from === b.to ? `${b.from}` : `${b.from}–${b.to}`;
          return (
            <div className="histogram-col" key={b.from} title={`degree ${range}: ${formatCount(b.count)} entities`}>
              <span className="histogram-count">{formatCount(b.count)}</span>
              <span className="histogram-bar" data-testid="degree-bar" style={{ height: `${scale(b.count)}%` }} />
              <span className="histogram-label">{range}</span>
            </div>
          );
        })}
      </div>
      <dl className="degree-summary">
        {(['min', 'p50', 'mean', 'p90', 'p99', 'max'] as const).map((k) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{k === 'mean' ? degree.mean.toFixed(1) : formatCount(degree[k])}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
