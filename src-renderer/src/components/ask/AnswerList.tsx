// Ranked answers; clicking one shows its evidence below.
import type { RankedAnswer } from '../../../../src-main/common/answerTypes.js';
import { formatScore } from './askFormat.js';

interface Props {
  answers: RankedAnswer[];
  selected: string | null;
  onSelect(id: string): void;
}

export function AnswerList({ answers, selected, onSelect }: Props) {
  if (answers.length === 0) return <p className="muted" data-testid="no-answers">No answer was found along the predicted paths.</p>;
  // Scores are relative (they may be negative): bars span the range between the weakest and the best answer.
  const best = Math.max(...answers.map((a) => a.score));
  const worst = Math.min(...answers.map((a) => a.score));
  const share = (score: number) => (best > worst ? (score - worst) / (best - worst) : 1);
  return (
    <ol className="answer-list" data-testid="answer-list">
      {answers.map((a, i) => (
        <li key={a.id}>
          <button
            type="button"
            className={`answer-item${a.id === selected ? ' selected' : ''}`}
            aria-pressed={a.id === selected}
            onClick={() => onSelect(a.id)}
            data-testid="answer-item"
            data-answer-name={a.name}
            data-inferred={a.inferred !== undefined}
          >
            <span className="answer-rank">{i + 1}</span>
            <span className="answer-name" title={a.name} data-testid="answer-name">
              {a.name}
            </span>
            <span className="answer-score" data-testid="answer-score">
              {formatScore(a.score)}
            </span>
            <span className="answer-bar">
              <span style={{ width: `${Math.max(0.04, share(a.score)) * 100}%` }} />
            </span>
            <span className="muted small answer-paths">
              {a.rawPaths.length} path{a.rawPaths.length === 1 ? '' : 's'}
            </span>
            {/* A GraSP answer whose last edge is missing from the graph says so, in full. */}
            {a.inferred && (
              <span className="answer-inferred" data-testid="answer-inferred">
                {a.inferred}
              </span>
            )}
          </button>
        </li>
      ))}
    </ol>
  );
}
