// No topic entity in the question: say so, and offer the closest names; a click puts the name into the
// question and asks again.
import type { AskResult } from '../../../../src-main/common/answerTypes.js';

interface Props {
  notFound: NonNullable<AskResult['notFound']>;
  onPick(name: string): void;
}

export function NotFoundNotice({ notFound, onPick }: Props) {
  return (
    <div className="notice not-found" role="status" data-testid="ask-not-found">
      <div>{notFound.message}</div>
      {notFound.closest.length > 0 && (
        <div className="suggestions">
          <span>Did you mean:</span>
          {notFound.closest.map((name) => (
            <button type="button" className="suggestion" key={name} onClick={() => onPick(name)} data-testid="ask-suggestion">
              {name}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
