// Local audit of the experience memory: decrypts every record on this machine and scans it for raw entity names
// and ids, session tokens of any earlier session and unbucketed literals. Every count must be 0. Rare templates
// (seen < k) are reported too: they are allowed locally but templatesForRemote keeps them out of payloads.
import type { AuditFindingKind } from '../../common/memoryContract.js';
import { traceOf, type ExperienceRecord } from './experienceRecord.js';
import type { ExperienceStore } from './experienceStore.js';
import { templatesForRemote } from './memoryGate.js';
import { findLeaks } from './traceLeaks.js';
import { type NameScanner } from '../core/nameScanner.js';

export interface AuditFinding {
  id: string;
  kind: AuditFindingKind;
  /** Field of the record (never the leaked value), or the error for an undecryptable one. */
  field: string;
}

export interface AuditReport {
  records: number;
  counts: Record<AuditFindingKind, number>;
  /** Distinct templates seen fewer than k times. */
  rareTemplates: number;
  k: number;
  findings: AuditFinding[];
  clean: boolean;
}

export interface AuditOptions {
  /** Entity names of the graphs the memory may have seen (leakDictionaries builds both, as the write-back does). */
  names?: NameScanner;
  /** Entity ids of those graphs (IRIs, keys). */
  ids?: NameScanner;
  k?: number;
}

export async function auditMemory(store: ExperienceStore, options: AuditOptions = {}): Promise<AuditReport> {
  const k = options.k ?? 2;
  const findings: AuditFinding[] = [];
  const readable: ExperienceRecord[] = [];
  const rows = await store.rows();
  for (const row of rows) {
    let record: ExperienceRecord;
    try {
      record = store.decrypt(row);
    } catch (e) {
      findings.push({ id: row.id, kind: 'undecryptable', field: (e as Error).message });
      continue;
    }
    readable.push(record);
    // The write-back gate's own rule, so a record it stored is never flagged here.
    for (const { kind, field } of findLeaks(traceOf(record), { names: options.names, ids: options.ids })) findings.push({ id: record.id, kind, field });
  }
  const counts: Record<AuditFindingKind, number> = { name: 0, id: 0, token: 0, literal: 0, undecryptable: 0 };
  for (const f of findings) counts[f.kind]++;
  const allTemplates = templatesForRemote(readable, 0).length;
  const rareTemplates = allTemplates - templatesForRemote(readable, k).length;
  return { records: rows.length, counts, rareTemplates, k, findings, clean: findings.length === 0 };
}
