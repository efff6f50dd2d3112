// Errors an import raises. Each names the file and, where it can, the line and column, so the user can fix
// the input. Reasons say what is wrong, never the file's text: errors travel to the host's clients, and the
// file may be anything readable on this machine.
import type { ImportIssue } from '../../common/graphTypes.js';

export class ImportError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    readonly reason: string,
    readonly issues: ImportIssue[] = [],
    readonly column?: number,
    options?: { cause?: unknown },
  ) {
    super(`${file}${line === undefined ? '' : `:${line}${column === undefined ? '' : `:${column}`}`}: ${reason}`, options);
    this.name = 'ImportError';
  }

  static fromIssue(issue: ImportIssue): ImportError {
    return new ImportError(issue.file, issue.line, issue.reason, [issue], issue.column);
  }
}

/** The caller's AbortSignal fired; the previous graph is untouched. */
export class ImportCancelledError extends Error {
  constructor(readonly file: string) {
    super(`Import of ${file} was cancelled; the graph is unchanged.`);
    this.name = 'ImportCancelledError';
  }
}
