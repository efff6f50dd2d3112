// The append-only, hash-chained audit log of Brain calls: what was sent, what came back, the analyst's
// decision, and when. One JSON record per line, appended with O_APPEND, never rewritten. The log is verified when
// opened, and a broken log is refused rather than extended. Callers pass view material and replies only;
// nothing here ever receives the API key.
import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { AuditKind, AuditRecord } from '../../../common/brainTypes.js';
import { writeFileAtomic } from '../../node/sealedFile.js';
import { AuditLogBrokenError, AuditLogMissingError } from './auditErrors.js';
import { auditHash, GENESIS_HASH } from './auditHash.js';
import { auditHeadPath } from './auditPaths.js';
import { readAuditLog } from './verifyAuditLog.js';

export class AuditLog {
  private chain: Promise<unknown> = Promise.resolve();

  private constructor(
    readonly path: string,
    private seq: number,
    private last: string,
    private readonly now: () => Date,
  ) {}

  static async open(path: string, options: { now?: () => Date } = {}): Promise<AuditLog> {
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    let seq = 0;
    let last = GENESIS_HASH;
    try {
      const { verification, records } = await readAuditLog(path);
      if (!verification.ok) throw new AuditLogBrokenError(path, verification.line, verification.reason);
      seq = records.length;
      last = records[records.length - 1]?.hash ?? GENESIS_HASH;
    } catch (e) {
      if (!(e instanceof AuditLogMissingError)) throw e;
    }
    return new AuditLog(path, seq, last, options.now ?? (() => new Date()));
  }

  /** Appends one record; records are chained in call order. */
  append(kind: AuditKind, questionId: string, data: Record<string, unknown>): Promise<AuditRecord> {
    const run = this.chain.then(async () => {
      const body = { seq: this.seq, at: this.now().toISOString(), kind, questionId, data: structuredClone(data), prev: this.last };
      const record: AuditRecord = { ...body, hash: auditHash(body) };
      await appendFile(this.path, JSON.stringify(record) + '\n', { mode: 0o600 });
      this.seq += 1;
      this.last = record.hash;
      await writeFileAtomic(auditHeadPath(this.path), Buffer.from(JSON.stringify({ records: this.seq, hash: this.last })));
      return record;
    });
    this.chain = run.catch(() => undefined);
    return run;
  }
}
