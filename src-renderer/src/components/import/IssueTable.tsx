// Line-numbered list of problems found in an import file.
import type { LineIssue } from './issueList.js';

const SHOWN = 200;

export function IssueTable({ issues, testId }: { issues: LineIssue[]; testId: string }) {
  return (
    <div className="issue-table-wrap">
      <table className="issue-table" data-testid={testId}>
        <thead>
          <tr>
            <th>Line</th>
            <th>Reason</th>
            <th>Text</th>
          </tr>
        </thead>
        <tbody>
          {issues.slice(0, SHOWN).map((issue, i) => (
            <tr key={`${issue.line}-${i}`} data-testid={`${testId}-row`} data-line={issue.line ?? ''}>
              <td className="mono">{issue.line ?? '—'}</td>
              <td>{issue.reason}</td>
              <td className="mono ellipsis" title={issue.text}>
                {issue.text ?? ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {issues.length > SHOWN && <p className="muted small">…and {issues.length - SHOWN} more.</p>}
    </div>
  );
}
