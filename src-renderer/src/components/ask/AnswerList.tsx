// Ranked answers; clicking one shows its evidence below.
import type { RankedAnswer } from '../../../../src-main/common/answerTypes.js';
import { formatScore } from './askFormat.js';

interface Props {
  answers: RankedAnswer[];
  selected: string | null;
  onSelect(id: string): void;
  /** The answer type the question asks for, to say why a candidate is of the wrong type. */
  expected?: string;
  /** Rank of the first item (other candidates continue the numbering of the answer set). */
  start?: number;
  testId?: string;
}

export function AnswerList({ answers, selected, onSelect, expected, start = 1, testId = 'answer-list' }: Props) {
  if (answers.length === 0) return <p className="muted" data-testid="no-answers">No answer was found along the predicted paths.</p>;
  // Scores are relative (they may be negative): bars span the range between the weakest and the best answer.
  const best = Math.max(...answers.map((a) => a.score));
  const worst = Math.min(...answers.map((a) => a.score));
  const share = (score: number) => (best > worst ? (score - worst) / (best - worst) : 1);
  return (
    <ol className="answer-list" data-testid={testId} start={start}>
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
            data-in-set={a.inSet === true}
            data-type-fit={a.typeFit ?? 'unknown'}
          >
            <span className="answer-rank">{start + i}</span>
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
            {a.typeFit === 'mismatch' && (
              <span className="tag tag-unique answer-wrong-type" data-testid="answer-wrong-type" title="The Hand's reading of the question asks for another kind of thing">
                not a {expected ?? 'match for the question'}
              </span>
            )}
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
