// The audit chain's hash: SHA-256 over the canonical JSON of every field of a record except `hash` itself.
import { createHash } from 'node:crypto';
import type { AuditRecord } from '../../../common/brainTypes.js';
import { canonicalJson } from './canonicalJson.js';

export const GENESIS_HASH = '0'.repeat(64);

export function auditHash(record: Omit<AuditRecord, 'hash'>): string {
  const { seq, at, kind, questionId, data, prev } = record;
  return createHash('sha256').update(canonicalJson({ seq, at, kind, questionId, data, prev })).digest('hex');
}
