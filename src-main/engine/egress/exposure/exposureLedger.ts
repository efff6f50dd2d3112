// The exposure ledger: per Brain call, per session and across sessions, what became visible to a Brain. Local
// and encrypted at rest (AES-256-GCM, key from a KeyStore), rewritten atomically on every call; an unreadable
// file is an error, never a silent reset. One writer per file: calls are serialised inside this object.
import { createHmac, hkdfSync, randomUUID } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { BrainRole, ExposedItemStatus, ExposureReport, LedgerEntry, LedgerSummary } from '../../../common/brainTypes.js';
import type { ExposureHistory } from '../../core/exposureHistory.js';
import { percentile, topShare } from './exposureStats.js';
import { ledgerDigest, type LedgerAnchor } from '../audit/ledgerAnchor.js';
import type { KeyStore } from '../../core/keyStore.js';
import { LedgerCorruptError, ledgerKeyError } from './ledgerErrors.js';
import { emptyLedgerState, ledgerStateProblem, touch, type LedgerState, type SeenRecord } from './ledgerState.js';
import { seal, unseal, writeFileAtomic } from '../../node/sealedFile.js';
import type { TokenResolver } from './tokenResolver.js';

const MAGIC = Buffer.from('CGLEDG01', 'ascii');

export interface LedgerOpenOptions {
  path: string;
  /** Headless: a FileKeyStore of `<data>/exposure/ledger.key` (32 raw bytes). */
  keyStore: KeyStore;
  /** Defaults to a fresh id: one ledger session per app or CLI run. */
  sessionId?: string;
  now?: () => Date;
}

export interface LedgerCall {
  questionId: string;
  role: BrainRole;
  model: string;
  report: ExposureReport;
  resolve: TokenResolver;
  tokensSent: number;
  tokensReceived: number;
}

/** A record not yet seen in any session; touch() stamps the session. */
const seen = (_session: string): SeenRecord => ({ sessions: 0, calls: 0, lastSession: '' });

export class ExposureLedger {
  private chain: Promise<unknown> = Promise.resolve();
  /** SHA-256 of the sealed file as last read or written ('' before the first write): anchored in the audit chain. */
  private digest = '';

  private constructor(
    readonly path: string,
    readonly sessionId: string,
    private state: LedgerState,
    private readonly encryptionKey: Buffer,
    private readonly subjectKey: Buffer,
    private readonly now: () => Date,
  ) {}

  static async open(options: LedgerOpenOptions): Promise<ExposureLedger> {
    let key: Buffer;
    try {
      key = await options.keyStore.key();
    } catch (e) {
      throw ledgerKeyError(e);
    }
    const now = options.now ?? (() => new Date());
    // Separate keys for encryption and subject HMACs, both derived from the one stored key.
    const encryptionKey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'ctrlg ledger encryption', 32));
    const subjectKey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'ctrlg ledger subjects', 32));
    let state: LedgerState;
    let sealed: Buffer | undefined;
    try {
      sealed = await readFile(options.path);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new LedgerCorruptError(options.path, (e as Error).message);
    }
    if (sealed === undefined) state = emptyLedgerState(now());
    else {
      let parsed: unknown;
      try {
        parsed = JSON.parse(unseal(encryptionKey, MAGIC, sealed).toString('utf8'));
      } catch (e) {
        throw new LedgerCorruptError(options.path, e instanceof SyntaxError ? 'decrypted content is not JSON' : (e as Error).message);
      }
      const problem = ledgerStateProblem(parsed);
      if (problem) throw new LedgerCorruptError(options.path, problem);
      state = parsed as LedgerState;
    }
    const ledger = new ExposureLedger(options.path, options.sessionId ?? randomUUID(), state, encryptionKey, subjectKey, now);
    if (sealed) ledger.digest = ledgerDigest(sealed);
    return ledger;
  }

  private subject(kind: string, id: string): string {
    return createHmac('sha256', this.subjectKey).update(`${kind}\u0000${id}`).digest('hex');
  }

  private entityKeys(token: string, resolve: TokenResolver): string[] {
    return resolve(token).map((id) => this.subject('entity', id));
  }

  private edgeKey(head: string, relation: string, tail: string, resolve: TokenResolver): string {
    const side = (t: string): string => this.entityKeys(t, resolve).sort().join(',');
    return this.subject('edge', `${side(head)}\u0000${relation}\u0000${side(tail)}`);
  }

  private status(records: (SeenRecord | undefined)[]): ExposedItemStatus {
    // A token standing for several entities is new if any of them is.
    if (!records.length) return { newInSession: true, newEver: true };
    return {
      newEver: records.some((r) => !r),
      newInSession: records.some((r) => !r || r.lastSession !== this.sessionId),
    };
  }

  /** What this ledger knows about a question's tokens, for the exposure report. */
  history(resolve: TokenResolver): ExposureHistory {
    const s = this.state;
    return {
      entity: (token) => this.status(this.entityKeys(token, resolve).map((k) => s.entities[k])),
      edge: (h, r, t) => this.status([s.edges[this.edgeKey(h, r, t, resolve)]]),
      relation: (label) => this.status([s.relations[label]]),
      literal: (value) => this.status([s.literals[value]]),
    };
  }

  /** Records one call that left (or may have left) the machine, and persists the ledger. */
  record(call: LedgerCall): Promise<LedgerEntry> {
    const run = this.chain.then(() => this.recordNow(call));
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async recordNow(call: LedgerCall): Promise<LedgerEntry> {
    const next = structuredClone(this.state);
    const session = this.sessionId;
    const at = this.now().toISOString();
    const sess = (next.sessions[session] ??= { startedAt: at, calls: 0, tokensSent: 0, tokensReceived: 0, entities: 0 });
    let newEntities = 0;
    const keys = new Set(call.report.entityTokens.flatMap((t) => this.entityKeys(t.token, call.resolve)));
    for (const k of keys) {
      const existed = !!next.entities[k];
      if (touch(next.entities, k, session, () => seen(session))) sess.entities += 1;
      if (!existed) newEntities += 1;
    }
    for (const e of call.report.edges) {
      touch(next.edges, this.edgeKey(e.head, e.relation, e.tail, call.resolve), session, () => seen(session));
      (next.relations[e.relation] ??= { ...seen(session), edges: 0 }).edges += 1;
    }
    for (const r of call.report.relationLabels) touch(next.relations, r.value, session, () => ({ ...seen(session), edges: 0 }));
    for (const l of call.report.literals) touch(next.literals, l.value, session, () => seen(session));
    sess.calls += 1;
    sess.tokensSent += call.tokensSent;
    sess.tokensReceived += call.tokensReceived;
    const entry: LedgerEntry = {
      at,
      sessionId: session,
      questionId: call.questionId,
      role: call.role,
      model: call.model,
      tokensSent: call.tokensSent,
      tokensReceived: call.tokensReceived,
      entities: keys.size,
      newEntities,
      edges: call.report.edges.length,
      relations: call.report.relationLabels.map((r) => r.value),
      literals: call.report.literals.length,
    };
    next.calls.push(entry);
    await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
    const sealedNext = seal(this.encryptionKey, MAGIC, Buffer.from(JSON.stringify(next), 'utf8'));
    await writeFileAtomic(this.path, sealedNext);
    // Swap only after the write succeeded, so memory never runs ahead of what is stored.
    this.state = next;
    this.digest = ledgerDigest(sealedNext);
    return entry;
  }

  /** The state to anchor in the audit chain after a write: calls recorded and the sealed file's digest. */
  anchor(): LedgerAnchor {
    return { seq: this.state.calls.length, digest: this.digest };
  }

  summary(): LedgerSummary {
    const s = this.state;
    const exposure = Object.values(s.entities).map((e) => e.sessions);
    const sorted = [...exposure].sort((a, b) => a - b);
    const perRelation: Record<string, number> = {};
    for (const [label, r] of Object.entries(s.relations)) if (r.edges > 0) perRelation[label] = r.edges;
    const cur = s.sessions[this.sessionId];
    const sum = (f: (c: LedgerEntry) => number): number => s.calls.reduce((a, c) => a + f(c), 0);
    return {
      sessions: Object.keys(s.sessions).length,
      calls: s.calls.length,
      tokensSent: sum((c) => c.tokensSent),
      tokensReceived: sum((c) => c.tokensReceived),
      entitiesExposed: exposure.length,
      nodeExposure: { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? 0 },
      top1PercentShare: topShare(exposure, 0.01),
      perRelation,
      currentSession: {
        id: this.sessionId,
        calls: cur?.calls ?? 0,
        entities: cur?.entities ?? 0,
        tokensSent: cur?.tokensSent ?? 0,
        tokensReceived: cur?.tokensReceived ?? 0,
      },
    };
  }
}
