// Audit log errors.

export class AuditLogMissingError extends Error {
  constructor(readonly path: string) {
    super(`No audit log at ${path}: no Brain call has been recorded there (pass --audit FILE for another log).`);
    this.name = 'AuditLogMissingError';
  }
}

/** The log on disk is already broken: new records are refused rather than chained onto a tampered file. */
export class AuditLogBrokenError extends Error {
  constructor(
    readonly path: string,
    readonly line: number,
    reason: string,
  ) {
    super(`The audit log ${path} is broken at line ${line} (${reason}); new records are not appended to it. Move it aside to start a new log.`);
    this.name = 'AuditLogBrokenError';
  }
}
