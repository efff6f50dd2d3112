// Running imports by client-chosen job id, each with its own AbortController so it can be cancelled.
import { ApiError } from './apiError.js';

export class ImportJobs {
  private readonly running = new Map<string, AbortController>();

  /** Registers a job and returns the signal its import must honour. */
  start(jobId: string): AbortSignal {
    if (this.running.has(jobId)) throw new ApiError('invalid_request', `An import with job id "${jobId}" is already running.`);
    const controller = new AbortController();
    this.running.set(jobId, controller);
    return controller.signal;
  }

  finish(jobId: string): void {
    this.running.delete(jobId);
  }

  /** True when a running job was asked to stop; false when no such job runs. */
  cancel(jobId: string): boolean {
    const controller = this.running.get(jobId);
    if (!controller) return false;
    controller.abort();
    return true;
  }

  cancelAll(): void {
    for (const controller of this.running.values()) controller.abort();
  }

  get size(): number {
    return this.running.size;
  }
}
