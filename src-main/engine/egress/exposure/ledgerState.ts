// The decrypted ledger. Decision: raw entity ids are NOT stored, not even inside the encrypted file. Each entity
// is keyed by HMAC-SHA256 under a subkey derived from the ledger key, so a decrypted dump (a debug print, a
// backup restored elsewhere) lists no private ids, while the ledger itself can still answer "was this entity
// ever exposed?" by recomputing the key. Relation labels and coarsened literals are stored as shown (they are
// already what left the machine). A session is one question (since the eligible cohort; older files counted a
// whole app or CLI run as one, and stay readable: every field added since is optional).
import type { LedgerEntry } from '../../../common/brainTypes.js';
import type { ExposureCount } from './exposureStats.js';

export const LEDGER_VERSION = 1;

export interface SeenRecord {
  /** Sessions (questions) in which it became visible. */
  sessions: number;
  calls: number;
  lastSession: string;
}

export interface SessionRecord {
  startedAt: string;
  calls: number;
  tokensSent: number;
  tokensReceived: number;
  entities: number;
  /** Entities of the question's G_Q^raw recorded in the cohort (absent: none recorded for this session). */
  eligible?: number;
}

export interface LedgerState {
  version: typeof LEDGER_VERSION;
  createdAt: string;
  sessions: Record<string, SessionRecord>;
  entities: Record<string, SeenRecord>;
  edges: Record<string, SeenRecord>;
  /** Visible relation label → record; `edges` counts edges sent with it. */
  relations: Record<string, SeenRecord & { edges: number }>;
  literals: Record<string, SeenRecord>;
  calls: LedgerEntry[];
  /**
   * The eligible cohort: entity subject key → in how many question sessions it was in G_Q^raw, and in how many of
   * those it became visible. Absent in ledgers written before it existed.
   */
  cohort?: Record<string, ExposureCount>;
}

export function emptyLedgerState(now: Date): LedgerState {
  return { version: LEDGER_VERSION, createdAt: now.toISOString(), sessions: {}, entities: {}, edges: {}, relations: {}, literals: {}, calls: [] };
}

/** Structural check of a decrypted ledger; returns a reason when it is not one. */
export function ledgerStateProblem(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return 'not an object';
  const v = value as Partial<LedgerState>;
  if (v.version !== LEDGER_VERSION) return `unsupported version ${String(v.version)}`;
  for (const k of ['sessions', 'entities', 'edges', 'relations', 'literals'] as const)
    if (!v[k] || typeof v[k] !== 'object' || Array.isArray(v[k])) return `field "${k}" is missing or malformed`;
  if (!Array.isArray(v.calls)) return 'field "calls" is missing or malformed';
  if (v.cohort !== undefined && (!v.cohort || typeof v.cohort !== 'object' || Array.isArray(v.cohort))) return 'field "cohort" is malformed';
  return undefined;
}

/** Marks a subject seen in this call; returns whether it was new in this session. */
export function touch<T extends SeenRecord>(table: Record<string, T>, key: string, session: string, init: () => T): boolean {
  let r = table[key];
  if (!r) {
    r = init();
    table[key] = r;
  }
  r.calls += 1;
  if (r.lastSession === session) return false;
  r.lastSession = session;
  r.sessions += 1;
  return true;
}
