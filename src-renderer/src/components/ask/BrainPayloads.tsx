// The exact texts a Brain would receive, built from the sanitized view but not sent anywhere in this version.
// Each comes with what it exposes, counted from the text itself, so the analyst can audit it before any
// remote model is ever wired in.
import type { BrainPayloadPreview } from '../../../../src-main/common/answerTypes.js';
import { formatCount } from '../../api/formatters.js';

export function BrainPayloads({ payloads }: { payloads: BrainPayloadPreview[] }) {
  return (
    <section className="card" data-testid="brain-payloads">
      <h3>Brain payloads (built, not sent)</h3>
      <p className="muted small payload-note" data-testid="payloads-not-sent">
        Nothing is sent to a remote model in this version. These are the exact texts a Brain would receive.
      </p>
      {payloads.length === 0 && <p className="muted small">No payload was built for this question.</p>}
      {payloads.map((p, i) => (
        <div className="payload" key={`${p.role}:${i}`} data-testid="brain-payload" data-role={p.role}>
          <div className="payload-head">
            <span className="tag">{p.role}</span>
            <span className="muted small" data-testid="payload-exposure">
              ≈{plural(p.exposure.tokens, 'token')} · {plural(p.exposure.entityTokens.length, 'entity token')} ·{' '}
              {plural(p.exposure.edges, 'edge')} · {plural(p.exposure.relationLabels.length, 'relation label')} ·{' '}
              {plural(p.exposure.literals.length, 'literal')}
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
