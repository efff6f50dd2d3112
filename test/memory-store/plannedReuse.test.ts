// Memory reuses a verified remote analysis: a question shape the Brain had to plan is written back with the Brain's
// chain as its verified template, so once the gate trusts it (seen k = 2 times) the same shape is answered from
// memory and the planning call is saved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisStep } from '../../src-main/engine/core/analysisStep.js';
import type { Drm } from '../../src-main/engine/core/types.js';
import { loadGloveDrm } from '../../src-main/engine/drm/gloveDrm.js';
import { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { parsePipeTriples } from '../../src-main/engine/import/pipeTriplesGraph.js';
import { ExperienceStore } from '../../src-main/engine/memory/experienceStore.js';
import { experienceMemory } from '../../src-main/engine/memory/memoryExperienceProvider.js';
import { createQaEngine } from '../../src-main/engine/qa/qaEngine.js';
import { tempDir } from './fixtures.js';

// No label is an English word: only a plan can say which chain "grumbos of X sprockets" walks (phrased without an
// "of" chain, which the local reading now walks one hop per noun on its own).
const TRIPLES = [
  ['Plumbus', 'Gorpton', 'Fleebshire', 'Schleemvale'],
  ['Blamfort', 'Hizzton', 'Grumbleby', 'Squanchton'],
  ['Zorbax', 'Krillport', 'Vexland', 'Quibbleton'],
  ['Narfolk', 'Dorbin', 'Ploxmoor', 'Wimbleton'],
].flatMap(([a, b, c, d]) => [`${a}|qxv_zr|${b}`, `${b}|wzq_pl|${c}`, `${a}|kwj_tb|${d}`]);

let drm: Drm;
const dirs: { remove(): void }[] = [];
beforeAll(async () => {
  drm = await loadGloveDrm();
}, 120_000);
afterAll(() => dirs.forEach((d) => d.remove()));

describe('memory and the planning Brain', () => {
  it('a planned, verified reading is reused for the same shape: the planning call is not made again', async () => {
    const triples = parsePipeTriples(TRIPLES.join('\n'));
    const names = [...new Set(triples.flatMap((x) => [x.head, x.tail]))];
    const graph = MemoryGraph.fromTriples('toy', names.map((id) => ({ id, name: id })), triples);
    const dir = tempDir();
    dirs.push(dir);
    const store = await ExperienceStore.open(dir.path);
    let calls = 0;
    // A Brain that always plans qxv_zr> wzq_pl> from the payload's anchor (as a remote one would, from the payload only).
    const plan: AnalysisStep = async (request) => {
      calls++;
      const anchor = /^ANCHORS: (\S+)/m.exec(request.payload.text)?.[1] ?? '';
      return { status: 'sent', reason: 'planned', plan: { anchors: [anchor], chain: [{ relation: 'qxv_zr', direction: 'out' }, { relation: 'wzq_pl', direction: 'out' }], answerPosition: 2, dPredict: 2 } };
    };
    const engine = createQaEngine({ graph, drm, memory: experienceMemory(store), analysisStep: plan });
    const ask = (x: string) => engine.ask(`in which region do grumbos of ${x} sprockets dwell`);

    const first = await ask('Plumbus');
    expect(first.answers[0]?.name).toBe('Fleebshire');
    expect(calls).toBe(1);
    const second = await ask('Blamfort');
    expect(second.answers[0]?.name).toBe('Grumbleby');
    expect(second.memoryHits).toBeGreaterThan(0);
    const afterTwo = calls;
    expect(afterTwo).toBeLessThanOrEqual(2);
    // The template has now been verified twice: the same shape is answered from memory, with no planning call.
    const third = await ask("Zorbax");
    expect(third.answers[0]?.name).toBe('Vexland');
    expect(third.memory?.reused).toBe(true);
    expect(calls).toBe(afterTwo);
    expect(third.confidence?.reasons.some((r) => r.startsWith('memory: a verified reading'))).toBe(true);
    await store.close();
  }, 120_000);
});
