// How the Ask tab answers: the relation-path search alone, or with the graph's trained topology-aware (GraSP)
// selector, which can propose answers whose last edge is missing. The GraSP choice is off until a model is trained.
import type { GraspStatus, SelectorKind } from '../../../../src-main/common/graspContract.js';

interface Props {
  graph: string;
  /** The choice in effect (path while no model is trained). */
  value: SelectorKind;
  status: GraspStatus | null;
  disabled: boolean;
  onChange(kind: SelectorKind): void;
}

export function SelectorChoice({ graph, value, status, disabled, onChange }: Props) {
  const trained = status?.trained === true;
  const graspTitle = trained
    ? `Use the topology-aware selector (version ${status?.version}) to propose answers whose last edge is missing`
    : `Train the selector for graph "${graph}" first (Overview → Topology-aware selector → Train)`;
  const options: { kind: SelectorKind; label: string; title: string; available: boolean }[] = [
    { kind: 'path', label: 'Path search', title: 'Answer along relation paths found in the graph', available: true },
    { kind: 'grasp', label: 'GraSP selector', title: graspTitle, available: trained },
  ];
  return (
    <div className="selector-choice" role="radiogroup" aria-label="Answer selector" data-testid="selector-choice" data-value={value}>
      <span className="muted small">Selector</span>
      {options.map((o) => (
        // The title sits on the label: a disabled input shows no tooltip of its own.
        <label key={o.kind} className={`selector-option${value === o.kind ? ' active' : ''}${o.available ? '' : ' unavailable'}`} title={o.title} data-testid={`selector-${o.kind}-label`}>
          <input
            type="radio"
            name="answer-selector"
            value={o.kind}
            checked={value === o.kind}
            disabled={disabled || !o.available}
            onChange={() => onChange(o.kind)}
            data-testid={`selector-${o.kind}`}
          />
          {o.label}
        </label>
      ))}
      {trained && value === 'grasp' && status && !status.matchesGraph && (
        <span className="warning small" data-testid="selector-stale">
          trained on a different version of this graph
        </span>
      )}
    </div>
  );
}
