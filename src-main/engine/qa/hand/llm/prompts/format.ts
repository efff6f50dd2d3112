// Compact text forms shared by the prompts: a chain as `label(dir) -> label(dir)`, lists cut to a bound.
import type { Direction } from '../../../../../common/graphTypes.js';

export const chainText = (steps: readonly { visible: string; direction: Direction }[]): string =>
  steps.map((s) => `${s.visible}(${s.direction})`).join(' -> ');

/** At most `n` items, plus a note of how many were left out, so a prompt never grows with the graph. */
export function bounded<T>(items: readonly T[], n: number): { shown: T[]; omitted: number } {
  return { shown: items.slice(0, n), omitted: Math.max(0, items.length - n) };
}

export const omittedNote = (omitted: number, what: string): string => (omitted > 0 ? `\n(${omitted} more ${what} not shown)` : '');
