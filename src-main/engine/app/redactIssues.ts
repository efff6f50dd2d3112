// Import issues leave the engine without the line's text: over the contract (host, shell) the caller may
// not be the file's owner, and the line number and reason are enough to find and fix it.
import type { ImportIssue } from '../../common/graphTypes.js';

export function redactIssues(issues: readonly ImportIssue[]): ImportIssue[] {
  return issues.map((issue) => ({ ...issue, text: '' }));
}
