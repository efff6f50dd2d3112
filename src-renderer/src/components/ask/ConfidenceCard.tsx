// How sure the answer is: the engine's calibrated estimate that the top answer is right, whether that counts as
// unsure (a configured Brain may then be asked), and the reasons in plain words. An abstention says what the best
// partial reading found and which phrase nothing in the graph accounts for.
import { UNSURE_BELOW, type AskResult } from '../../../../src-main/common/answerTypes.js';

export function ConfidenceCard({ confidence }: { confidence: AskResult['confidence'] }) {
  if (!confidence) return null;
  return (
    <div className="card" data-testid="confidence-card" data-unsure={confidence.unsure}>
      <h3>Confidence</h3>
      <p className={confidence.unsure ? 'warning' : 'muted small'} data-testid="confidence-level">
        {confidence.unsure ? 'Unsure' : 'Sure'} — confidence {confidence.p.toFixed(2)} (below {UNSURE_BELOW.toFixed(2)} is unsure)
      </p>
      {confidence.reasons.length > 0 && (
        <ul className="small confidence-reasons" data-testid="confidence-reasons">
          {confidence.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function AbstainedNotice({ abstained }: { abstained: NonNullable<AskResult['abstained']> }) {
  return (
    <div className="notice" data-testid="abstained">
      <p data-testid="abstained-message">{abstained.message}</p>
      {abstained.answers.length > 0 && (
        <details>
          <summary className="small">What that partial reading reaches ({abstained.answers.length})</summary>
          <ul className="small">
            {abstained.answers.slice(0, 10).map((a) => (
              <li key={a.id}>{a.name}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
