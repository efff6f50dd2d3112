// Turns read counters into ImportProgress events, at most ~4 a second (plus phase changes and the end).
import type { ImportProgress } from '../../common/graphTypes.js';
import type { ReadCounters } from './parsedRecord.js';

export class ProgressMeter {
  private readonly started = Date.now();
  private last = 0;
  private phase: ImportProgress['phase'] = 'parse';
  triples = 0;

  constructor(
    private readonly counters: ReadCounters,
    private readonly totalBytes: number,
    private readonly onProgress?: (p: ImportProgress) => void,
    private readonly intervalMs = 250,
  ) {}

  snapshot(): ImportProgress {
    const seconds = Math.max((Date.now() - this.started) / 1000, 1e-3);
    const { bytes, lines } = this.counters;
    const byteRate = bytes / seconds;
    const etaSeconds =
      this.phase !== 'parse' ? 0 : byteRate > 0 && this.totalBytes > 0 ? Math.max(0, (this.totalBytes - bytes) / byteRate) : null;
    return { phase: this.phase, lines, bytes, totalBytes: this.totalBytes, triples: this.triples, rate: lines / seconds, etaSeconds };
  }

  /** Cheap to call per record: emits only when the interval has passed. */
  tick(): void {
    if (!this.onProgress) return;
    const now = Date.now();
    if (now - this.last < this.intervalMs) return;
    this.last = now;
    this.onProgress(this.snapshot());
  }

  enter(phase: ImportProgress['phase']): void {
    this.phase = phase;
    this.last = Date.now();
    this.onProgress?.(this.snapshot());
  }
}
