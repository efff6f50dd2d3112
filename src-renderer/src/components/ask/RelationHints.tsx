// What this graph can be asked about: its most common relations, read from the graph itself rather than a
// hard-coded list of example questions (which would only fit one graph).
import { useChannelQuery } from '../../hooks/useChannelQuery.js';

const SHOWN = 10;

export function RelationHints({ graph, revision }: { graph: string; revision: number }) {
  const { value } = useChannelQuery('graph.stats', { graph }, revision);
  if (!value || value.relations.length === 0) return null;
  const top = [...value.relations].sort((a, b) => b.count - a.count).slice(0, SHOWN);
  return (
    <div className="relation-hints muted small" data-testid="ask-hints">
      Questions that name an entity and follow these relations work best:{' '}
      {top.map((r) => (
        <span className="tag" key={r.label}>
          {r.label.replace(/_/g, ' ')}
        </span>
      ))}
      {value.relations.length > SHOWN && <span> and {value.relations.length - SHOWN} more</span>}
    </div>
  );
}
