// Risk before approval: the gateway attacks each payload on the local graph, so the report the analyst approves
// says how many raw entities fit each entity token and flags those only one fits; dropping the paths that show
// them yields a report with no unique token, and that edited payload is exactly what reaches the endpoint.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApprovalRequest, BrainPayload, ExposureReport } from '../../src-main/common/brainTypes.js';
import type { ViewMapping } from '../../src-main/engine/core/types.js';
import { BrainCallCounter } from '../../src-main/engine/egress/brain/brainCallCounter.js';
import { BrainGateway } from '../../src-main/engine/egress/brain/brainGateway.js';
import { brainStep, type BrainStepContext } from '../../src-main/engine/egress/brain/brainStep.js';
import { formatExposureReport } from '../../src-main/engine/egress/brain/formatExposureReport.js';
import { StaticKeyProvider } from '../../src-main/engine/egress/brain/keyProvider.js';
import { QueuedApprover } from '../../src-main/engine/egress/brain/queuedApprover.js';
import { RemoteBrain } from '../../src-main/engine/egress/brain/remoteBrain.js';
import { reidentificationRisk } from '../../src-main/engine/egress/exposure/attack/reidentificationRisk.js';
import { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { finalizePayload } from '../../src-main/engine/payload/brainPayload.js';
import { startRecordingServer, type RecordingServer } from './recordingServer.js';
import { triplesOf, UNIQUE_DOCTOR_LINES } from './uniqueTokenGraphs.js';

const graph = MemoryGraph.fromTriples('clinics', [], triplesOf(UNIQUE_DOCTOR_LINES));
/** Token → raw entity of the toy payload (φ_Q, local only: the attack never reads it). */
const TOKENS: Record<string, string> = {
  E_00a1: 'Lorna Vesk',
  E_00d1: 'Anselm Roke',
  E_00d2: 'Bea Tamsin',
  E_00d3: 'Cyril Oduya',
  E_00c1: 'Harrowgate Clinic',
  E_00c2: 'Elmstead Hospital',
  E_00c3: 'Kelso Infirmary',
};
const mapping: ViewMapping = {
  tokenOf: (e) => Object.keys(TOKENS).find((t) => graph.indexOf(TOKENS[t]!) === e),
  members: (t) => (TOKENS[t] === undefined ? [] : [graph.indexOf(TOKENS[t])!]),
  relationsOf: () => [],
  visibleRelation: () => '',
  tokens: () => Object.keys(TOKENS),
  discard: () => undefined,
};

/** "Where do Lorna's doctors work": P1 through Anselm (works_at), P2 and P3 through affiliated doctors. */
const payload: BrainPayload = finalizePayload({
  role: 'ranking',
  question: "where do E_00a1's doctors work",
  anchors: ['E_00a1'],
  relations: [],
  indicator: { anchors: ['E_00a1'], chain: [{ relation: 'treated_by', direction: 'out' }, { relation: 'works_at', direction: 'out' }], answerPosition: 2, dPredict: 2 },
  paths: [
    ['E_00d1', 'works_at', 'E_00c1'],
    ['E_00d2', 'affiliated_with', 'E_00c2'],
    ['E_00d3', 'affiliated_with', 'E_00c3'],
  ].map(([doctor, relation, clinic], i) => ({
    id: i + 1,
    candidate: i,
    nodes: ['E_00a1', doctor!, clinic!],
    edges: [
      { relation: 'treated_by', direction: 'out' as const },
      { relation: relation!, direction: 'out' as const },
    ],
    answerAt: 2,
  })),
  literals: {},
  maxReturn: 3,
  omitted: [],
  view: { k: 1, achievedK: 1 },
});

let server: RecordingServer;
beforeEach(async () => {
  server = await startRecordingServer({ respond: () => JSON.stringify({ ranking: [{ path: 2, reason: 'affiliated' }] }) });
});
afterEach(async () => {
  await server.close();
});

function context(approver: QueuedApprover, withRisk = true): BrainStepContext {
  return {
    questionId: 'q-risk',
    payload,
    mapping,
    graph,
    ...(withRisk ? { risk: reidentificationRisk(graph) } : {}),
    approver,
    brain: new RemoteBrain(
      new BrainGateway({
        baseURL: server.baseURL,
        model: 'gpt-4o-mini',
        keyProvider: new StaticKeyProvider('sk-risk-test'),
        retry: { maxAttempts: 1, attemptTimeoutMs: 2000, deadlineMs: 5000, baseDelayMs: 1, maxDelayMs: 2 },
      }),
    ),
    counter: new BrainCallCounter('q-risk'),
  };
}

/** Waits (up to 20 s: the first report loads the tokenizer) until the approver holds a request other than `after`. */
async function nextPending(q: QueuedApprover, after?: string): Promise<ApprovalRequest> {
  const until = Date.now() + 20_000;
  while (Date.now() < until && !q.pending().some((r) => r.id !== after)) await new Promise((r) => setTimeout(r, 5));
  const pending = q.pending().filter((r) => r.id !== after);
  expect(pending).toHaveLength(1);
  return pending[0]!;
}

const setOf = (report: ExposureReport, token: string): number | undefined => report.entityTokens.find((t) => t.token === token)?.anonymitySet;

describe('the approval report carries re-identification risk', () => {
  it('gives every entity token its anonymity set and flags the two only one entity fits', async () => {
    const q = new QueuedApprover();
    const running = brainStep(context(q));
    const { id, report } = await nextPending(q);
    // Anselm is the only entity with works_at, Harrowgate the only one it points to.
    expect(setOf(report, 'E_00d1')).toBe(1);
    expect(setOf(report, 'E_00c1')).toBe(1);
    // Lorna fits each patient Anselm treats with two other doctors; the affiliated doctors and hospitals fit several.
    expect(setOf(report, 'E_00a1')).toBe(3);
    for (const t of ['E_00d2', 'E_00d3', 'E_00c2', 'E_00c3']) expect(setOf(report, t), t).toBeGreaterThan(1);
    expect(report.counts.unique).toBe(2);
    expect(report.paths.map((p) => p.unique)).toEqual([['E_00d1', 'E_00c1'], [], []]);
    // The terminal prompt (--approve ask) reads the same figures.
    const text = formatExposureReport(report);
    expect(text).toContain('Re-identification: 2 token(s) only one entity of the local graph fits (shown by P1)');
    expect(text).toMatch(/^ {2}E_00d1 UNIQUE \(fits 1 entity\)/m);
    expect(text).toMatch(/^ {2}E_00a1 anchor fits 3 entities/m);
    q.decide(id, { kind: 'deny' });
    expect((await running).denied).toBe(true);
    expect(server.requests).toHaveLength(0);
  });

  it('an edit dropping the paths that expose them is reported with no unique token, and is what is sent', async () => {
    const q = new QueuedApprover();
    const running = brainStep(context(q));
    const first = await nextPending(q);
    const exposing = first.report.paths.filter((p) => (p.unique ?? []).length > 0).map((p) => p.id);
    expect(exposing).toEqual([1]);
    q.decide(first.id, { kind: 'edit', dropPaths: exposing, dropFields: [] });
    // The edit is a decision: the gateway asks again, with the edited payload's report and its recomputed risk.
    const second = await nextPending(q, first.id);
    expect(second.report.counts.unique).toBe(0);
    expect(second.report.entityTokens.filter((t) => t.kind === 'entity').map((t) => t.token).sort()).toEqual(['E_00a1', 'E_00c2', 'E_00c3', 'E_00d2', 'E_00d3']);
    expect(second.report.entityTokens.every((t) => (t.anonymitySet ?? 0) > 1)).toBe(true);
    expect(second.report.text).not.toContain('E_00d1');
    q.decide(second.id, { kind: 'approve' });
    const result = await running;
    expect(result.sent).toBe(true);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.body.messages?.[1]?.content).toBe(second.report.text);
  });

  it('without the attack (no graph at hand) the report carries no risk fields', async () => {
    const q = new QueuedApprover();
    const running = brainStep(context(q, false));
    const { id, report } = await nextPending(q);
    expect(report.counts.unique).toBeUndefined();
    expect(report.entityTokens.length).toBeGreaterThan(0);
    expect(report.entityTokens.every((t) => t.anonymitySet === undefined)).toBe(true);
    expect(report.paths.every((p) => p.unique === undefined)).toBe(true);
    q.decide(id, { kind: 'deny' });
    await running;
  });
});
