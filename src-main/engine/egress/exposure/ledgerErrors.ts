// Ledger errors. A ledger that cannot be read is never silently replaced: the analyst's exposure history is
// evidence, so the error says where the file is and what to do.
import { KeyFileError } from '../../node/fileKeyStore.js';

export class LedgerCorruptError extends Error {
  constructor(
    readonly path: string,
    detail: string,
  ) {
    super(
      `The exposure ledger ${path} cannot be read (${detail}). It was left untouched; restore it from a backup, ` +
        'or move it aside to start a new ledger (its history is then lost).',
    );
    this.name = 'LedgerCorruptError';
  }
}

export class LedgerKeyError extends Error {
  constructor(
    readonly path: string,
    detail: string,
  ) {
    super(`The exposure ledger key ${path} is unusable: ${detail}`);
    this.name = 'LedgerKeyError';
  }
}

/** A KeyFileError as the ledger reports it; anything else as it is. */
export function ledgerKeyError(e: unknown): unknown {
  return e instanceof KeyFileError ? new LedgerKeyError(e.path, e.detail) : e;
}

/** The ledger file is gone although the audit chain anchors it: opening an empty one would restart every count. */
export class LedgerMissingError extends Error {
  constructor(
    readonly path: string,
    readonly anchoredCalls: number,
    readonly auditLine: number,
  ) {
    super(
      `The exposure ledger ${path} is missing, but the audit log anchors it at ${anchoredCalls} call(s) (line ${auditLine}): it was deleted. ` +
        'Brain calls stay off rather than restart its counts from zero; restore it from a backup (or move the audit log aside with it to start both anew).',
    );
    this.name = 'LedgerMissingError';
  }
}
