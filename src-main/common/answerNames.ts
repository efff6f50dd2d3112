// The names an answer is read as, first the one Hits@1 compares: for a "how many" question the count, then what was
// counted; otherwise the ranked answers' names. Shared by eval's predictions, the benchmarks, the CLI and the UI.
import type { AskResult } from './answerTypes.js';

export function answerNames(r: Pick<AskResult, 'answers' | 'count'>): string[] {
  const names = r.answers.map((a) => a.name);
  return r.count ? [String(r.count.value), ...names] : names;
}

/** "3 papers", "at least 20 papers" when only a sample was counted; the noun left in brackets after a count of one. */
export function countText(c: NonNullable<AskResult['count']>): string {
  const n = `${c.complete ? '' : 'at least '}${c.value}`;
  return c.noun ? (c.value === 1 ? `${n} (${c.noun})` : `${n} ${c.noun}`) : n;
}
