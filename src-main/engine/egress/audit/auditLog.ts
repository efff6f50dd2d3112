// The append-only, hash-chained audit log of Brain calls: what was sent, what came back, the analyst's
// decision, when, and the exposure ledger's state after each write (anchors). One JSON record per line, appended
// with O_APPEND, never rewritten. Given the audit key (a KeyStore kept apart from the log), records are keyed
// (HMAC, v 2) and so is the head file; an old unkeyed log is continued keyed, which pins its unkeyed part. The log
// is verified when opened, and a broken log is refused rather than extended. Callers pass view material and
// replies only; nothing here ever receives the API key.
import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { AuditKind, AuditRecord } from '../../../common/brainTypes.js';
import type { KeyStore } from '../../core/keyStore.js';
import { writeFileAtomic } from '../../node/sealedFile.js';
import { AuditLogBrokenError, AuditLogMissingError } from './auditErrors.js';
import { auditHash, auditKeys, auditMac, GENESIS_HASH, headMac, type AuditKeys } from './auditHash.js';
import { auditHeadPath } from './auditPaths.js';
import { readAuditLog } from './verifyAuditLog.js';

export interface AuditOpenOptions {
  /** The audit key. Without one, records are unkeyed (tests, old callers); a keyed log then refuses to open. */
  keyStore?: KeyStore;
  now?: () => Date;
}

export class AuditLog {
  private chain: Promise<unknown> = Promise.resolve();

  private constructor(
    readonly path: string,
    private seq: number,
    private last: string,
    private readonly keys: AuditKeys | undefined,
    private readonly now: () => Date,
  ) {}

  static async open(path: string, options: AuditOpenOptions = {}): Promise<AuditLog> {
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    const keys = options.keyStore ? auditKeys(await options.keyStore.key()) : undefined;
    let seq = 0;
    let last = GENESIS_HASH;
    try {
      const { verification, records } = await readAuditLog(path, options.keyStore ? { keyStore: options.keyStore } : {});
      if (!verification.ok) throw new AuditLogBrokenError(path, verification.line, verification.reason);
      // Unkeyed records after keyed ones would break the chain: a keyed log is only ever extended with its key.
      if (!keys && records.some((r) => r.v === 2)) throw new AuditLogBrokenError(path, 1, 'its records are keyed, and no audit key was given to extend it');
      seq = records.length;
      last = records[records.length - 1]?.hash ?? GENESIS_HASH;
    } catch (e) {
      if (!(e instanceof AuditLogMissingError)) throw e;
    }
    return new AuditLog(path, seq, last, keys, options.now ?? (() => new Date()));
  }

  /** Whether new records are keyed. */
  get keyed(): boolean {
    return this.keys !== undefined;
  }

  /** Appends one record; records are chained in call order. */
  append(kind: AuditKind, questionId: string, data: Record<string, unknown>): Promise<AuditRecord> {
    const run = this.chain.then(async () => {
      const fields = { seq: this.seq, at: this.now().toISOString(), kind, questionId, data: structuredClone(data), prev: this.last };
      const record: AuditRecord = this.keys ? { v: 2, ...fields, hash: auditMac(this.keys.record, { v: 2, ...fields }) } : { ...fields, hash: auditHash(fields) };
      await appendFile(this.path, JSON.stringify(record) + '\n', { mode: 0o600 });
      this.seq += 1;
      this.last = record.hash;
      const head = { records: this.seq, hash: this.last, ...(this.keys ? { mac: headMac(this.keys.head, this.seq, this.last) } : {}) };
      await writeFileAtomic(auditHeadPath(this.path), Buffer.from(JSON.stringify(head)));
      return record;
    });
    this.chain = run.catch(() => undefined);
    return run;
  }
}
