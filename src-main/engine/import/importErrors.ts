// Errors an import raises. Each names the file and, where it can, the line, so the user can fix the input.
import type { ImportIssue } from '../../common/graphTypes.js';

export class ImportError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    readonly reason: string,
    readonly issues: ImportIssue[] = [],
  ) {
    super(line === undefined ? `${file}: ${reason}` : `${file}:${line}: ${reason}`);
    this.name = 'ImportError';
  }

  static fromIssue(issue: ImportIssue): ImportError {
    return new ImportError(issue.file, issue.line, issue.reason, [issue]);
  }
}

/** The caller's AbortSignal fired; the previous graph is untouched. */
export class ImportCancelledError extends Error {
  constructor(readonly file: string) {
    super(`Import of ${file} was cancelled; the graph is unchanged.`);
    this.name = 'ImportCancelledError';
  }
}
