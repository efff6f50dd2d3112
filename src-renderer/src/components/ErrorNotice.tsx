// Inline display of a typed engine error: the code, the message, and validation details when there are any.
import type { ApiErrorBody } from '../../../src-main/common/contract.js';

interface Props {
  error: ApiErrorBody;
  testId?: string;
  onDismiss?: () => void;
}

export function ErrorNotice({ error, testId = 'error-notice', onDismiss }: Props) {
  return (
    <div className="error-notice" role="alert" data-testid={testId} data-error-code={error.code}>
      <span className="error-code" data-testid={`${testId}-code`}>
        {error.code}
      </span>
      <span className="error-message" data-testid={`${testId}-message`}>
        {error.message}
      </span>
      {onDismiss && (
        <button type="button" className="link-button" onClick={onDismiss} aria-label="Dismiss error">
          ×
        </button>
      )}
    </div>
  );
}
