import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { abstractTrace } from '../../src-main/engine/memory/abstractTrace.js';
import { ExperienceStore } from '../../src-main/engine/memory/experienceStore.js';
import { staticKeyStore } from '../../src-main/engine/core/keyStore.js';
import { memoryKeyStore } from '../../src-main/engine/memory/memoryKey.js';
import { SeparateKeyStore } from '../../src-main/engine/node/keyFolder.js';
import { LeakyTraceError, MemoryKeyError } from '../../src-main/engine/memory/memoryErrors.js';
import { ExperienceRetriever } from '../../src-main/engine/memory/retrieveExperience.js';
import { nameScanner } from '../../src-main/engine/core/nameScanner.js';
import { newExperienceRecord, recordReuse, writeExperience } from '../../src-main/engine/memory/writeExperience.js';
import { CLUSTERED, LABELS, sessionTrace, tempDir, unit } from './fixtures.js';

const DIM = 8;
const dirs: { remove(): void }[] = [];
afterAll(() => dirs.forEach((d) => d.remove()));
function dir(): string {
  const d = tempDir();
  dirs.push(d);
  return d.path;
}

function filesUnder(path: string): string[] {
  return statSync(path).isDirectory() ? readdirSync(path).flatMap((n) => filesUnder(join(path, n))) : [path];
}

const MARKER = 'zanzibarquokka';

describe('ExperienceStore', () => {
  it('round-trips a record, encrypted at rest, with a 0600 key file', async () => {
    const path = dir();
    const store = await ExperienceStore.open(path, { dim: DIM });
    const trace = abstractTrace(sessionTrace({ anonymizedQuestion: `which ${MARKER} films did E_3fa9c01b22de direct` }));
    const record = newExperienceRecord(trace, { questionVector: unit(DIM, 0), indicatorVector: unit(DIM, 4) }, 1000);
    await store.add(record);
    expect(await store.count()).toBe(1);
    const back = await store.get(record.id);
    expect(back).toEqual(record);
    expect((await store.list())[0].question).toContain(MARKER);
    store.close();

    // The key is a 0600 file in the key folder, not in the memory folder it protects.
    expect(existsSync(join(path, 'memory.key'))).toBe(false);
    expect(statSync((memoryKeyStore(path) as SeparateKeyStore).path()).mode & 0o777).toBe(0o600);
    // No byte of the question (nor a relation label of the trace) is readable on disk.
    for (const f of filesUnder(path)) {
      const bytes = readFileSync(f);
      expect(bytes.includes(MARKER), f).toBe(false);
      expect(bytes.includes('directed_by'), f).toBe(false);
      expect(bytes.includes('ANCHOR_1'), f).toBe(false);
    }

    const again = await ExperienceStore.open(path);
    expect(again.dim).toBe(DIM);
    expect(await again.get(record.id)).toEqual(record);
    expect(await again.delete(record.id)).toBe(1);
    expect(await again.get(record.id)).toBeUndefined();
    again.close();
  });

  it('refuses a wrong key with a clear error and keeps the data', async () => {
    const path = dir();
    const store = await ExperienceStore.open(path, { dim: DIM });
    await store.add(newExperienceRecord(abstractTrace(sessionTrace()), { questionVector: unit(DIM, 0), indicatorVector: unit(DIM, 1) }));
    store.close();
    const wrong = staticKeyStore(Buffer.alloc(32, 7), 'test key');
    await expect(ExperienceStore.open(path, { keyStore: wrong })).rejects.toThrow(MemoryKeyError);
    await expect(ExperienceStore.open(path, { keyStore: wrong })).rejects.toThrow(/different key than test key; nothing was read or changed/);
    const right = await ExperienceStore.open(path, { keyStore: memoryKeyStore(path) });
    expect(await right.count()).toBe(1);
    expect((await right.list())[0].outcome).toBe('verified');
    right.close();
    // A lost key file is reported, not silently replaced by a new key.
    const keyFile = (memoryKeyStore(path) as SeparateKeyStore).path();
    rmSync(keyFile);
    await expect(ExperienceStore.open(path)).rejects.toThrow(/memory\.key is missing.*Nothing was changed/);
    expect(existsSync(keyFile)).toBe(false);
  });

  it('refuses leaky records and stores nothing of a leaky batch', async () => {
    const store = await ExperienceStore.open(dir(), { dim: DIM });
    const good = newExperienceRecord(abstractTrace(sessionTrace()), { questionVector: unit(DIM, 0), indicatorVector: unit(DIM, 1) });
    const bad = { ...good, id: 'xp-bad', question: 'which films share a director with Top Hat' };
    await expect(store.add([good, bad], { names: nameScanner(['Top Hat']) })).rejects.toThrow(LeakyTraceError);
    expect(await store.count()).toBe(0);
    store.close();
  });

  it('retrieves by dual key within π only, ranks by score, warns on failures and buffers repeats', async () => {
    const store = await ExperienceStore.open(dir(), { dim: DIM });
    const verified = abstractTrace(sessionTrace());
    const failed = abstractTrace(sessionTrace({ outcome: 'failed', verifiedPaths: [] }));
    // a: same question, other indicator; b: nearby question, same indicator; c: far; d: same vectors, other π.
    const a = newExperienceRecord(verified, { questionVector: unit(DIM, 0), indicatorVector: unit(DIM, 6) });
    const b = newExperienceRecord(failed, { questionVector: unit(DIM, 0, 0.5), indicatorVector: unit(DIM, 4) });
    const c = newExperienceRecord(verified, { questionVector: unit(DIM, 2), indicatorVector: unit(DIM, 6) });
    const d = newExperienceRecord({ ...verified, exposure: CLUSTERED }, { questionVector: unit(DIM, 0), indicatorVector: unit(DIM, 4) });
    await store.add([a, b, c, d]);

    const retriever = new ExperienceRetriever(store, { limit: 3, lambdaQ: 0.5, lambdaI: 0.5, weightBoost: 0 });
    const query = { questionVector: unit(DIM, 0), indicatorVector: unit(DIM, 4), exposure: LABELS };
    const r = await retriever.retrieve(query);
    expect(r.source).toBe('store');
    // b: 0.5·cos(0.5) + 0.5·1 ≈ 0.939 beats a: 0.5·1 + 0 = 0.5, which beats c: 0.
    expect(r.hits.map((h) => h.record.id)).toEqual([b.id, a.id, c.id]);
    expect(r.hits[0].score).toBeCloseTo(0.5 * Math.cos(0.5) + 0.5, 5);
    expect(r.hits.some((h) => h.record.id === d.id)).toBe(false);
    expect(r.warnings.find((w) => w.recordId === b.id)).toMatchObject({ outcome: 'failed', chain: 'ANCHOR_1 -starred_actors-> ANSWER' });

    const clustered = await retriever.retrieve({ ...query, exposure: CLUSTERED });
    expect(clustered.hits.map((h) => h.record.id)).toEqual([d.id]);

    // Without an indicator vector only the question key counts.
    const qOnly = await retriever.retrieve({ questionVector: unit(DIM, 0), exposure: LABELS });
    expect(qOnly.hits.slice(0, 2).map((h) => h.record.id).sort()).toEqual([a.id, b.id].sort());
    expect(qOnly.hits[0].record.id).toBe(a.id);

    // The same question again comes from the buffer; a write invalidates it.
    const repeat = await retriever.retrieve(query);
    expect(repeat.source).toBe('buffer');
    expect(repeat.hits.map((h) => h.record.id)).toEqual([b.id, a.id, c.id]);
    const nearly = await retriever.retrieve({ ...query, questionVector: unit(DIM, 0, 0.01) });
    expect(nearly.source).toBe('buffer');
    expect(retriever.buffer.stats()).toMatchObject({ hits: 2 });
    // Writes keep the buffered answer exact without a new search: a write in another π changes nothing, a reuse
    // re-scores the held record in place, a new record enters where it ranks — each time equal to a fresh search.
    const options = { limit: 3, lambdaQ: 0.5, lambdaI: 0.5, weightBoost: 0 };
    const summary = (hits: { record: { id: string; counters: { uses: number } }; score: number }[]) =>
      hits.map((h) => [h.record.id, h.score.toFixed(6), h.record.counters.uses]);
    const fromStore = async () => summary((await new ExperienceRetriever(store, options).retrieve(query)).hits);
    await store.add(newExperienceRecord({ ...verified, exposure: CLUSTERED }, { questionVector: unit(DIM, 0), indicatorVector: unit(DIM, 4) }));
    expect((await retriever.retrieve(query)).source).toBe('buffer');
    await recordReuse(store, a.id, true);
    const reused = await retriever.retrieve(query);
    expect(reused.source).toBe('buffer');
    expect(reused.hits.find((h) => h.record.id === a.id)!.record.counters.uses).toBe(1);
    expect(summary(reused.hits)).toEqual(await fromStore());
    const exact = newExperienceRecord(verified, { questionVector: unit(DIM, 0), indicatorVector: unit(DIM, 4) });
    await store.add(exact);
    const fresh = await retriever.retrieve(query);
    expect(fresh.source).toBe('buffer');
    expect(fresh.hits[0].record.id).toBe(exact.id);
    expect(summary(fresh.hits)).toEqual(await fromStore());
    // Deleting a held record drops the buffered answer: the next lookup searches the store again.
    await store.delete([exact.id]);
    expect((await retriever.retrieve(query)).source).toBe('store');

    // Weight breaks near-ties: with a boost, the proven record overtakes.
    const boosted = new ExperienceRetriever(store, { limit: 2, lambdaQ: 1, lambdaI: 0, weightBoost: 1 });
    const byWeight = await boosted.retrieve({ questionVector: unit(DIM, 0), exposure: LABELS });
    expect(byWeight.hits[0].record.id).toBe(a.id);
    store.close();
  });

  it('write-back merges into a retrieved record of the same experience', async () => {
    const store = await ExperienceStore.open(dir(), { dim: DIM });
    const trace = abstractTrace(sessionTrace());
    const vectors = { questionVector: unit(DIM, 0), indicatorVector: unit(DIM, 1) };
    const first = await writeExperience(store, trace, vectors);
    expect(first.merged).toBe(false);
    const similar = await store.list();
    const second = await writeExperience(store, trace, { questionVector: unit(DIM, 0, 0.2), indicatorVector: unit(DIM, 1) }, { similar });
    expect(second).toEqual({ id: first.id, merged: true });
    const [only] = await store.list();
    expect(await store.count()).toBe(1);
    expect(only.templates.map((t) => t.seen)).toEqual([2, 2]);
    await expect(writeExperience(store, { ...trace, question: 'films of Top Hat' }, vectors, { names: nameScanner(['Top Hat']) })).rejects.toThrow(
      LeakyTraceError,
    );
    expect(await store.count()).toBe(1);
    store.close();
  });
});
