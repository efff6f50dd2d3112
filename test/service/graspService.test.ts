// The topology-aware selector through the engine's dispatch: status, a background training job with live
// grasp.progress events, cancelling one (the stored model stays as it was), and qa.ask with selector 'grasp' before
// and after training — over a real library, the real GloVe DRM and the real trainer (a small graph and small
// batches keep it to seconds).
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, Responses } from '../../src-main/common/contract.js';
import type { GraspProgress, GraspStatus } from '../../src-main/common/graspContract.js';
import { GraphLibrary } from '../../src-main/engine/import/graphLibrary.js';
import { graspModelsDir } from '../../src-main/engine/qa/grasp/modelStore.js';
import { createAskService } from '../../src-main/engine/app/askService.js';
import { createEngine, type Engine } from '../../src-main/engine/app/createEngine.js';
import { GraspService } from '../../src-main/engine/app/graspService.js';

const GRAPH = 'clinics';

/** A small hospital network: doctors work at hospitals in cities and treat specialties; enough structure to train on. */
function clinicTriples(extra: string[] = []): string {
  const cities = ['Springfield', 'Shelbyville', 'Ogdenville', 'Capital City'];
  const specialties = ['Cardiology', 'Oncology', 'Neurology', 'Pediatrics', 'Radiology'];
  const lines: string[] = [];
  for (let h = 0; h < 8; h++) {
    lines.push(`Hospital ${h}|located_in|${cities[h % cities.length]}`);
    lines.push(`Hospital ${h}|part_of|Network ${h % 3}`);
  }
  for (let d = 0; d < 30; d++) {
    lines.push(`Doctor ${d}|works_at|Hospital ${(d * 3) % 8}`);
    lines.push(`Doctor ${d}|specializes_in|${specialties[d % specialties.length]}`);
    if (d % 4 === 0) lines.push(`Doctor ${d}|trained_at|Hospital ${(d + 5) % 8}`);
  }
  return [...lines, ...extra].join('\n') + '\n';
}

let root: string;
let library: GraphLibrary;
let engine: Engine;
const progress: GraspProgress[] = [];

async function call<C extends keyof Responses>(channel: C, request: unknown): Promise<Envelope<Responses[C]>> {
  return (await engine.dispatch(channel, request)) as Envelope<Responses[C]>;
}

async function value<C extends keyof Responses>(channel: C, request: unknown): Promise<Responses[C]> {
  const envelope = await call(channel, request);
  if (!envelope.ok) throw new Error(`${channel} failed: ${envelope.error.code}: ${envelope.error.message}`);
  return envelope.value;
}

function errorOf<T>(envelope: Envelope<T>): { code: string; message: string; details?: unknown } {
  expect(envelope.ok).toBe(false);
  return (envelope as { ok: false; error: { code: string; message: string; details?: unknown } }).error;
}

/** The first grasp.progress event of a job matching `when`, already seen or still to come. */
function eventOf(jobId: string, when: (p: GraspProgress) => boolean, timeoutMs = 60_000): Promise<GraspProgress> {
  const seen = progress.find((p) => p.jobId === jobId && when(p));
  if (seen) return Promise.resolve(seen);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`no matching grasp.progress event for ${jobId} within ${timeoutMs} ms`));
    }, timeoutMs);
    const off = engine.on('grasp.progress', (p) => {
      if (p.jobId !== jobId || !when(p)) return;
      clearTimeout(timer);
      off();
      resolve(p);
    });
  });
}

/** The job's final event. */
function engineFinished(jobId: string): Promise<GraspProgress> {
  return eventOf(jobId, (p) => p.done === true);
}

function modelFolders(): string[] {
  const dir = graspModelsDir(join(root, 'data'), GRAPH);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'ctrlg-grasp-service-'));
  const dataDir = join(root, 'data');
  library = new GraphLibrary(dataDir);
  const file = join(root, 'clinics.txt');
  writeFileSync(file, clinicTriples());
  await library.importFile(GRAPH, file);
  // Small batches: a job takes seconds, and a long one is still running when it is cancelled.
  const grasp = new GraspService({ dataDir, library, trainDefaults: { examplesPerEpoch: 32, batchSize: 8, evalExamples: 20 }, progressIntervalMs: 0 });
  const asks = createAskService({ library });
  engine = createEngine({ dataDir, resourcesDir: join(root, 'resources'), version: '9.9.9', transport: 'host', importRoots: [root], library, grasp, ask: asks.ask });
  engine.on('graph.changed', ({ graph }) => asks.invalidate(graph));
  engine.on('grasp.progress', (p) => progress.push(p));
}, 120_000);

afterAll(async () => {
  await engine?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('grasp service', () => {
  it('rejects bad requests with specific errors', async () => {
    expect(errorOf(await call('grasp.status', { graph: 'missing' })).code).toBe('unknown_graph');
    expect(errorOf(await call('grasp.train', { graph: 'missing' })).code).toBe('unknown_graph');
    for (const bad of [{ graph: GRAPH, maxSeconds: 1 }, { graph: GRAPH, maxSeconds: 4000 }, { graph: GRAPH, epochs: 0 }, { graph: GRAPH, maxSeconds: 2.5 }, { graph: GRAPH, extra: 1 }, { graph: '../x' }]) {
      const error = errorOf(await call('grasp.train', bad));
      expect(error.code, JSON.stringify(bad)).toBe('invalid_request');
      expect(error.message).toContain('grasp.train');
    }
    expect(errorOf(await call('grasp.cancel', { jobId: '' })).code).toBe('invalid_request');
    expect(errorOf(await call('qa.ask', { graph: GRAPH, question: 'where does Doctor 1 work', selector: 'vote' })).code).toBe('invalid_request');
    // Nothing was started by any of them.
    expect(progress).toEqual([]);
  });

  it('reports an untrained graph and refuses to answer with its selector', async () => {
    const status = await value('grasp.status', { graph: GRAPH });
    expect(status).toEqual({ graph: GRAPH, trained: false, matchesGraph: false, versions: 0 });
    const error = errorOf(await call('qa.ask', { graph: GRAPH, question: 'where does Doctor 1 work', selector: 'grasp' }));
    expect(error.code).toBe('grasp_not_trained');
    expect(error.message).toContain(`"${GRAPH}"`);
    expect(error.message).toContain('Train');
    expect(error.details).toEqual({ graph: GRAPH });
  }, 60_000);

  it('trains in the background with live progress, then shows version 1 and its metrics', async () => {
    const started = await value('grasp.train', { graph: GRAPH, maxSeconds: 60, epochs: 3 });
    expect(started).toMatchObject({ graph: GRAPH, maxSeconds: 60, epochs: 3 });
    expect(started.jobId).toMatch(/\S/);
    const done = await eventOf(started.jobId, (p) => p.done === true);
    expect(done).toMatchObject({ phase: 'done', version: 1, fraction: 1, graph: GRAPH, epochs: 3 });
    expect(done.error).toBeUndefined();
    const events = progress.filter((p) => p.jobId === started.jobId);
    // preparing → training steps (emitted while the job ran, not after) → done, in order.
    expect(events[0]).toMatchObject({ phase: 'preparing', epoch: 0, fraction: 0 });
    const training = events.filter((p) => p.phase === 'training');
    expect(training.length).toBeGreaterThanOrEqual(3);
    expect(new Set(training.map((p) => p.epoch))).toEqual(new Set([1, 2, 3]));
    for (const p of training) {
      expect(p.fraction).toBeGreaterThan(0);
      expect(p.fraction).toBeLessThan(1);
      expect(Number.isFinite(p.loss)).toBe(true);
    }
    for (let i = 1; i < events.length; i++) {
      expect(events[i]!.fraction).toBeGreaterThanOrEqual(events[i - 1]!.fraction);
      expect(events[i]!.elapsedMs).toBeGreaterThanOrEqual(events[i - 1]!.elapsedMs);
    }
    expect(events.at(-1)).toEqual(done);

    const status = await value('grasp.status', { graph: GRAPH });
    expect(status).toMatchObject({ graph: GRAPH, trained: true, version: 1, versions: 1, matchesGraph: true });
    expect(status.job).toBeUndefined();
    expect(Date.parse(status.trainedAt!)).toBeGreaterThan(Date.now() - 5 * 60_000);
    const m = status.metrics!;
    expect(m.epochs).toBe(3);
    expect(m.stoppedEarly).toBe(false);
    expect(m.finalLoss).toBeGreaterThan(0);
    expect(m.heldOutEdges).toBeGreaterThan(0);
    for (const share of [m.coverage, m.hitsAt1, m.hitsAt3]) {
      expect(share).toBeGreaterThanOrEqual(0);
      expect(share).toBeLessThanOrEqual(1);
    }
    expect(m.hitsAt3).toBeGreaterThanOrEqual(m.hitsAt1);
    expect(m.trainSeconds).toBeGreaterThan(0);
  }, 120_000);

  it('answers with the trained selector, and still with path search when asked', async () => {
    const question = 'where does Doctor 1 work';
    const grasp = await value('qa.ask', { graph: GRAPH, question, selector: 'grasp' });
    expect(grasp.selector).toEqual({ kind: 'grasp', version: 1, matchesGraph: true });
    expect(grasp.question).toBe(question);
    expect(grasp.answers.map((a) => a.name)).toContain('Hospital 3');
    const path = await value('qa.ask', { graph: GRAPH, question, selector: 'path' });
    expect(path.selector).toEqual({ kind: 'path' });
    expect(path.answers.map((a) => a.name)).toContain('Hospital 3');
    // Doctor 2 has no trained_at edge: path search finds nothing it can verify along that relation, the selector
    // proposes hospitals whose last edge is missing, and says so on each answer.
    const missing = 'where was Doctor 2 trained';
    const inferred = await value('qa.ask', { graph: GRAPH, question: missing, selector: 'grasp' });
    expect(inferred.answers.length).toBeGreaterThan(0);
    for (const a of inferred.answers.slice(0, 3)) expect(a.inferred).toMatch(/^inferred \(missing edge\).*trained_at/);
    const byPath = await value('qa.ask', { graph: GRAPH, question: missing, selector: 'path' });
    expect(byPath.answers.filter((a) => a.inferred !== undefined)).toEqual([]);
    // No selector means path search, as on the command line.
    expect((await value('qa.ask', { graph: GRAPH, question })).selector).toEqual({ kind: 'path' });
  }, 120_000);

  it('refuses a second job on a busy graph, and a cancelled job leaves the stored model as it was', async () => {
    const before = await value('grasp.status', { graph: GRAPH });
    const foldersBefore = modelFolders();
    expect(foldersBefore).toEqual(['v1']);
    // Far more epochs than it can finish before the cancel.
    const started = await value('grasp.train', { graph: GRAPH, maxSeconds: 3600, epochs: 1000 });
    const busy = errorOf(await call('grasp.train', { graph: GRAPH }));
    expect(busy.code).toBe('grasp_busy');
    expect(busy.details).toEqual({ graph: GRAPH, jobId: started.jobId });
    await eventOf(started.jobId, (p) => p.phase === 'training');
    const running: GraspStatus = await value('grasp.status', { graph: GRAPH });
    expect(running.job).toMatchObject({ jobId: started.jobId, phase: 'training' });
    expect(running.job?.done).toBeUndefined();
    expect(running.version).toBe(1);

    expect(await value('grasp.cancel', { jobId: started.jobId })).toEqual({ cancelled: true });
    const end = await eventOf(started.jobId, (p) => p.done === true);
    expect(end.phase).toBe('cancelled');
    expect(end.version).toBeUndefined();
    expect(end.error?.code).toBe('cancelled');
    expect(end.error?.message).toContain('unchanged');
    expect(end.epoch).toBeLessThan(1000);

    const after = await value('grasp.status', { graph: GRAPH });
    expect(after).toEqual(before);
    expect(modelFolders()).toEqual(foldersBefore);
    // The job is gone: cancelling it again, or an id never issued, cancels nothing.
    expect(await value('grasp.cancel', { jobId: started.jobId })).toEqual({ cancelled: false });
    expect(await value('grasp.cancel', { jobId: 'no-such-job' })).toEqual({ cancelled: false });
  }, 120_000);

  it('says when the stored model was trained on other content of the graph', async () => {
    const file = join(root, 'clinics-2.txt');
    writeFileSync(file, clinicTriples(['Doctor 31|works_at|Hospital 2', 'Doctor 31|specializes_in|Neurology']));
    expect((await call('graph.import', { jobId: 'reimport', graph: GRAPH, file, replace: true })).ok).toBe(true);
    const status = await value('grasp.status', { graph: GRAPH });
    expect(status).toMatchObject({ trained: true, version: 1, matchesGraph: false });
    const answer = await value('qa.ask', { graph: GRAPH, question: 'where does Doctor 31 work', selector: 'grasp' });
    expect(answer.selector).toEqual({ kind: 'grasp', version: 1, matchesGraph: false });
    expect(answer.answers.map((a) => a.name)).toContain('Hospital 2');
  }, 120_000);

  it('deleting a graph cancels its running job and removes its stored selector', async () => {
    const other = 'clinics-copy';
    const file = join(root, 'clinics-copy.txt');
    writeFileSync(file, clinicTriples());
    await library.importFile(other, file);
    const first = await value('grasp.train', { graph: other, maxSeconds: 60, epochs: 1 });
    await expect(engineFinished(first.jobId)).resolves.toMatchObject({ phase: 'done', version: 1 });
    const dir = graspModelsDir(join(root, 'data'), other);
    expect(readdirSync(dir)).toEqual(['v1']);
    const running = await value('grasp.train', { graph: other, maxSeconds: 3600, epochs: 1000 });
    await eventOf(running.jobId, (p) => p.phase === 'training');
    expect(await value('graph.delete', { graph: other })).toEqual({ deleted: true });
    expect(progress.filter((p) => p.jobId === running.jobId).at(-1)).toMatchObject({ done: true, phase: 'cancelled' });
    expect(existsSync(dir)).toBe(false);
    // The other graph's selector is untouched.
    expect(modelFolders()).toEqual(['v1']);
  }, 120_000);

  it('stops a running job when the engine closes, storing nothing', async () => {
    const started = await value('grasp.train', { graph: GRAPH, maxSeconds: 3600, epochs: 1000 });
    await eventOf(started.jobId, (p) => p.phase === 'training');
    await engine.close();
    const end = progress.filter((p) => p.jobId === started.jobId).at(-1)!;
    expect(end).toMatchObject({ done: true, phase: 'cancelled' });
    expect(modelFolders()).toEqual(['v1']);
  }, 120_000);
});
