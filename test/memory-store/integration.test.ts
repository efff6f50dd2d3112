// The experience memory inside the question engine, on the demo graph: a same-shaped question retrieves the
// earlier one's experience, a confident gate lets memory stand in for the Brain's ranking (counted through the
// real approval path with a recording stand-in Brain), a failed question's warning prunes the branch on the next
// similar one, and everything written passes the audit against the graph's names and ids.
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import type { BrainPayload } from '../../src-main/common/brainTypes.js';
import { AutoApprover } from '../../src-main/engine/egress/brain/approval.js';
import type { Brain } from '../../src-main/engine/egress/brain/brain.js';
import { BrainCallCounter } from '../../src-main/engine/egress/brain/brainCallCounter.js';
import { controllerBrainStep } from '../../src-main/engine/egress/brain/controllerBrainStep.js';
import { DrmStandInBrain } from '../../src-main/engine/egress/brain/drmStandInBrain.js';
import { loadGloveDrm } from '../../src-main/engine/drm/gloveDrm.js';
import { pipeTriplesGraph } from '../../src-main/engine/import/pipeTriplesGraph.js';
import type { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import type { Hand } from '../../src-main/engine/core/handSkills.js';
import { auditMemory } from '../../src-main/engine/memory/auditMemory.js';
import { ExperienceStore } from '../../src-main/engine/memory/experienceStore.js';
import { leakDictionaries } from '../../src-main/engine/memory/leakDictionaries.js';
import { createQaEngine } from '../../src-main/engine/qa/qaEngine.js';
import type { Drm } from '../../src-main/engine/core/types.js';
import { tempDir } from './fixtures.js';
import { experienceMemory } from '../../src-main/engine/memory/memoryExperienceProvider.js';

let graph: MemoryGraph;
let drm: Drm;
const dirs: { remove(): void }[] = [];

beforeAll(async () => {
  graph = pipeTriplesGraph('resources/demo/hospital-network.txt', 'demo');
  drm = await loadGloveDrm();
}, 120_000);
afterAll(() => dirs.forEach((d) => d.remove()));

async function freshStore(): Promise<ExperienceStore> {
  const dir = tempDir();
  dirs.push(dir);
  return ExperienceStore.open(dir.path);
}

/** A stand-in Brain that records every payload it is sent (after approval), and ranks like DrmStandInBrain. */
class RecordingBrain extends DrmStandInBrain implements Brain {
  readonly sent: BrainPayload[] = [];
  override async rank(payload: BrainPayload) {
    this.sent.push(payload);
    return super.rank(payload);
  }
}

function audited(store: ExperienceStore) {
  // The audit's dictionaries, built as the write-back builds them (one leak rule).
  return auditMemory(store, leakDictionaries(graph.names, graph.ids));
}

describe('experience memory in the engine', () => {
  it('a same-shaped question retrieves the experience; once the gate is confident, memory saves the Brain ranking call', async () => {
    const store = await freshStore();
    const brain = new RecordingBrain(drm, { actAsRemote: true });
    const engine = createQaEngine({ graph, drm, memory: experienceMemory(store) });
    const ask = async (question: string, i: number) => {
      const counter = new BrainCallCounter(`q${i}`);
      const brainStep = controllerBrainStep({ brain, approver: new AutoApprover('all'), counter, questionId: `q${i}` });
      // An infinite margin makes every verified round "unsure", so without memory each question costs one ranking
      // call (policy 'always' would ask the Brain even when memory could stand in).
      const result = await engine.ask(question, { brainStep, confidenceMargin: Infinity });
      return { result, calls: counter.sent };
    };

    const first = await ask('Who manufactures Glimoravir?', 0);
    expect(first.result.answers[0]?.name).toBe('Sunderhaven Biosciences');
    expect(first.calls).toBe(1);
    expect(first.result.memory).toMatchObject({ hits: 0, reused: false, savedBrainCalls: 0, write: { status: 'new' } });

    // Same shape, other drug: the experience is found, but its template was verified once (< k = 2): no reuse yet.
    const second = await ask('Who manufactures Fenumastat?', 1);
    expect(second.result.memoryHits).toBeGreaterThan(0);
    expect(second.result.memory).toMatchObject({ reused: false, write: { status: 'merged' } });
    expect(second.calls).toBe(1);

    const third = await ask('Who manufactures Drelixumab?', 2);
    expect(third.result.memory!.hits).toBeGreaterThan(0);
    expect(third.result.memory!.reused).toBe(true);
    expect(third.result.memory!.savedBrainCalls).toBe(1);
    expect(third.result.memory!.saved[0]).toMatch(/^ranking at node \d+/);
    expect(third.result.memory!.reusedRecord!.chains).toEqual(['ANCHOR_1 -manufactured_by-> ANSWER']);
    expect(third.calls).toBe(0);
    expect(brain.sent).toHaveLength(2);
    expect(third.result.answers[0]?.name).toBe('Sunderhaven Biosciences');
    expect(third.result.tree!.nodes.some((n) => n.notes.some((x) => x.kind === 'memoryRanking' && x.text.includes('Brain ranking call saved')))).toBe(true);

    // The reuse was credited to the record.
    const [record] = await store.list();
    expect(record.counters).toMatchObject({ uses: 1, successes: 1 });
    expect(record.question).toBe('Who manufactures ANCHOR_1?');
    expect((await audited(store)).findings).toEqual([]);
    store.close();
  }, 120_000);

  it('a failed question writes a failure record whose warning prunes the branch on the next similar question', async () => {
    const store = await freshStore();
    // Verification that accepts nothing for the first question: the question fails after every mode ran.
    let reject = true;
    const strict = (h: Hand): Hand =>
      new Proxy(h, {
        get(target, prop) {
          if (prop === 'verifySufficiency') return async (r: Parameters<Hand['verifySufficiency']>[0]) => ({ ...(await target.verifySufficiency(r)), ...(reject ? { answers: [] } : {}) });
          const v = Reflect.get(target, prop, target) as unknown;
          return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
        },
      });
    const engine = createQaEngine({ graph, drm, memory: experienceMemory(store), hand: (algorithmic) => strict(algorithmic) });

    const failed = await engine.ask('Who manufactures Glimoravir?', { dMax: 1 });
    expect(failed.answers).toEqual([]);
    expect(failed.memory!.write).toMatchObject({ status: 'new' });
    const [record] = await store.list();
    expect(record.outcome).toBe('failed');
    expect(record.failures.map((f) => f.chain)).toContain('ANCHOR_1 -manufactured_by-> ANSWER');

    reject = false;
    const next = await engine.ask('Who manufactures Fenumastat?', { dMax: 1 });
    expect(next.memory!.warnings.some((w) => w.includes('ANCHOR_1 -manufactured_by-> ANSWER'))).toBe(true);
    const topic = next.tree!.nodes.find((n) => n.mode === 'Topic');
    expect(topic?.status).toBe('pruned');
    expect(topic?.notes.some((x) => x.kind === 'skipped')).toBe(true);
    expect((await audited(store)).clean).toBe(true);
    store.close();
  }, 120_000);

  it('records written over the demo questions pass the audit with 0 findings', async () => {
    const store = await freshStore();
    const engine = createQaEngine({ graph, drm, memory: experienceMemory(store) });
    const questions = ['Where is Ridgeway Community Hospital', 'In which city is Kvarnby University Hospital located?', 'what is the bed count of Clínica San Andrés', 'on what date did Lakeshore Regional Medical Center first open its doors', 'which conditions does Delphine Wainwright have', 'where do Lorcan Dunmore\'s doctors work', 'In which city is the maker of Drelixumab headquartered?'];
    const writes = [];
    for (const q of questions) writes.push((await engine.ask(q)).memory!.write!.status);
    expect(writes.filter((s) => s === 'new' || s === 'merged').length).toBeGreaterThan(0);
    const report = await audited(store);
    expect(report.records).toBeGreaterThan(0);
    expect(report.counts).toEqual({ name: 0, id: 0, token: 0, literal: 0, undecryptable: 0 });
    store.close();
  }, 120_000);
});
