// The exposure ledger anchored in the audit chain: after each ledger write the Brain step appends a `ledger` record
// with the ledger's call count and the SHA-256 of its sealed file. The file is checked against the last anchor, so a
// deleted, rolled-back, replaced or edited ledger shows, without the ledger key (the digest is over ciphertext).
// The audit layer sits below the ledger: it knows the file only as bytes.
import { createHash } from 'node:crypto';
import type { AuditRecord } from '../../../common/brainTypes.js';

export interface LedgerAnchor {
  /** Calls the ledger had recorded when it was anchored. */
  seq: number;
  /** SHA-256 (hex) of the sealed ledger file as written. */
  digest: string;
}

export function ledgerDigest(sealed: Uint8Array): string {
  return createHash('sha256').update(sealed).digest('hex');
}

function isAnchor(data: unknown): data is LedgerAnchor {
  const d = data as Partial<LedgerAnchor> | undefined;
  return Number.isInteger(d?.seq) && typeof d?.digest === 'string';
}

/**
 * Why the ledger file does not match the chain's last anchor ({line, reason}), or undefined when it matches or
 * nothing was anchored. `sealed` is undefined when the file does not exist.
 */
export function ledgerAnchorProblem(
  records: readonly AuditRecord[],
  sealed: Uint8Array | undefined,
  ledgerPath: string,
): { kind: 'missing' | 'mismatch'; line: number; seq: number; reason: string } | undefined {
  let index = -1;
  for (let i = records.length - 1; i >= 0; i--)
    if (records[i].kind === 'ledger' && isAnchor(records[i].data)) {
      index = i;
      break;
    }
  if (index < 0) return undefined;
  const anchor = records[index].data as unknown as LedgerAnchor;
  const line = index + 1;
  if (sealed === undefined)
    return anchor.seq > 0 ? { kind: 'missing', line, seq: anchor.seq, reason: `the exposure ledger ${ledgerPath} is missing, but this record anchors it at ${anchor.seq} call(s) (the ledger was deleted)` } : undefined;
  if (ledgerDigest(sealed) !== anchor.digest)
    return {
      kind: 'mismatch',
      line,
      seq: anchor.seq,
      reason: `the exposure ledger ${ledgerPath} is not the one this record anchors at ${anchor.seq} call(s) (it was rolled back, replaced or edited; or the app stopped between the ledger write and this record)`,
    };
  return undefined;
}
