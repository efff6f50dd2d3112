// What the Hand's model costs: one record per model generation (a skill may make two: the first try and one
// repair), aggregated per question for eval's prediction lines and as running totals for the UI. Plain data so it
// can cross IPC as it is.
import type { AskHandCall, HandSkill } from '../../../common/answerTypes.js';
import type { HandSkillTotalsInfo } from '../../../common/modelTypes.js';

/** The six Hand skills' names, defined once with the shared answer types (the renderer shows them per call). */
export type HandSkillName = HandSkill;

export const HAND_SKILLS: readonly HandSkillName[] = [
  'entityExtraction',
  'questionAnalysis',
  'followUp',
  'prediction',
  'evidenceRefinement',
  'sufficiencyVerification',
];

/** One model generation made for a skill: the shared AskHandCall, so an AskResult carries the records as they are. */
export type HandCallRecord = AskHandCall;

/** Per-question aggregate; the field names are the ones eval writes as `"hand": {...}`. */
export interface HandQuestionUsage {
  calls: number;
  tokens_in: number;
  tokens_out: number;
  fallbacks: number;
}

/** Running totals of one skill: the shared shape the Models tab shows. */
export type HandSkillTotals = HandSkillTotalsInfo;

/** Running totals since the accounting was created (or reset). */
export interface HandTotals extends HandSkillTotals {
  questions: number;
  /** Generated tokens per second over all calls' wall time (0 before any call). */
  tokensPerSecond: number;
  bySkill: Record<HandSkillName, HandSkillTotals>;
}

const emptySkillTotals = (): HandSkillTotals => ({ calls: 0, tokensIn: 0, tokensOut: 0, ms: 0, repairs: 0, fallbacks: 0 });

export const emptyQuestionUsage = (): HandQuestionUsage => ({ calls: 0, tokens_in: 0, tokens_out: 0, fallbacks: 0 });

export type HandCallListener = (call: HandCallRecord, totals: HandTotals) => void;

export class HandAccounting {
  private current: HandQuestionUsage = emptyQuestionUsage();
  private totalsState = HandAccounting.emptyTotals();
  private readonly log: HandCallRecord[] = [];
  private readonly listeners = new Set<HandCallListener>();

  /** @param keep how many recent call records `recent()` returns (older ones only live on in the totals). */
  constructor(private readonly keep = 500) {}

  private static emptyTotals(): HandTotals {
    const bySkill = Object.fromEntries(HAND_SKILLS.map((s) => [s, emptySkillTotals()])) as Record<HandSkillName, HandSkillTotals>;
    return { ...emptySkillTotals(), questions: 0, tokensPerSecond: 0, bySkill };
  }

  record(call: HandCallRecord): void {
    const entry = { ...call };
    this.log.push(entry);
    if (this.log.length > this.keep) this.log.splice(0, this.log.length - this.keep);
    const fellBack = entry.fallbackReason !== undefined ? 1 : 0;
    this.current.calls += 1;
    this.current.tokens_in += entry.tokensIn;
    this.current.tokens_out += entry.tokensOut;
    this.current.fallbacks += fellBack;
    for (const t of [this.totalsState, this.totalsState.bySkill[entry.skill]]) {
      t.calls += 1;
      t.tokensIn += entry.tokensIn;
      t.tokensOut += entry.tokensOut;
      t.ms += entry.ms;
      t.repairs += entry.repaired ? 1 : 0;
      t.fallbacks += fellBack;
    }
    const t = this.totalsState;
    t.tokensPerSecond = t.ms > 0 ? (t.tokensOut * 1000) / t.ms : 0;
    const snapshot = this.totals();
    for (const l of this.listeners) l({ ...entry }, snapshot);
  }

  /** Starts a new question: the per-question aggregate restarts from zero. */
  beginQuestion(): void {
    this.current = emptyQuestionUsage();
    this.totalsState.questions += 1;
  }

  /** The aggregate of the current question so far (a copy). */
  question(): HandQuestionUsage {
    return { ...this.current };
  }

  /** Ends the current question and returns its aggregate. */
  endQuestion(): HandQuestionUsage {
    const usage = this.question();
    this.current = emptyQuestionUsage();
    return usage;
  }

  totals(): HandTotals {
    const t = this.totalsState;
    const bySkill = Object.fromEntries(HAND_SKILLS.map((s) => [s, { ...t.bySkill[s] }])) as Record<HandSkillName, HandSkillTotals>;
    return { ...t, bySkill };
  }

  /** The most recent call records, oldest first. */
  recent(): HandCallRecord[] {
    return this.log.map((c) => ({ ...c }));
  }

  /** Called after every recorded call with the new totals (for the UI); returns an unsubscribe function. */
  onCall(listener: HandCallListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  reset(): void {
    this.current = emptyQuestionUsage();
    this.totalsState = HandAccounting.emptyTotals();
    this.log.length = 0;
  }
}
