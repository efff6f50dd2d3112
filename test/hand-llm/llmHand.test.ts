// Every skill of the model Hand through the real path: tiny random-weight GGUF on llama.cpp (CPU, one thread),
// the model's chat wrapper, grammar-constrained JSON, schema and graph checks, one repair, fallback. The tiny
// model writes gibberish, so most replies fail the graph checks: each skill must then show exactly two calls and
// the algorithmic result with a reason; whatever it does accept must be valid against the graph.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HandAccounting, type HandSkillName } from '../../src-main/engine/qa/hand/accounting.js';
import { followUpQuestion } from '../../src-main/engine/qa/hand/followUpQuestion.js';
import { createLlmHand, type LlmHand } from '../../src-main/engine/qa/hand/llm/llmHand.js';
import { viewAdjacency } from '../../src-main/engine/qa/stages/viewAdjacency.js';
import { HandRuntime } from '../../src-main/engine/llm/handRuntime.js';
import { writeTinyGguf } from '../../src-main/engine/llm/tinyGguf.js';
import { buildHandFixture, type HandFixture } from './handFixture.js';

let dir: string;
let runtime: HandRuntime;
let f: HandFixture;
let accounting: HandAccounting;
let hand: LlmHand;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ctrlg-llmhand-'));
  const tiny = await writeTinyGguf(join(dir, 'tiny.gguf'), { seed: 7, extraPieces: ['written_by', 'published_by', 'mentions', 'steps', 'direction'] });
  runtime = await HandRuntime.create({ gpu: false, threads: 1 });
  await runtime.load(tiny.path, { contextSize: 2048 });
  f = await buildHandFixture();
  accounting = new HandAccounting();
  hand = createLlmHand({
    runtime,
    fallback: f.algorithmic,
    graph: f.graph,
    accounting,
    options: {
      index: f.index,
      // Small budgets keep the suite fast; a cut-off reply is one more way to reach the fallback.
      maxTokens: { entityExtraction: 128, questionAnalysis: 96, followUp: 160, prediction: 96, evidenceRefinement: 32, sufficiencyVerification: 24 },
    },
  });
});
afterAll(async () => {
  await runtime?.dispose();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Runs one skill call and returns the accounting records it produced. */
async function callsOf<T>(skill: HandSkillName, run: () => Promise<T>): Promise<{ result: T; calls: ReturnType<HandAccounting['recent']> }> {
  const before = accounting.recent().length;
  const result = await run();
  const calls = accounting.recent().slice(before);
  expect(calls.every((c) => c.skill === skill)).toBe(true);
  return { result, calls };
}

/** Valid reply (1 call, or 2 when repaired) or a recorded fallback (2 calls, reason) returning the algorithmic result. */
function expectValidOrFallback<T>(skill: HandSkillName, out: { result: T; calls: ReturnType<HandAccounting['recent']> }, algorithmic: T, valid: (r: T) => void): void {
  const o = hand.lastOutcome(skill)!;
  expect(o).toBeDefined();
  for (const c of out.calls) expect(c.tokensIn).toBeGreaterThan(0);
  if (o.source === 'fallback') {
    expect(o.fallbackReason).toBeTruthy();
    expect(out.calls).toHaveLength(2);
    expect(out.calls[1].fallbackReason).toBe(o.fallbackReason);
    expect(out.result).toEqual(algorithmic);
  } else {
    expect(out.calls).toHaveLength(o.source === 'repaired' ? 2 : 1);
    expect(out.calls.at(-1)!.repaired).toBe(o.source === 'repaired');
    valid(out.result);
  }
}

describe('LLM Hand on the tiny GGUF', () => {
  it('entity extraction: gibberish names no entity, so one repair then the algorithmic linker', async () => {
    accounting.beginQuestion();
    const out = await callsOf('entityExtraction', () => hand.extractEntities(f.question));
    const algorithmic = await f.algorithmic.extractEntities(f.question);
    expectValidOrFallback('entityExtraction', out, algorithmic, (r) => {
      for (const t of r.topics) expect(f.question.slice(t.start, t.end).toLowerCase()).toBe(f.graph.names[t.entity].toLowerCase());
    });
    // A repair was attempted either way: the mentions cannot be in the question by chance.
    expect(out.calls).toHaveLength(2);
    expect(out.calls[0].attempt).toBe(1);
    expect(out.calls[1].attempt).toBe(2);
  });

  it('question analysis: a listed reachable chain with its D_predict, or the algorithmic analysis', async () => {
    const out = await callsOf('questionAnalysis', () => hand.analyzeQuestion(f.analysisRequest));
    expectValidOrFallback('questionAnalysis', out, f.analysis, (r) => {
      const chosen = r!.ranked[0];
      expect(f.analysis.ranked).toContainEqual(chosen);
      expect(r!.chain).toEqual(chosen.steps);
      expect(r!.dPredict).toBe(Math.ceil(chosen.steps.length / chosen.anchors.length));
      expect(r!.subquestions.length).toBeGreaterThan(0);
    });
  });

  it('follow-up: an untried depth or a reasoned stop', async () => {
    const request = { analysis: f.analysis, triedDepths: [2], dMax: 3 };
    const out = await callsOf('followUp', () => hand.followUp(request));
    expectValidOrFallback('followUp', out, await f.algorithmic.followUp(request), (r) => {
      if (r.action === 'deepen') expect([1, 3]).toContain(r.depth);
      else expect(r.reason.length).toBeGreaterThan(0);
    });
    // Nothing left to try: no model call at all.
    const none = await callsOf('followUp', () => hand.followUp({ analysis: f.analysis, triedDepths: [1, 2], dMax: 2 }));
    expect(none.calls).toHaveLength(0);
    expect(none.result.action).toBe('stop');
  });

  it('follow-up question: an offered alternative and a question naming a start token, or the algorithmic follow-up', async () => {
    const anchors = [...f.view.anchors];
    const request = { analysis: f.analysis, focus: f.analysis.answerPosition, anchorTokens: anchors, exhausted: new Set<string>(), question: f.view.question };
    const algorithmic = followUpQuestion(request);
    const out = await callsOf('followUp', () => hand.followUpQuestion(request));
    if ((algorithmic?.analysis.ranked.length ?? 0) < 2) {
      expect(out.calls).toHaveLength(0);
      return;
    }
    expectValidOrFallback('followUp', out, algorithmic, (r) => {
      expect(algorithmic!.analysis.ranked).toContainEqual(r!.analysis.ranked[0]);
      expect(anchors.some((a) => r!.question.includes(a))).toBe(true);
    });
  });

  it('prediction: view tokens carrying the chain relations, or the algorithmic propagation', async () => {
    const request = { view: f.view, indicator: f.analysis };
    const out = await callsOf('prediction', () => hand.predictNodes(request));
    const algorithmic = await f.algorithmic.predictNodes(request);
    const tokens = new Set(f.view.nodes.map((n) => n.token));
    const adj = viewAdjacency(f.view);
    expectValidOrFallback('prediction', out, algorithmic, (r) => {
      expect(r.map((n) => n.position)).toEqual(algorithmic.map((n) => n.position));
      expect(r.map((n) => n.mustHave)).toEqual(algorithmic.map((n) => n.mustHave));
      for (const n of r)
        for (const t of n.candidates) {
          expect(tokens.has(t)).toBe(true);
          expect(adj.get(t)!.some((e) => e.relation === n.mustHave[0].relation && e.direction === n.mustHave[0].direction)).toBe(true);
        }
    });
  });

  it('evidence refinement: listed paths only, each once, within W1', async () => {
    const request = { paths: f.candidates, indicator: f.analysis, width: 80 };
    const out = await callsOf('evidenceRefinement', () => hand.refineEvidence(request));
    expectValidOrFallback('evidenceRefinement', out, f.refined, (r) => {
      expect(r.length).toBeGreaterThan(0);
      expect(new Set(r).size).toBe(r.length);
      for (const p of r) expect(f.refined).toContainEqual(p);
    });
  });

  it('sufficiency verification: a subset of the verified answers, or the algorithmic verdict', async () => {
    const request = { grounded: f.grounded, analysis: f.analysis };
    const out = await callsOf('sufficiencyVerification', () => hand.verifySufficiency(request));
    const algorithmic = await f.algorithmic.verifySufficiency(request);
    expectValidOrFallback('sufficiencyVerification', out, algorithmic, (r) => {
      for (const a of r.answers) expect(algorithmic.answers).toContainEqual(a);
      expect(new Set(r.answers).size).toBe(r.answers.length);
    });
  });

  it('accounts every call of the question', () => {
    const all = accounting.recent();
    const usage = accounting.question();
    expect(usage.calls).toBe(all.length);
    expect(usage.tokens_in).toBe(all.reduce((n, c) => n + c.tokensIn, 0));
    expect(usage.tokens_out).toBe(all.reduce((n, c) => n + c.tokensOut, 0));
    expect(usage.fallbacks).toBe(all.filter((c) => c.fallbackReason).length);
    expect(usage.fallbacks).toBeGreaterThanOrEqual(1);
    const t = accounting.totals();
    expect(t.bySkill.entityExtraction.calls).toBe(2);
    expect(t.tokensPerSecond).toBeGreaterThan(0);
    // Measured numbers for the report.
    console.log(
      JSON.stringify({
        usage,
        perSkill: Object.fromEntries(Object.entries(t.bySkill).map(([k, v]) => [k, { calls: v.calls, fallbacks: v.fallbacks, repairs: v.repairs, ms: Math.round(v.ms) }])),
        tokensPerSecond: Math.round(t.tokensPerSecond),
        outcomes: Object.fromEntries(

          (['entityExtraction', 'questionAnalysis', 'followUp', 'prediction', 'evidenceRefinement', 'sufficiencyVerification'] as const).map((s) => [s, hand.lastOutcome(s)]),
        ),
      }),
    );
  });
});
