// Verifies the audit chain: every line parses, numbers run 0,1,2,…, each record names its predecessor's hash
// and its own hash matches its content. An edit breaks a hash, a deletion or insertion breaks the numbering and
// the prev link, a reorder breaks both. A removed tail is caught by the head file that pins the last record.
// Keyed records (v 2) are HMACs under the audit key, kept apart from the log: a tail rewritten with recomputed
// hashes fails without that key, and so does a forged head file; once a log is keyed its head file must exist and
// no unkeyed record may follow a keyed one. With a ledger path, the exposure ledger is checked against the chain's
// last anchor (ledgerAnchor.ts). Logs written before the chain was keyed verify as before, with a note saying
// what an unkeyed chain cannot prove; their next record starts the keyed part, which then pins them.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { AuditRecord, AuditVerifyResult } from '../../../common/brainTypes.js';
import type { KeyStore } from '../../core/keyStore.js';
import { AuditLogMissingError } from './auditErrors.js';
import { auditHash, auditKeys, auditMac, GENESIS_HASH, headMac, sameDigest, type AuditKeys } from './auditHash.js';
import { auditHeadPath } from './auditPaths.js';
import { ledgerAnchorProblem } from './ledgerAnchor.js';

export interface AuditHead {
  records: number;
  hash: string;
  /** Keyed logs: HMAC of records and hash under the head key. */
  mac?: string;
}

export interface AuditVerifyOptions {
  /** The audit key: without it a keyed log's links and numbering are checked, not its records' contents. */
  keyStore?: KeyStore;
  /** The exposure ledger file to check against the chain's last anchor. */
  ledgerPath?: string;
}

const KINDS = new Set(['decision', 'request', 'response', 'failure', 'ledger', 'download']);
/** A head file that exists but cannot be read pins more than any log has: itself a sign of tampering. */
const UNREADABLE_HEAD: AuditHead = { records: Number.MAX_SAFE_INTEGER, hash: '' };

function shapeProblem(r: unknown): string | undefined {
  if (!r || typeof r !== 'object' || Array.isArray(r)) return 'not a JSON object';
  const x = r as Partial<AuditRecord>;
  if (x.v !== undefined && x.v !== 2) return `unknown record version ${JSON.stringify(x.v)}`;
  if (!Number.isInteger(x.seq)) return 'missing seq';
  if (typeof x.at !== 'string' || typeof x.questionId !== 'string' || typeof x.prev !== 'string' || typeof x.hash !== 'string') return 'missing fields';
  if (!KINDS.has(x.kind as string)) return `unknown kind ${JSON.stringify(x.kind)}`;
  if (!x.data || typeof x.data !== 'object' || Array.isArray(x.data)) return 'missing data';
  return undefined;
}

type TextResult = AuditVerifyResult & { recordsRead: AuditRecord[]; keyed: number };

/**
 * Checks a log's text; `head` (when known, `null` when the head file is missing) pins how many records it must have;
 * `keys` check keyed records' contents. `headName` names the head file in messages.
 */
export function verifyAuditText(text: string, head?: AuditHead | null, keys?: AuditKeys, headName = 'the head file'): TextResult {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const records: AuditRecord[] = [];
  let prev = GENESIS_HASH;
  let keyed = 0;
  const bad = (line: number, reason: string): TextResult => ({ ok: false as const, records: records.length, line, reason, recordsRead: records, keyed });
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
    if (r.v === 2) {
      keyed++;
      if (keys && !sameDigest(auditMac(keys.record, r), r.hash))
        return bad(line, 'its content does not match its keyed hash (the record was edited or rewritten without the audit key, or this is not the key the log was written with)');
    } else {
      if (keyed > 0) return bad(line, 'an unkeyed record after keyed ones (the log was rewritten from here on without the audit key)');
      if (auditHash(r) !== r.hash) return bad(line, 'its content does not match its hash (the record was edited)');
    }
    prev = r.hash;
    records.push(r);
  }
  if (keyed > 0 && head === null) return bad(records.length, `${headName} is missing (it was removed): the end of the log cannot be confirmed`);
  if (head) {
    if (keyed > 0 && head !== UNREADABLE_HEAD) {
      if (typeof head.mac !== 'string') return bad(Math.min(head.records, records.length), `${headName} carries no MAC although the log is keyed (it was replaced)`);
      if (keys && !sameDigest(headMac(keys.head, head.records, head.hash), head.mac)) return bad(Math.min(head.records, records.length), `${headName} was altered (its MAC does not match)`);
    }
    if (records.length < head.records)
      return bad(
        records.length + 1,
        head === UNREADABLE_HEAD
          ? `${headName} exists but cannot be read`
          : `the log ends after ${records.length} records but its head file records ${head.records} (lines were removed from the end)`,
      );
    if (head.records > 0 && records[head.records - 1].hash !== head.hash) return bad(head.records, 'the record pinned by the head file has a different hash');
  }
  const notes: string[] = [];
  const unkeyed = records.length - keyed;
  if (unkeyed > 0)
    notes.push(
      keyed > 0
        ? `${unkeyed} record(s) from before the chain was keyed, pinned by the keyed records after them`
        : `${unkeyed} unkeyed record(s) (written before the chain was keyed): an edit followed by recomputed hashes would not show; the next record starts the keyed chain`,
    );
  if (keyed > 0 && !keys) notes.push('no audit key: links, numbering and the head were checked, the records’ contents were not');
  return { ok: true, records: records.length, ...(notes.length ? { notes } : {}), recordsRead: records, keyed };
}

/** The head file, `null` when there is none, or a head no log can satisfy when it cannot be read or parsed. */
export async function readAuditHead(path: string): Promise<AuditHead | null> {
  try {
    const h = JSON.parse(await readFile(auditHeadPath(path), 'utf8')) as AuditHead;
    return Number.isInteger(h.records) && typeof h.hash === 'string' && (h.mac === undefined || typeof h.mac === 'string') ? h : UNREADABLE_HEAD;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    return UNREADABLE_HEAD;
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

async function readOptional(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

/** The audit keys from a store, or a note saying why there are none. */
async function keysOf(keyStore: KeyStore | undefined): Promise<{ keys?: AuditKeys; note?: string }> {
  if (!keyStore) return {};
  try {
    return { keys: auditKeys(await keyStore.key()) };
  } catch (e) {
    return { note: `the audit key (${keyStore.description}) could not be read: ${(e as Error).message}` };
  }
}

/** The records of a log with its verification result (chain, head, and the ledger anchor when a ledger path is given). */
export async function readAuditLog(path: string, options: AuditVerifyOptions = {}): Promise<{ verification: AuditVerifyResult; records: AuditRecord[] }> {
  let text: string;
  try {
    text = await readLog(path);
  } catch (e) {
    // No log at all is fine on a fresh folder, not where a head file or a ledger shows that calls were recorded.
    if (!(e instanceof AuditLogMissingError)) throw e;
    const head = await readAuditHead(path);
    const ledger = options.ledgerPath ? await readOptional(options.ledgerPath) : undefined;
    if (head === null && ledger === undefined) throw e;
    const witness = head !== null ? `its head file ${basename(auditHeadPath(path))}` : `the exposure ledger ${options.ledgerPath}`;
    return { verification: { ok: false, records: 0, line: 1, reason: `the audit log ${path} is missing, but ${witness} exists (the log was deleted)` }, records: [] };
  }
  // After the log was found: verifying a folder without a log must not create its key.
  const { keys, note } = await keysOf(options.keyStore);
  const { recordsRead, keyed, ...verification } = verifyAuditText(text, await readAuditHead(path), keys, basename(auditHeadPath(path)));
  if (!verification.ok) return { verification, records: recordsRead };
  // A keyed log whose key is gone cannot be checked: that is a finding, not a pass with a footnote.
  if (keyed > 0 && note) return { verification: { ok: false, records: recordsRead.length, line: 1, reason: `the log is keyed, but ${note}` }, records: recordsRead };
  if (options.ledgerPath) {
    const problem = ledgerAnchorProblem(recordsRead, await readOptional(options.ledgerPath), options.ledgerPath);
    if (problem) return { verification: { ok: false, records: recordsRead.length, line: problem.line, reason: problem.reason }, records: recordsRead };
  }
  const notes = [...(verification.notes ?? []), ...(note ? [note] : [])];
  return { verification: { ok: true, records: verification.records, ...(notes.length ? { notes } : {}) }, records: recordsRead };
}

/** Verifies the log at `path` (and its head file, and the ledger). Throws AuditLogMissingError when there is no log. */
export async function verifyAuditLog(path: string, options: AuditVerifyOptions = {}): Promise<AuditVerifyResult> {
  return (await readAuditLog(path, options)).verification;
}
