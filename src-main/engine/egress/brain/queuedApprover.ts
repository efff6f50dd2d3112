// The UI's approver: each call becomes a pending request with an id; the renderer lists pending() through IPC,
// shows the report, and answers with decide(id, decision). Listeners hear about new and settled requests so the
// service can push an event instead of being polled. A cancelled question withdraws its request (as a denial).
import type { ApprovalDecision, ApprovalRequest } from '../../../common/brainTypes.js';
import type { Approver } from './approval.js';

export class UnknownApprovalError extends Error {
  constructor(id: string) {
    super(`No pending Brain approval with id "${id}" (it was already decided or withdrawn).`);
    this.name = 'UnknownApprovalError';
  }
}

export type ApprovalEvent = { type: 'pending'; request: ApprovalRequest } | { type: 'settled'; id: string; decision: ApprovalDecision };

interface Pending {
  request: ApprovalRequest;
  resolve: (d: ApprovalDecision) => void;
}

export class QueuedApprover implements Approver {
  private readonly waiting = new Map<string, Pending>();
  private readonly listeners = new Set<(e: ApprovalEvent) => void>();

  review(request: ApprovalRequest, signal?: AbortSignal): Promise<ApprovalDecision> {
    return new Promise((resolve) => {
      if (signal?.aborted) return resolve({ kind: 'deny', reason: 'question cancelled' });
      this.waiting.set(request.id, { request, resolve });
      signal?.addEventListener('abort', () => this.settle(request.id, { kind: 'deny', reason: 'question cancelled' }), { once: true });
      this.emit({ type: 'pending', request });
    });
  }

  /** Requests waiting for a decision, oldest first. */
  pending(): ApprovalRequest[] {
    return [...this.waiting.values()].map((p) => p.request);
  }

  /** Answers a pending request; throws UnknownApprovalError for an id that is not pending. */
  decide(id: string, decision: ApprovalDecision): void {
    if (!this.settle(id, decision)) throw new UnknownApprovalError(id);
  }

  onEvent(listener: (e: ApprovalEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private settle(id: string, decision: ApprovalDecision): boolean {
    const p = this.waiting.get(id);
    if (!p) return false;
    this.waiting.delete(id);
    p.resolve(decision);
    this.emit({ type: 'settled', id, decision });
    return true;
  }

  private emit(e: ApprovalEvent): void {
    for (const l of this.listeners) l(e);
  }
}
