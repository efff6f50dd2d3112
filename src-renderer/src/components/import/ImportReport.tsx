// Outcome of an import: a summary on success (with the lines a lenient import skipped) or the typed error.
import { formatCount } from '../../api/formatters.js';
import type { ImportJob } from '../../stores/importStore.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { IssueTable } from './IssueTable.js';
import { issuesFromDetails } from './issueList.js';

export function ImportReport({ job }: { job: ImportJob }) {
  if (job.status === 'done' && job.result) {
    const r = job.result;
    return (
      <div className="import-report" data-testid="import-report" data-status="done">
        <p className="success" data-testid="import-summary">
          Imported {formatCount(r.triplesAdded)} new triples into <strong>{r.graph}</strong> ({formatCount(r.triplesTotal)}{' '}
          triples, {formatCount(r.entitiesTotal)} entities in total) as {r.format} in {(r.ms / 1000).toFixed(1)} s.
        </p>
        {r.skipped.length > 0 && (
          <>
            <p className="warning" data-testid="import-skipped-count">
              Skipped {formatCount(r.skipped.length)} malformed line{r.skipped.length === 1 ? '' : 's'}:
            </p>
            <IssueTable issues={issuesFromDetails(r.skipped)} testId="import-skipped" />
          </>
        )}
      </div>
    );
  }
  if (job.error) {
    const issues = issuesFromDetails(job.error.details);
    return (
      <div className="import-report" data-testid="import-report" data-status={job.status}>
        <ErrorNotice error={job.error} testId="import-error" />
        {issues.length > 0 && <IssueTable issues={issues} testId="import-error-lines" />}
      </div>
    );
  }
  return null;
}
