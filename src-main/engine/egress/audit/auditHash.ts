// The audit chain's hash. Keyed records (v 2) carry an HMAC-SHA256 under the audit key, so a tail rewritten with
// recomputed hashes does not verify without that key, which is kept apart from the log. Records written before
// the chain was keyed (no `v`) carry a plain SHA-256; they stay verifiable as they were. Both are computed over the
// canonical JSON of every field except `hash` itself; the head file gets its own MAC under a second derived key.
import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { AuditRecord } from '../../../common/brainTypes.js';
import { canonicalJson } from './canonicalJson.js';

export const GENESIS_HASH = '0'.repeat(64);

/** The two keys derived from the one stored audit key: one for records, one for the head file. */
export interface AuditKeys {
  record: Buffer;
  head: Buffer;
}

export function auditKeys(key: Buffer): AuditKeys {
  const derive = (info: string): Buffer => Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), info, 32));
  return { record: derive('ctrlg audit records'), head: derive('ctrlg audit head') };
}

/** The unkeyed hash of a record written before the chain was keyed. */
export function auditHash(record: Omit<AuditRecord, 'hash'>): string {
  const { seq, at, kind, questionId, data, prev } = record;
  return createHash('sha256').update(canonicalJson({ seq, at, kind, questionId, data, prev })).digest('hex');
}

/** The keyed hash of a v2 record (the version is covered, so a record cannot be passed off as unkeyed). */
export function auditMac(key: Buffer, record: Omit<AuditRecord, 'hash'>): string {
  const { v, seq, at, kind, questionId, data, prev } = record;
  return createHmac('sha256', key).update(canonicalJson({ v, seq, at, kind, questionId, data, prev })).digest('hex');
}

/** The head file's MAC over the record count and last hash it pins. */
export function headMac(key: Buffer, records: number, hash: string): string {
  return createHmac('sha256', key).update(canonicalJson({ records, hash })).digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}
