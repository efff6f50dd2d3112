// The whole request a Brain call sends — system prompt, messages, model and parameters — as the serialized body the
// gateway puts on the wire, with its exact byte count, and the rule for when the same request is sent again.
import type { FullRequest } from '../../../../src-main/common/brainTypes.js';

export function FullRequestView({ request }: { request: FullRequest }) {
  return (
    <div className="full-request">
      <p className="muted small retry-policy" data-testid="approval-retry">
        <strong>Resends:</strong> {request.retry}
      </p>
      <details data-testid="approval-full-request">
        <summary>
          Full request as sent (system prompt, messages, model, parameters) ·{' '}
          <span className="mono" data-testid="full-request-bytes" data-bytes={request.bytes}>
            {request.bytes.toLocaleString('en')} bytes
          </span>
        </summary>
        <pre className="payload-text full-request-json" data-testid="full-request-json">
          {request.json}
        </pre>
      </details>
    </div>
  );
}
