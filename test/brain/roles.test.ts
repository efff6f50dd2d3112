// Roles and the local Brains: replies checked against the payload, invented tokens and ids rejected;
// the terminal approver; the DRM stand-in; the local-model Brain; the factory.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../src-main/common/brainTypes.js';
import { requestApproval } from '../../src-main/engine/egress/brain/approval.js';
import { BrainCallCounter } from '../../src-main/engine/egress/brain/brainCallCounter.js';
import { BrainConfigError, NotApprovedError } from '../../src-main/engine/egress/brain/brainErrors.js';
import { createBrainFromOptions } from '../../src-main/engine/egress/brain/createBrainFromOptions.js';
import { DrmStandInBrain } from '../../src-main/engine/egress/brain/drmStandInBrain.js';
import { exposureReport } from '../../src-main/engine/payload/exposureReport.js';
import { LocalModelBrain, type JsonGenerator } from '../../src-main/engine/egress/brain/localModelBrain.js';
import { PromptApprover } from '../../src-main/engine/egress/brain/promptApprover.js';
import { analysisRole, rankingRole } from '../../src-main/engine/egress/brain/roles/index.js';
import { systemPromptFor } from '../../src-main/engine/payload/systemPrompts.js';
import { needsBrain } from '../../src-main/engine/egress/brain/brainStep.js';
import type { Drm } from '../../src-main/engine/core/types.js';
import { scenario } from './fixtures.js';

/** Bag-of-words DRM over hashed words: enough to make relation words matter. */
const wordDrm: Drm = {
  name: 'bow',
  dim: 64,
  async embed(texts) {
    return texts.map((t) => {
      const v = new Float32Array(64);
      for (const w of t.toLowerCase().match(/[a-z]+/g) ?? []) {
        const stem = w.replace(/(ed|ion|or|s)$/, '');
        let h = 7;
        for (const c of stem) h = (h * 31 + c.charCodeAt(0)) >>> 0;
        v[h % 64] += 1;
      }
      const n = Math.hypot(...v) || 1;
      return v.map((x) => x / n);
    });
  },
};

describe('roles', () => {
  it('ranking: drops invented path ids, over-limit items and invented tokens in reasons', () => {
    const s = scenario();
    const known = s.ranking.paths[0].nodes[0];
    const { value, rejected } = rankingRole.interpret(
      { ranking: [{ path: 3, reason: `via ${known}` }, { path: 77, reason: 'x' }, { path: 1, reason: 'E_deadbeefcafe is it' }, { path: 2, reason: 'a' }, { path: 4, reason: 'b' }] },
      s.ranking,
    );
    expect(value.ranked.map((r) => r.pathId)).toEqual([3, 1, 2]);
    expect(value.ranked[0].reason).toBe(`via ${known}`);
    expect(value.ranked[1].reason).toBe('[?] is it');
    expect(rejected).toEqual([
      { kind: 'path', value: 'P77', where: 'ranking' },
      { kind: 'token', value: 'E_deadbeefcafe', where: 'reason of P1' },
      { kind: 'over_limit', value: 'P4', where: 'ranking beyond W_max=3' },
    ]);
  });

  it('analysis: keeps known anchors and relations, voids a chain with an invented relation', () => {
    const s = scenario();
    const anchor = s.analysis.anchors[0];
    const ok = analysisRole.interpret(
      { anchors: [anchor, 'E_000000000000'], chain: [{ relation: 'directed_by', direction: 'in' }], answerPosition: 1, dPredict: 9, subquestions: [`who is ${anchor}`, 'and E_111111111111?'] },
      s.analysis,
    );
    expect(ok.value).toEqual({ anchors: [anchor], chain: [{ relation: 'directed_by', direction: 'in' }], answerPosition: 1, dPredict: 5, subquestions: [`who is ${anchor}`] });
    expect(ok.rejected.map((r) => r.value)).toEqual(['E_000000000000', 'E_111111111111']);
    const bad = analysisRole.interpret({ anchors: [anchor], chain: [{ relation: 'married_to', direction: 'out' }], answerPosition: 1, dPredict: 1, subquestions: [] }, s.analysis);
    expect(bad.value.chain).toEqual([]);
    expect(bad.rejected).toEqual([{ kind: 'relation', value: 'married_to', where: 'chain' }]);
  });

  it('needsBrain asks only when the top-2 margin is small', () => {
    expect(needsBrain([0.9, 0.2])).toBe(false);
    expect(needsBrain([0.5, 0.52, 0.1])).toBe(true);
    expect(needsBrain([0.7])).toBe(false);
  });
});

describe('local Brains', () => {
  it('the DRM stand-in ranks from the payload alone, at most W_max', async () => {
    const s = scenario();
    const brain = new DrmStandInBrain(wordDrm);
    const out = await brain.rank(s.ranking);
    expect(out.status).toBe('ok');
    if (out.status !== 'ok') return;
    expect(out.value.ranked.length).toBe(3);
    const ids = new Set(s.ranking.paths.map((p) => p.id));
    expect(out.value.ranked.every((r) => ids.has(r.pathId))).toBe(true);
    const sims = out.value.ranked.map((r) => Number(r.reason.replace('DRM similarity ', '')));
    expect([...sims].sort((a, b) => b - a)).toEqual(sims);
    await expect(new DrmStandInBrain(wordDrm, { actAsRemote: true }).rank(s.ranking)).rejects.toBeInstanceOf(NotApprovedError);
  });

  it('the local-model Brain validates replies and falls back on an unusable one', async () => {
    const s = scenario();
    const calls: string[] = [];
    const gen = (reply: unknown): JsonGenerator => ({
      async generateJson(prompt) {
        calls.push(prompt.user);
        return { value: reply as never, raw: JSON.stringify(reply), stopReason: 'eogToken', tokensIn: 50, tokensOut: 10, ms: 1 } as never;
      },
    });
    const ok = await new LocalModelBrain(gen({ ranking: [{ path: 2, reason: 'r' }] })).rank(s.ranking);
    expect(ok).toMatchObject({ status: 'ok', value: { ranked: [{ pathId: 2, candidate: 1 }] }, usage: { tokensSent: 50, tokensReceived: 10 } });
    expect(calls[0]).toBe(s.ranking.text);
    const bad = await new LocalModelBrain({ generateJson: async () => ({ error: 'cut off', raw: '{', stopReason: 'maxTokens', tokensIn: 1, tokensOut: 1, ms: 1 }) as never }).rank(s.ranking);
    expect(bad).toMatchObject({ status: 'fallback', reason: expect.stringMatching(/cut off/) });
  });

  it('the factory maps flags to Brains and refuses remote mode without an endpoint', () => {
    expect(createBrainFromOptions({ brain: 'none', approve: 'all' }).brain).toBeUndefined();
    expect(() => createBrainFromOptions({ brain: 'openai', approve: 'all' })).toThrow(BrainConfigError);
    expect(() => createBrainFromOptions({ brain: 'openai', brainUrl: 'http://127.0.0.1:9/v1', approve: 'sometimes' })).toThrow(/--approve must be one of/);
    const remote = createBrainFromOptions({ brain: 'openai', brainUrl: 'http://127.0.0.1:9/v1', brainModel: 'gpt-4o', approve: 'none' });
    expect(remote.brain).toMatchObject({ kind: 'remote', remote: true, model: 'gpt-4o', endpoint: 'http://127.0.0.1:9/v1' });
    expect(createBrainFromOptions({ brain: 'drm', drm: wordDrm, approve: 'all' }).brain).toMatchObject({ kind: 'drm', remote: false });
    expect(() => createBrainFromOptions({ brain: 'local', approve: 'all' })).toThrow(/loaded local model/);
  });
});

describe('approval', () => {
  const reportOf = (p: Parameters<typeof exposureReport>[0]['payload']) =>
    exposureReport({ payload: p, system: systemPromptFor(p.role), model: 'gpt-4', endpoint: 'http://127.0.0.1/v1' });

  it('the terminal approver shows the report and applies an edit, then an approval', async () => {
    const s = scenario();
    const input = new PassThrough();
    const output = new PassThrough();
    let shown = '';
    output.on('data', (c) => (shown += c));
    const approver = new PromptApprover(input, output);
    input.write('e\n2, 3\nliterals\nx\na\n');
    const outcome = await requestApproval({ payload: s.ranking, approver, counter: new BrainCallCounter('q'), reportOf });
    approver.close();
    expect(shown).toContain('exact text sent');
    expect(shown).toContain('Please type a, A, e or d.');
    expect(outcome.approved).toBe(true);
    if (!outcome.approved) return;
    expect(outcome.payload.paths.map((p) => p.id)).not.toContain(2);
    expect(outcome.payload.omitted).toEqual(['literals']);
    expect(Object.isFrozen(outcome.payload)).toBe(true);
    expect(outcome.decisions).toEqual([{ kind: 'edit', dropPaths: [2, 3], dropFields: ['literals'] }, { kind: 'approve' }]);
  });

  it('"approve all" is per question and off by default', async () => {
    const s = scenario();
    const seen: ApprovalRequest[] = [];
    const approver = { review: async (r: ApprovalRequest) => (seen.push(r), { kind: 'approve' as const, all: true }) };
    const counter = new BrainCallCounter('q');
    expect(counter.approveAll).toBe(false);
    await requestApproval({ payload: s.ranking, approver, counter, reportOf });
    const second = await requestApproval({ payload: s.analysis, approver, counter, reportOf });
    expect(seen).toHaveLength(1);
    expect(second).toMatchObject({ approved: true, byApproveAll: true });
    await requestApproval({ payload: s.analysis, approver, counter: new BrainCallCounter('q2'), reportOf });
    expect(seen).toHaveLength(2);
  });
});
