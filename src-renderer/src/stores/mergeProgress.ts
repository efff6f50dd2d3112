// Progress events for one job, merged so counters never run backwards: the final "done" event is allowed
// to carry zeros for lines and bytes (graphLibrary sends it after the reader has gone), and the bar
// should keep showing what was read rather than "0 lines, 0 B".
import type { ImportProgress } from '../../../src-main/common/graphTypes.js';

export function mergeProgress(prev: ImportProgress | null, next: ImportProgress): ImportProgress {
  if (!prev) return next;
  return {
    ...next,
    lines: Math.max(prev.lines, next.lines),
    bytes: Math.max(prev.bytes, next.bytes),
    totalBytes: Math.max(prev.totalBytes, next.totalBytes),
    triples: Math.max(prev.triples, next.triples),
    rate: next.rate > 0 ? next.rate : prev.rate,
  };
}
