// The Brain payloads of this question, as the one payload builder made them: each text is byte for byte what a
// Brain receives (and what the approval dialog shows), with its token count and exposure from the same report.
// Each says what became of it: sent after approval, denied, failed, or kept on this machine.
import type { BrainPayloadPreview, PayloadStatus } from '../../../../src-main/common/answerTypes.js';
import { formatCount } from '../../api/formatters.js';

const STATUS_TEXT: Record<PayloadStatus, string> = {
  local: 'not sent',
  sent: 'sent (approved)',
  denied: 'denied: not sent',
  failed: 'not delivered',
};

export function BrainPayloads({ payloads }: { payloads: BrainPayloadPreview[] }) {
  const sent = payloads.filter((p) => p.status === 'sent').length;
  return (
    <section className="card" data-testid="brain-payloads">
      <h3>Brain payloads</h3>
      <p className="muted small payload-note" data-testid="payloads-summary">
        {sent === 0
          ? 'None of these left this machine. Each is the exact text a Brain would receive; a remote call is made only after you approve it.'
          : `${plural(sent, 'payload')} sent after your approval; the others stayed on this machine.`}
      </p>
      {payloads.length === 0 && <p className="muted small">No payload was built for this question.</p>}
      {payloads.map((p, i) => (
        <div className="payload" key={`${p.role}:${i}`} data-testid="brain-payload" data-role={p.role} data-status={p.status}>
          <div className="payload-head">
            <span className="tag">{p.role}</span>
            <span className={`tag payload-status payload-status-${p.status}`} data-testid="payload-status">
              {STATUS_TEXT[p.status]}
            </span>
            <span className="muted small" data-testid="payload-exposure">
              {p.tokens.estimate ? '≈' : ''}
              {plural(p.tokens.count, 'token')} ({p.tokens.encoding}{p.tokens.estimate ? ', estimate' : ''}) · {plural(p.exposure.entityTokens.length, 'entity token')} ·{' '}
              {plural(p.exposure.edges, 'edge')} · {plural(p.exposure.relationLabels.length, 'relation label')} · {plural(p.exposure.literals.length, 'literal')}
            </span>
          </div>
          <pre className="payload-text" data-testid="payload-text">
            {p.text}
          </pre>
          <dl className="exposure">
            <dt>Entity tokens</dt>
            <dd>
              {p.exposure.entityTokens.length ? p.exposure.entityTokens.map((t) => <span className="tag mono" key={t}>{t}</span>) : <span className="muted">none</span>}
            </dd>
            <dt>Relation labels</dt>
            <dd>
              {p.exposure.relationLabels.length ? p.exposure.relationLabels.map((r) => <span className="tag" key={r}>{r}</span>) : <span className="muted">none</span>}
            </dd>
            <dt>Literals</dt>
            <dd>
              {p.exposure.literals.length ? p.exposure.literals.map((l) => <span className="tag literal" key={l}>{l}</span>) : <span className="muted">none</span>}
            </dd>
          </dl>
        </div>
      ))}
    </section>
  );
}

function plural(n: number, noun: string): string {
  return `${formatCount(n)} ${noun}${n === 1 ? '' : 's'}`;
}
