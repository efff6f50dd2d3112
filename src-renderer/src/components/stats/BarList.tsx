// Horizontal bars for labelled counts (relations by triple count), longest first.
import { useState } from 'react';
import { formatCount } from '../../api/formatters.js';

interface Props {
  items: { label: string; count: number }[];
  initial?: number;
  testId: string;
}

export function BarList({ items, initial = 15, testId }: Props) {
  const [showAll, setShowAll] = useState(false);
  const sorted = [...items].sort((a, b) => b.count - a.count);
  const visible = showAll ? sorted : sorted.slice(0, initial);
  const max = Math.max(1, ...sorted.map((i) => i.count));

  return (
    <div className="bar-list" data-testid={testId}>
      {visible.map((item) => (
        <div className="bar-row" key={item.label} data-testid={`${testId}-row`}>
          <span className="bar-label ellipsis" title={item.label}>
            {item.label}
          </span>
          <span className="bar-track">
            <span className="bar-fill" style={{ width: `${(item.count / max) * 100}%` }} />
          </span>
          <span className="bar-value">{formatCount(item.count)}</span>
        </div>
      ))}
      {sorted.length > initial && (
        <button type="button" className="link-button" onClick={() => setShowAll((v) => !v)}>
          {showAll ? 'Show fewer' : `Show all ${sorted.length}`}
        </button>
      )}
    </div>
  );
}
