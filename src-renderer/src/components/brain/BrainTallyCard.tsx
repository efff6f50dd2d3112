// What the Brain did for the answer on screen: calls that left the machine, calls denied, tokens both ways.
import type { AskBrainTally } from '../../../../src-main/common/answerTypes.js';

export function BrainTallyCard({ brain }: { brain?: AskBrainTally }) {
  if (!brain) return null;
  return (
    <div className="card brain-tally" data-testid="brain-tally">
      <h3>Brain</h3>
      <p className="muted small">{brain.describe}</p>
      <div className="degree-summary">
        <span>
          <span title="Requests that left this machine, resends of the same payload included">sends</span> <strong data-testid="brain-calls">{brain.calls}</strong>
        </span>
        <span>
          denied <strong data-testid="brain-denied">{brain.denied}</strong>
        </span>
        <span>
          tokens <strong data-testid="brain-tokens">{brain.tokens}</strong>
        </span>
      </div>
      {brain.notes.length > 0 && (
        <ul className="small muted brain-notes">
          {brain.notes.map((n, i) => (
            <li key={i}>{n}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
