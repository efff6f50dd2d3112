// Which Hand answered the question on screen — the algorithmic one or the model loaded in the Models tab — and,
// for a model, every generation its skills made: tokens in and out, time, speed, and what became of the reply
// (used, repaired, or rejected with the reason the algorithmic skill took over).
import type { AskHandCall, AskHandSummary } from '../../../../src-main/common/answerTypes.js';
import { formatCount } from '../../api/formatters.js';
import { formatMs } from './askFormat.js';

type CallOutcome = 'used' | 'repair asked' | 'repaired' | 'fallback';

/** The record says when a reply was repaired or dropped; a first try followed by its repair was rejected. */
function outcomeOf(call: AskHandCall, next: AskHandCall | undefined): CallOutcome {
  if (call.fallbackReason !== undefined) return 'fallback';
  if (call.repaired) return 'repaired';
  if (call.attempt === 1 && next?.attempt === 2 && next.skill === call.skill) return 'repair asked';
  return 'used';
}

export function HandCard({ hand }: { hand?: AskHandSummary }) {
  if (!hand) return null;
  const model = hand.name !== 'algorithmic';
  return (
    <div className="card hand-card" data-testid="hand-card" data-hand={hand.name} data-calls={hand.totals.calls}>
      <h3>Hand</h3>
      <p className="muted small" data-testid="hand-card-name">
        {model ? (
          <>
            Model <span className="mono">{hand.name}</span>
          </>
        ) : (
          'Algorithmic (no model loaded)'
        )}
      </p>
      {model && (
        <div className="degree-summary">
          <span>
            calls <strong data-testid="hand-card-calls">{hand.totals.calls}</strong>
          </span>
          <span>
            tokens <strong>{formatCount(hand.totals.tokens_in)}</strong> in / <strong>{formatCount(hand.totals.tokens_out)}</strong> out
          </span>
          <span>
            fallbacks <strong data-testid="hand-card-fallbacks">{hand.totals.fallbacks}</strong>
          </span>
        </div>
      )}
      {hand.calls.length > 0 && (
        <table className="ask-table" data-testid="hand-calls">
          <thead>
            <tr>
              <th style={{ width: 190 }}>Skill</th>
              <th className="num">Try</th>
              <th className="num">In</th>
              <th className="num">Out</th>
              <th className="num" style={{ width: 72 }}>
                Time
              </th>
              <th className="num">tok/s</th>
              <th>Reply</th>
            </tr>
          </thead>
          <tbody>
            {hand.calls.map((call, i) => {
              const outcome = outcomeOf(call, hand.calls[i + 1]);
              return (
                <tr key={i} data-testid="hand-call" data-skill={call.skill} data-outcome={outcome}>
                  <td className="mono" style={{ whiteSpace: 'nowrap' }}>
                    {call.skill}
                  </td>
                  <td className="num">{call.attempt}</td>
                  <td className="num">{formatCount(call.tokensIn)}</td>
                  <td className="num">{formatCount(call.tokensOut)}</td>
                  <td className="num" style={{ whiteSpace: 'nowrap' }}>
                    {formatMs(call.ms)}
                  </td>
                  <td className="num">{call.tokensPerSecond.toFixed(0)}</td>
                  <td className="small" title={call.fallbackReason}>
                    {outcome}
                    {call.fallbackReason && <div className="muted">{call.fallbackReason}</div>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {model && hand.calls.length === 0 && <p className="muted small">No skill asked the model for this question.</p>}
    </div>
  );
}
