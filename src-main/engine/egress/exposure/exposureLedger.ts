// The exposure ledger: per Brain call, per session and across sessions, what became visible to a Brain. Local
// and encrypted at rest (AES-256-GCM, key from a KeyStore), rewritten atomically on every call; an unreadable
// file is an error, never a silent reset. One writer per file: calls are serialised inside this object.
// A session is one question (its id, within this run): node exposure is the fraction of an entity's eligible
// sessions (questions whose G_Q^raw held it, recorded by recordEligible) in which a Brain saw it.
import { createHmac, hkdfSync, randomUUID } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ExposureRunFigures } from '../../../common/exposureReportTypes.js';
import type { BrainRole, ExposedItemStatus, ExposureReport, LedgerEntry, LedgerSummary } from '../../../common/brainTypes.js';
import type { ExposureHistory } from '../../core/exposureHistory.js';
import { recordedRelation } from '../../core/tokens.js';
import { nodeExposureStats, type ExposureCount } from './exposureStats.js';
import { ledgerDigest, type LedgerAnchor } from '../audit/ledgerAnchor.js';
import type { KeyStore } from '../../core/keyStore.js';
import { LedgerCorruptError, ledgerKeyError } from './ledgerErrors.js';
import { emptyLedgerState, ledgerStateProblem, touch, type LedgerState, type SeenRecord } from './ledgerState.js';
import { seal, unseal, writeFileAtomic } from '../../node/sealedFile.js';
import type { TokenResolver } from './tokenResolver.js';
import type { SubjectRecord } from './exposureTable.js';
import type { ExposedRelationRow } from '../../../common/exposureTableTypes.js';

const MAGIC = Buffer.from('CGLEDG01', 'ascii');

export interface LedgerOpenOptions {
  path: string;
  /** Headless: a FileKeyStore of `<data>/exposure/ledger.key` (32 raw bytes). */
  keyStore: KeyStore;
  /** This app or CLI run (the summary's currentSession); defaults to a fresh id. Each question is a session of its own. */
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
  /** Entities exposed during this run (currentSession), kept in memory: the file counts them per question. */
  private readonly runEntities = new Set<string>();
  /**
   * Entities each question of this run has shown so far, until its cohort is recorded: questions overlap (one waits
   * on an approval while another calls), so "seen last in this session" cannot tell.
   */
  private readonly questionEntities = new Map<string, Set<string>>();
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
    return this.subject('edge', `${side(head)}\u0000${recordedRelation(relation)}\u0000${side(tail)}`);
  }

  /** The ledger session of a question: its id within this run (two runs may reuse a question id). */
  private questionSession(questionId: string): string {
    return `${this.sessionId}/${questionId}`;
  }

  private status(records: (SeenRecord | undefined)[], session: string): ExposedItemStatus {
    // A token standing for several entities is new if any of them is.
    if (!records.length) return { newInSession: true, newEver: true };
    return {
      newEver: records.some((r) => !r),
      newInSession: records.some((r) => !r || r.lastSession !== session),
    };
  }

  /** What this ledger knows about a question's tokens, for the exposure report ("new in session": in this question). */
  history(resolve: TokenResolver, questionId: string): ExposureHistory {
    const s = this.state;
    const session = this.questionSession(questionId);
    return {
      entity: (token) => this.status(this.entityKeys(token, resolve).map((k) => s.entities[k]), session),
      edge: (h, r, t) => this.status([s.edges[this.edgeKey(h, r, t, resolve)]], session),
      relation: (label) => this.status([s.relations[recordedRelation(label)]], session),
      literal: (value) => this.status([s.literals[value]], session),
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
    const session = this.questionSession(call.questionId);
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
      (next.relations[recordedRelation(e.relation)] ??= { ...seen(session), edges: 0 }).edges += 1;
    }
    for (const r of call.report.relationLabels) touch(next.relations, recordedRelation(r.value), session, () => ({ ...seen(session), edges: 0 }));
    for (const l of call.report.literals) touch(next.literals, l.value, session, () => seen(session));
    sess.calls += 1;
    sess.tokensSent += call.tokensSent;
    sess.tokensReceived += call.tokensReceived;
    const entry: LedgerEntry = {
      at,
      sessionId: this.sessionId,
      questionId: call.questionId,
      role: call.role,
      model: call.model,
      tokensSent: call.tokensSent,
      tokensReceived: call.tokensReceived,
      entities: keys.size,
      newEntities,
      edges: call.report.edges.length,
      relations: [...new Set(call.report.relationLabels.map((r) => recordedRelation(r.value)))],
      literals: call.report.literals.length,
    };
    next.calls.push(entry);
    await this.persist(next);
    const shown = this.questionEntities.get(session) ?? new Set<string>();
    this.questionEntities.set(session, shown);
    for (const k of keys) {
      this.runEntities.add(k);
      shown.add(k);
    }
    return entry;
  }

  /**
   * Records a question's eligible cohort: the qualified raw ids of its G_Q^raw entities (stored as subject keys,
   * never as ids). Once per question, after its calls: each entity counts one eligible session, and one exposed
   * session if a call of this question showed it. A second record for the same question is ignored.
   */
  recordEligible(questionId: string, ids: readonly string[]): Promise<void> {
    const run = this.chain.then(() => this.recordEligibleNow(questionId, ids));
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async recordEligibleNow(questionId: string, ids: readonly string[]): Promise<void> {
    const state = this.state;
    const session = this.questionSession(questionId);
    if (state.sessions[session]?.eligible !== undefined) {
      this.questionEntities.delete(session);
      return;
    }
    const keys = new Set(ids.map((id) => this.subject('entity', id)));
    const shown = this.questionEntities.get(session);
    // Updated in place and undone if the write fails: copying a cohort of tens of thousands of entities on every
    // question cost as much as writing it. Memory still never keeps what the file does not hold.
    const hadCohort = state.cohort !== undefined;
    const cohort = (state.cohort ??= {});
    const before = new Map<string, ExposureCount | undefined>();
    for (const k of keys) {
      const c = cohort[k];
      before.set(k, c);
      cohort[k] = { eligible: (c?.eligible ?? 0) + 1, exposed: (c?.exposed ?? 0) + (shown?.has(k) ? 1 : 0) };
    }
    const sess = state.sessions[session];
    state.sessions[session] = { ...(sess ?? { startedAt: this.now().toISOString(), calls: 0, tokensSent: 0, tokensReceived: 0, entities: 0 }), eligible: keys.size };
    try {
      await this.persist(state);
    } catch (e) {
      for (const [k, c] of before) if (c) cohort[k] = c;
      else delete cohort[k];
      if (!hadCohort) delete state.cohort;
      if (sess) state.sessions[session] = sess;
      else delete state.sessions[session];
      throw e;
    }
    this.questionEntities.delete(session);
  }

  private async persist(next: LedgerState): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
    const sealedNext = seal(this.encryptionKey, MAGIC, Buffer.from(JSON.stringify(next), 'utf8'));
    await writeFileAtomic(this.path, sealedNext);
    // Swap only after the write succeeded, so memory never runs ahead of what is stored.
    this.state = next;
    this.digest = ledgerDigest(sealedNext);
  }

  /** The state to anchor in the audit chain after a write: calls recorded and the sealed file's digest. */
  anchor(): LedgerAnchor {
    return { seq: this.state.calls.length, digest: this.digest };
  }

  /** Visible relation label → edges sent with it (labels never on an edge left out). */
  private edgesPerRelation(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [label, r] of Object.entries(this.state.relations)) if (r.edges > 0) out[label] = r.edges;
    return out;
  }

  /** The ledger's record of one entity by its qualified raw id ("graph\0id"), for the local exposure table. */
  entityRecord(qualifiedId: string): SubjectRecord | undefined {
    const key = this.subject('entity', qualifiedId);
    const r = this.state.entities[key];
    if (!r) return undefined;
    const cohort = this.state.cohort?.[key];
    return cohort ? { sessions: r.sessions, calls: r.calls, eligibleSessions: cohort.eligible } : { sessions: r.sessions, calls: r.calls };
  }

  /** Relation labels as shown, with sessions, calls and edges sent. */
  relationRows(): ExposedRelationRow[] {
    return Object.entries(this.state.relations).map(([label, r]) => ({ label, sessions: r.sessions, calls: r.calls, edges: r.edges }));
  }

  get sessionCount(): number {
    return Object.keys(this.state.sessions).length;
  }

  summary(): LedgerSummary {
    const s = this.state;
    const exposure = nodeExposureStats(Object.values(s.cohort ?? {}));
    const perRelation = this.edgesPerRelation();
    const sum = (f: (c: LedgerEntry) => number, calls = s.calls): number => calls.reduce((a, c) => a + f(c), 0);
    const run = s.calls.filter((c) => c.sessionId === this.sessionId);
    return {
      sessions: Object.keys(s.sessions).length,
      calls: s.calls.length,
      tokensSent: sum((c) => c.tokensSent),
      tokensReceived: sum((c) => c.tokensReceived),
      entitiesExposed: Object.keys(s.entities).length,
      eligibleEntities: exposure.entities,
      eligibleSessions: Object.values(s.sessions).filter((x) => x.eligible !== undefined).length,
      nodeExposure: { p50: exposure.p50, p99: exposure.p99, max: exposure.max },
      top1PercentShare: exposure.top1PercentShare,
      top1PercentEven: exposure.top1PercentEven,
      perRelation,
      currentSession: {
        id: this.sessionId,
        calls: run.length,
        entities: this.runEntities.size,
        tokensSent: sum((c) => c.tokensSent, run),
        tokensReceived: sum((c) => c.tokensReceived, run),
      },
    };
  }

  /**
   * The exposure report's figures for this ledger (what was actually sent): node exposure over the recorded cohort
   * with its CDF, edges per relation label, and per question session in order, its calls and the entities it showed
   * for the first time. Counts only.
   */
  figures(): ExposureRunFigures {
    const s = this.state;
    const e = nodeExposureStats(Object.values(s.cohort ?? {}));
    const perRelation = this.edgesPerRelation();
    const fresh = new Map<string, number>();
    for (const c of s.calls) fresh.set(`${c.sessionId}/${c.questionId}`, (fresh.get(`${c.sessionId}/${c.questionId}`) ?? 0) + c.newEntities);
    const sessions = Object.entries(s.sessions).sort((a, b) => a[1].startedAt.localeCompare(b[1].startedAt));
    return {
      view: 'ledger',
      questions: sessions.length,
      ...(e.entities
        ? { nodeExposure: { sent: { eligible: e.entities, exposed: e.exposedEntities, sessions: sessions.filter(([, r]) => r.eligible !== undefined).length, p50: e.p50, p99: e.p99, max: e.max, top1PercentShare: e.top1PercentShare, values: e.cdf } } }
        : {}),
      perRelation,
      stream: { brainCalls: sessions.map(([, r]) => r.calls), newEntities: sessions.map(([k]) => fresh.get(k) ?? 0) },
    };
  }
}
