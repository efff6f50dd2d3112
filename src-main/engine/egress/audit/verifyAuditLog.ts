// Verifies the audit chain: every line parses, numbers run 0,1,2,…, each record names its predecessor's hash
// and its own hash matches its content. An edit breaks a hash, a deletion or insertion breaks the numbering and
// the prev link, a reorder breaks both. A removed tail is caught by the head file that pins the last record.
// The chain is unkeyed SHA-256: it proves the file was not altered by anything short of recomputing the
// whole chain from the altered line on.
import { readFile } from 'node:fs/promises';
import type { AuditRecord, AuditVerifyResult } from '../../../common/brainTypes.js';
import { AuditLogMissingError } from './auditErrors.js';
import { auditHash, GENESIS_HASH } from './auditHash.js';
import { auditHeadPath } from './auditPaths.js';

export interface AuditHead {
  records: number;
  hash: string;
}

const KINDS = new Set(['decision', 'request', 'response', 'failure']);

function shapeProblem(r: unknown): string | undefined {
  if (!r || typeof r !== 'object' || Array.isArray(r)) return 'not a JSON object';
  const x = r as Partial<AuditRecord>;
  if (!Number.isInteger(x.seq)) return 'missing seq';
  if (typeof x.at !== 'string' || typeof x.questionId !== 'string' || typeof x.prev !== 'string' || typeof x.hash !== 'string') return 'missing fields';
  if (!KINDS.has(x.kind as string)) return `unknown kind ${JSON.stringify(x.kind)}`;
  if (!x.data || typeof x.data !== 'object' || Array.isArray(x.data)) return 'missing data';
  return undefined;
}

/** Checks a log's text; `head` (when known) pins how many records it must have. */
export function verifyAuditText(text: string, head?: AuditHead): AuditVerifyResult & { recordsRead: AuditRecord[] } {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const records: AuditRecord[] = [];
  let prev = GENESIS_HASH;
  const bad = (line: number, reason: string) => ({ ok: false as const, records: records.length, line, reason, recordsRead: records });
  for (let i = 0; i < lines.length; i++) {
    const line = i + 1;
    let r: AuditRecord;
    try {
      r = JSON.parse(lines[i]) as AuditRecord;
    } catch {
      return bad(line, 'not valid JSON');
    }
    const problem = shapeProblem(r);
    if (problem) return bad(line, problem);
    if (r.seq !== i) return bad(line, `record number ${r.seq} where ${i} was expected (a line was removed, inserted or moved)`);
    if (r.prev !== prev) return bad(line, "it does not link to the previous record's hash (a line was removed, inserted or moved)");
    if (auditHash(r) !== r.hash) return bad(line, 'its content does not match its hash (the record was edited)');
    prev = r.hash;
    records.push(r);
  }
  if (head) {
    if (records.length < head.records)
      return bad(records.length + 1, `the log ends after ${records.length} records but its head file records ${head.records} (lines were removed from the end)`);
    if (head.records > 0 && records[head.records - 1].hash !== head.hash) return bad(head.records, 'the record pinned by the head file has a different hash');
  }
  return { ok: true, records: records.length, recordsRead: records };
}

export async function readAuditHead(path: string): Promise<AuditHead | undefined> {
  try {
    const h = JSON.parse(await readFile(auditHeadPath(path), 'utf8')) as AuditHead;
    return Number.isInteger(h.records) && typeof h.hash === 'string' ? h : { records: Number.MAX_SAFE_INTEGER, hash: '' };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    // A head file that exists but cannot be read is itself a sign of tampering.
    return { records: Number.MAX_SAFE_INTEGER, hash: '' };
  }
}

async function readLog(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new AuditLogMissingError(path);
    throw e;
  }
}

/** Verifies the log at `path` (and its head file). Throws AuditLogMissingError when there is no log. */
export async function verifyAuditLog(path: string): Promise<AuditVerifyResult> {
  const { recordsRead: _r, ...result } = verifyAuditText(await readLog(path), await readAuditHead(path));
  return result;
}

/** The records of a log together with its verification result. */
export async function readAuditLog(path: string): Promise<{ verification: AuditVerifyResult; records: AuditRecord[] }> {
  const { recordsRead, ...verification } = verifyAuditText(await readLog(path), await readAuditHead(path));
  return { verification, records: recordsRead };
}
