// Approval: no payload leaves without a decision on its exposure report. requestApproval() loops
// report → decision → (edit → rebuilt payload → new report) until approve or deny, then freezes the approved
// payload and registers it; RemoteBrain refuses any payload not registered here, so an unapproved or
// after-the-fact modified payload cannot be sent even by mistake.
import { randomUUID } from 'node:crypto';
import type { ApprovalDecision, ApprovalRequest, BrainPayload, ExposureReport } from '../../../common/brainTypes.js';
import { BrainAbortedError, NotApprovedError } from './brainErrors.js';
import type { BrainCallCounter } from './brainCallCounter.js';
import { editPayload, EmptyEditError, InvalidEditError } from '../../payload/editPayload.js';

export interface Approver {
  /** Shows the request's report to whoever decides and resolves with their decision. */
  review(request: ApprovalRequest, signal?: AbortSignal): Promise<ApprovalDecision>;
}

/** --approve all / none: decides without asking (all = approve every call, none = deny every call). */
export class AutoApprover implements Approver {
  constructor(readonly mode: 'all' | 'none') {}

  async review(): Promise<ApprovalDecision> {
    return this.mode === 'all' ? { kind: 'approve' } : { kind: 'deny', reason: 'approval mode is "none"' };
  }
}

const approved = new WeakSet<BrainPayload>();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Throws NotApprovedError unless this exact (frozen) payload object went through requestApproval. */
export function assertApproved(payload: BrainPayload): void {
  if (!approved.has(payload)) throw new NotApprovedError();
}

export type ApprovalOutcome =
  | { approved: true; payload: BrainPayload; report: ExposureReport; decisions: ApprovalDecision[]; byApproveAll: boolean }
  | { approved: false; reason: string; report: ExposureReport; decisions: ApprovalDecision[] };

export interface ApprovalInput {
  payload: BrainPayload;
  approver: Approver;
  counter: BrainCallCounter;
  /** Builds the report for a payload (with the ledger's history and the Brain's model). */
  reportOf: (payload: BrainPayload) => ExposureReport;
  signal?: AbortSignal;
  /** Bound on edit rounds, so a confused UI cannot loop forever. */
  maxEdits?: number;
}

export async function requestApproval(input: ApprovalInput): Promise<ApprovalOutcome> {
  const { approver, counter } = input;
  let payload = input.payload;
  let report = input.reportOf(payload);
  const decisions: ApprovalDecision[] = [];
  counter.requested += 1;
  const call = counter.requested;
  const approve = (byApproveAll: boolean): ApprovalOutcome => {
    // A fresh copy is frozen and registered, so nobody holding the caller's object can change what is sent.
    const sealed = deepFreeze(structuredClone(payload));
    approved.add(sealed);
    return { approved: true, payload: sealed, report, decisions, byApproveAll };
  };
  if (counter.approveAll) return approve(true);
  for (let round = 0; ; round++) {
    if (input.signal?.aborted) throw new BrainAbortedError();
    const request: ApprovalRequest = { id: randomUUID(), questionId: counter.questionId, call, report, ...(edited(decisions) ?? {}) };
    const decision = await approver.review(request, input.signal);
    decisions.push(decision);
    if (decision.kind === 'approve') {
      if (decision.all) counter.approveAll = true;
      return approve(false);
    }
    if (decision.kind === 'deny') return { approved: false, reason: decision.reason ?? 'denied by the analyst', report, decisions };
    if (round >= (input.maxEdits ?? 20)) return { approved: false, reason: 'too many edit rounds', report, decisions };
    try {
      payload = editPayload(payload, decision);
    } catch (e) {
      // Dropping everything means there is nothing to send: that is a denial, not an error.
      if (e instanceof EmptyEditError) return { approved: false, reason: e.message, report, decisions };
      if (e instanceof InvalidEditError) continue; // ask again with the same report
      throw e;
    }
    report = input.reportOf(payload);
  }
}

/** What the edits among `decisions` dropped so far, for the dialog's "edited" state; undefined before any edit. */
function edited(decisions: readonly ApprovalDecision[]): Pick<ApprovalRequest, 'edited'> | undefined {
  const edits = decisions.filter((d): d is Extract<ApprovalDecision, { kind: 'edit' }> => d.kind === 'edit');
  if (!edits.length) return undefined;
  return {
    edited: {
      dropPaths: [...new Set(edits.flatMap((d) => d.dropPaths))].sort((a, b) => a - b),
      dropFields: [...new Set(edits.flatMap((d) => d.dropFields))],
    },
  };
}
