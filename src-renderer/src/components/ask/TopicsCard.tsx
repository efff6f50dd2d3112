// Which entities the question was linked to (mention → entity, with its session token), and the question as a
// Brain would receive it: the mentions replaced by those tokens.
import type { TopicMatch } from '../../../../src-main/common/answerTypes.js';
import { formatScore, shortToken } from './askFormat.js';

interface Props {
  topics: TopicMatch[];
  anonymizedQuestion: string;
}

export function TopicsCard({ topics, anonymizedQuestion }: Props) {
  return (
    <div className="card" data-testid="ask-topics">
      <h3>Topic entities</h3>
      {topics.length === 0 ? (
        <p className="muted small">None found.</p>
      ) : (
        <table className="ask-table">
          <thead>
            <tr>
              <th>Mention</th>
              <th>Entity</th>
              <th className="num">Score</th>
              <th className="token-col">Token</th>
            </tr>
          </thead>
          <tbody>
            {topics.map((t) => (
              <tr key={`${t.id}:${t.mention}`} data-testid="topic-row">
                <td>“{t.mention}”</td>
                <td>{t.name}</td>
                <td className="num">{formatScore(t.score)}</td>
                <td className="mono" title={t.token}>
                  {t.token ? shortToken(t.token) : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="anonymized">
        <div className="muted small">Anonymised question</div>
        <div className="mono" data-testid="anonymized-question">
          {anonymizedQuestion}
        </div>
      </div>
    </div>
  );
}
