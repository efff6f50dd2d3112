// The analyst's verdict on an answer, applied to the experience record its question wrote. "Wrong": the record's
// verified templates (and its reading) become failure notes, so a similar question later gets a warning instead of a
// suggestion, and reuse never offers that chain again; "right": the record is confirmed as verified. Pure.
import type { ExperienceRecord, FailureNote } from './experienceRecord.js';
import { chainRoles, renderTemplate } from './abstractTrace.js';

export type Verdict = 'right' | 'wrong';

/** The reason a failure note carries when the analyst marked the answer wrong (merges keep such chains out). */
export const MARKED_WRONG = 'marked wrong by the analyst';

export function judgeRecord(record: ExperienceRecord, verdict: Verdict, now: number): ExperienceRecord {
  if (verdict === 'right') {
    // Confirmed: verified when it has a verified path to stand on; otherwise only the verdict is kept.
    return { ...record, judged: 'right', ...(record.templates.length ? { outcome: 'verified' as const } : {}), updatedAt: now };
  }
  const round = [...record.trajectory].reverse().find((t) => t.verified) ?? record.trajectory.at(-1) ?? { mode: 'Topic' as const, depth: record.indicator.chain.length };
  const reading = renderTemplate(chainRoles(record.indicator.chain.length, record.indicator.answerPosition), record.indicator.chain);
  const chains = [...new Set([reading, ...record.templates.map((t) => t.text)])];
  const notes: FailureNote[] = chains.map((chain) => ({ mode: round.mode, depth: round.depth, chain, reason: MARKED_WRONG }));
  const failures = [...notes, ...record.failures.filter((f) => !chains.includes(f.chain))];
  return {
    ...record,
    judged: 'wrong',
    outcome: 'failed',
    templates: [],
    trajectory: record.trajectory.map((t) => ({ ...t, verified: false })),
    failures,
    updatedAt: now,
  };
}

/** Chains an analyst marked wrong in a record: a merge must not bring them back as templates. */
export function markedWrongChains(record: Pick<ExperienceRecord, 'failures'>): Set<string> {
  return new Set(record.failures.filter((f) => f.reason === MARKED_WRONG).map((f) => f.chain));
}
