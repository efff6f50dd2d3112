// The pipeline's plug-in point: one Brain call for one question, end to end. For a remote Brain:
// exposure report (with the ledger's history) → approval (edits rebuild the payload) → audit "decision" →
// send the approved payload → ledger → audit "ledger" (its anchor) → "response"/"failure" → map the reply back.
// Local Brains skip approval (nothing leaves). Every failure path returns a result the caller can act on:
// denied → keep the local choice; fallback → keep the local choice, with a reason.
import type { PayloadStatus } from '../../../common/answerTypes.js';
import type { BrainPayload, ExposureReport } from '../../../common/brainTypes.js';
import type { AuditLog } from '../audit/auditLog.js';
import type { ExposureLedger } from '../exposure/exposureLedger.js';
import { tokenResolver } from '../exposure/tokenResolver.js';
import type { SelectionDecision } from '../../core/selectionStep.js';
import type { ViewMapping } from '../../core/types.js';
import type { PayloadRisk } from '../../core/payloadRisk.js';
import { requestApproval, type Approver } from './approval.js';
import type { Brain, BrainAnalysis, BrainOutcome, BrainRanking, Rejection } from './brain.js';
import type { BrainCallCounter } from './brainCallCounter.js';
import { NO_HISTORY, type ExposureHistory } from '../../core/exposureHistory.js';
import { exposureReport } from '../../payload/exposureReport.js';
import { systemPromptFor } from '../../payload/systemPrompts.js';

export interface BrainStepContext {
  /** The question session id (also the audit and ledger question id). */
  questionId: string;
  payload: BrainPayload;
  /** φ_Q of the question: used locally to map reply tokens back and to key the ledger; never sent. */
  mapping: ViewMapping;
  /** The graph's name and raw ids, for ledger subject keys (never sent, never stored in plaintext). */
  graph: { name: string; ids: readonly string[] };
  /**
   * The re-identification attack on the local graph: when given, every report (edited payloads' too) carries each
   * entity token's anonymity set, so the analyst sees which tokens could be named before approving.
   */
  risk?: PayloadRisk;
  approver: Approver;
  brain: Brain;
  counter: BrainCallCounter;
  ledger?: ExposureLedger;
  audit?: AuditLog;
  signal?: AbortSignal;
}

export interface BrainStepResult {
  /** Ranking: candidate indices (into the paths the payload was built from), best first. */
  ranking?: number[];
  reasons?: string[];
  /** Selection: the Brain's decision, still in tokens (the caller maps and grounds it locally). */
  selection?: SelectionDecision;
  /** Analysis, with anchor tokens mapped back to raw entity indexes (φ_Q⁻¹). */
  analysis?: BrainAnalysis & { anchorEntities: number[][] };
  sent: boolean;
  denied: boolean;
  fallback: boolean;
  tokens: { sent: number; received: number };
  /** Why the step ended as it did, for the UI and logs. */
  reason: string;
  rejected: Rejection[];
  /** The report of what was (or would have been) sent. */
  report?: ExposureReport;
  /** The payload as approved (an edit may have dropped parts of it); what was sent when `sent`. */
  payload?: BrainPayload;
}

/** Whether local selection is unsure enough to ask a Brain: the top-2 score margin is below `minMargin`. */
export function needsBrain(scores: readonly number[], minMargin = 0.05): boolean {
  if (scores.length < 2) return false;
  const [a, b] = [...scores].sort((x, y) => y - x);
  return a - b < minMargin;
}

export async function brainStep(ctx: BrainStepContext): Promise<BrainStepResult> {
  const { brain, counter, audit, ledger } = ctx;
  const resolve = tokenResolver(ctx.mapping, ctx.graph);
  const system = systemPromptFor(ctx.payload.role);
  const reportOf = (p: BrainPayload): ExposureReport =>
    callReport(brain, p, ledger ? ledger.history(resolve, ctx.questionId) : NO_HISTORY, ctx.risk?.anonymity(p.text));

  // Nothing to approve for a call this Brain cannot answer.
  if (ctx.payload.role === 'selection' && !brain.select)
    return { sent: false, denied: false, fallback: true, tokens: { sent: 0, received: 0 }, reason: `the ${brain.kind} Brain has no selection role`, rejected: [] };
  // An endpoint that just failed several calls in a row is not asked again (nor is the analyst asked to approve).
  const down = brain.remote ? brain.unavailable?.() : undefined;
  if (down) {
    counter.fallbacks += 1;
    return { sent: false, denied: false, fallback: true, tokens: { sent: 0, received: 0 }, reason: `Brain skipped: ${down}`, rejected: [] };
  }
  let payload = ctx.payload;
  let report: ExposureReport | undefined;
  if (brain.remote) {
    const approval = await requestApproval({ payload, approver: ctx.approver, counter, reportOf, ...(ctx.signal ? { signal: ctx.signal } : {}) });
    report = approval.report;
    await audit?.append('decision', ctx.questionId, {
      role: payload.role,
      model: brain.model,
      endpoint: brain.endpoint,
      approved: approval.approved,
      decisions: approval.decisions,
      ...(approval.approved ? { byApproveAll: approval.byApproveAll } : { reason: approval.reason }),
      tokens: report.tokens,
      counts: report.counts,
    });
    if (!approval.approved) {
      counter.denied += 1;
      return { sent: false, denied: true, fallback: false, tokens: { sent: 0, received: 0 }, reason: approval.reason, rejected: [], report };
    }
    payload = approval.payload;
    await audit?.append('request', ctx.questionId, {
      role: payload.role,
      model: brain.model,
      endpoint: brain.endpoint,
      system,
      text: payload.text,
      tokens: report.tokens.count,
    });
  }

  const outcome: BrainOutcome<BrainAnalysis | BrainRanking | SelectionDecision> =
    payload.role === 'ranking'
      ? await brain.rank(payload, ctx.signal)
      : payload.role === 'selection'
        ? await brain.select!(payload, ctx.signal)
        : await brain.analyze(payload, ctx.signal);
  const tokens = { sent: outcome.usage.tokensSent, received: outcome.usage.tokensReceived };
  const delivered = outcome.status === 'ok' || outcome.delivered;
  // Each request that may have reached the server is a send: a resend of the same payload after an unusable reply
  // counts in the tally and the ledger like the first (the dialog states the retry policy before approval).
  const sends = brain.remote && delivered ? Math.max(1, outcome.usage.sends ?? 1) : 0;
  if (sends > 0) {
    counter.sent += sends;
    counter.tokensSent += tokens.sent;
    counter.tokensReceived += tokens.received;
    if (ledger && report) {
      for (const [i, share] of splitTokens(tokens.sent, sends).entries())
        await ledger.record({ questionId: ctx.questionId, role: payload.role, model: brain.model, report, resolve, tokensSent: share, tokensReceived: i === sends - 1 ? tokens.received : 0 });
      await anchorLedger(ledger, audit, ctx.questionId);
    }
  }

  if (outcome.status === 'fallback') {
    counter.fallbacks += 1;
    if (brain.remote) await audit?.append('failure', ctx.questionId, { reason: outcome.reason, delivered: outcome.delivered, attempts: outcome.attempts, sends });
    return { sent: brain.remote && delivered, denied: false, fallback: true, tokens, reason: outcome.reason, rejected: [], payload, ...(report ? { report } : {}) };
  }
  if (brain.remote)
    await audit?.append('response', ctx.questionId, { raw: outcome.raw, rejected: outcome.rejected, attempts: outcome.attempts, sends, usage: outcome.usage });

  const base = { sent: brain.remote, denied: false, fallback: false, tokens, rejected: outcome.rejected, payload, ...(report ? { report } : {}) };
  if (payload.role === 'ranking') {
    const ranked = (outcome.value as BrainRanking).ranked;
    return { ...base, ranking: ranked.map((r) => r.candidate), reasons: ranked.map((r) => r.reason), reason: `${brain.kind} Brain ranked ${ranked.length} path(s)` };
  }
  if (payload.role === 'selection') {
    const decision = outcome.value as SelectionDecision;
    return { ...base, selection: decision, reason: `${brain.kind} Brain: ${decision.action}${decision.action === 'expand' ? ` ${decision.token}` : decision.action === 'final' ? ` ${decision.tokens.join(', ')}` : ''}` };
  }
  const a = outcome.value as BrainAnalysis;
  return { ...base, analysis: { ...a, anchorEntities: a.anchors.map((t) => ctx.mapping.members(t)) }, reason: `${brain.kind} Brain analysed the question` };
}

/**
 * The exposure report of one call of `brain` for payload `p`: the role's system prompt and, for a remote Brain, the
 * whole request its gateway would send (so the dialog and any edit preview show the bytes that leave).
 */
export function callReport(brain: Brain, p: BrainPayload, history: ExposureHistory, anonymity?: ReadonlyMap<string, number>): ExposureReport {
  return exposureReport({
    payload: p,
    system: systemPromptFor(p.role),
    model: brain.model,
    endpoint: brain.endpoint,
    history,
    ...(anonymity ? { anonymity } : {}),
    ...(brain.remote && brain.requestFor ? { request: { body: brain.requestFor(p), retry: brain.retryPolicy ?? '' } } : {}),
  });
}

/** `total` tokens over `n` sends, as whole numbers that add up to it (the ledger records one entry per send). */
export function splitTokens(total: number, n: number): number[] {
  const base = Math.floor(total / n);
  return Array.from({ length: n }, (_, i) => base + (i < total - base * n ? 1 : 0));
}

/** What became of a payload a step was given: its status, and the payload as sent when an edit changed it. */
export function payloadFate(result: BrainStepResult, given: BrainPayload): { status: PayloadStatus; payload?: BrainPayload } {
  const status: PayloadStatus = result.sent ? 'sent' : result.denied ? 'denied' : result.fallback ? 'failed' : 'local';
  return result.payload && result.payload !== given ? { status, payload: result.payload } : { status };
}

/**
 * Appends the ledger's current state (calls recorded, digest of its sealed file) to the audit chain. Called after
 * every ledger write — a call, a question's cohort — or `audit verify` sees a deleted, rolled-back or replaced ledger.
 */
export async function anchorLedger(ledger: ExposureLedger, audit: AuditLog | undefined, questionId: string): Promise<void> {
  const anchor = ledger.anchor();
  await audit?.append('ledger', questionId, { seq: anchor.seq, digest: anchor.digest });
}

/** The per-question part of a BrainStepContext: which Brain, who approves, where calls are counted and recorded. */
export type QuestionBrainContext = Pick<BrainStepContext, 'questionId' | 'approver' | 'brain' | 'counter' | 'ledger' | 'audit' | 'signal' | 'risk'>;

/** One call of a question's Brain for a payload, with that question's φ_Q and graph ids for the ledger. */
export function questionBrainStep(q: QuestionBrainContext, payload: BrainPayload, local: Pick<BrainStepContext, 'mapping' | 'graph'>): Promise<BrainStepResult> {
  return brainStep({
    questionId: q.questionId,
    payload,
    mapping: local.mapping,
    graph: local.graph,
    approver: q.approver,
    brain: q.brain,
    counter: q.counter,
    ...(q.ledger ? { ledger: q.ledger } : {}),
    ...(q.audit ? { audit: q.audit } : {}),
    ...(q.signal ? { signal: q.signal } : {}),
    ...(q.risk ? { risk: q.risk } : {}),
  });
}
