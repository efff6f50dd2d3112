// The exposure ledger: encrypted at rest, cumulative across sessions (one per question, with its eligible cohort),
// node exposure over that cohort, and no silent reset.
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExposureReport } from '../../src-main/common/brainTypes.js';
import { exposureReport } from '../../src-main/engine/payload/exposureReport.js';
import { systemPromptFor } from '../../src-main/engine/payload/systemPrompts.js';
import { ExposureLedger } from '../../src-main/engine/egress/exposure/exposureLedger.js';
import { percentile } from '../../src-main/engine/egress/exposure/exposureStats.js';
import { staticKeyStore } from '../../src-main/engine/core/keyStore.js';
import { FileKeyStore, KeyFileError } from '../../src-main/engine/node/fileKeyStore.js';
import { LedgerCorruptError, LedgerKeyError } from '../../src-main/engine/egress/exposure/ledgerErrors.js';
import { subjectId, tokenResolver } from '../../src-main/engine/egress/exposure/tokenResolver.js';
import { scenario } from '../brain/fixtures.js';

let dir: string;
beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'ctrlg-ledger-'))));
afterEach(async () => rm(dir, { recursive: true, force: true }));

const paths = () => ({ path: join(dir, 'ledger.enc'), keyStore: new FileKeyStore(join(dir, 'ledger.key')) });

// All paths (no width cut), so every question exposes the same raw entities under fresh tokens.
async function recordOne(ledger: ExposureLedger, s = scenario(1000), questionId = 'q'): Promise<ExposureReport> {
  const resolve = tokenResolver(s.mapping, s.graph);
  const report = exposureReport({ payload: s.ranking, system: systemPromptFor('ranking'), model: 'gpt-4', endpoint: 'e', history: ledger.history(resolve, questionId) });
  await ledger.record({ questionId, role: 'ranking', model: 'gpt-4', report, resolve, tokensSent: 100, tokensReceived: 10 });
  return report;
}

/** The qualified ids of the scenario's exposed entities, and of the film graph's entities no view of it shows. */
function cohortOf(s = scenario(1000)): { shown: string[]; hidden: string[] } {
  const resolve = tokenResolver(s.mapping, s.graph);
  const shown = [...new Set(exposureReport({ payload: s.ranking, system: systemPromptFor('ranking'), model: 'm', endpoint: 'e' }).entityTokens.flatMap((t) => resolve(t.token)))];
  const hidden = s.graph.ids.map((_, e) => subjectId(s.graph, e)).filter((id) => !shown.includes(id));
  return { shown, hidden };
}

describe('ExposureLedger', () => {
  it('marks items new, then seen in this session, then seen before in a later session', async () => {
    const first = await ExposureLedger.open(paths());
    const r1 = await recordOne(first);
    expect(r1.counts.newEver).toBe(r1.counts.entities);
    // A new question: new tokens (new secret), same raw entities → recognised through the ledger.
    // The same question's next call: nothing new in its session.
    const r2 = await recordOne(first);
    expect(r2.counts.newEver).toBe(0);
    expect(r2.counts.newInSession).toBe(0);
    expect(r2.relationLabels.every((l) => !l.newEver)).toBe(true);
    const second = await ExposureLedger.open(paths());
    const r3 = await recordOne(second);
    expect(r3.counts.newEver).toBe(0);
    expect(r3.counts.newInSession).toBe(r3.counts.entities);
    const sum = second.summary();
    expect(sum).toMatchObject({ sessions: 2, calls: 3, tokensSent: 300, tokensReceived: 30 });
    // No eligible cohort was recorded (as in ledgers written before it existed): node exposure is not defined yet.
    expect(sum).toMatchObject({ eligibleEntities: 0, eligibleSessions: 0, nodeExposure: { p50: 0, p99: 0, max: 0 }, top1PercentShare: 0 });
    expect(sum.entitiesExposed).toBe(cohortOf().shown.length);
    expect(sum.currentSession.calls).toBe(1);
    expect(sum.perRelation.directed_by).toBeGreaterThan(0);
  });

  it('each question is a session of its own, with its eligible cohort: exposure = exposed / eligible sessions', async () => {
    const ledger = await ExposureLedger.open(paths());
    const { shown, hidden } = cohortOf();
    expect(shown.length).toBeGreaterThan(3);
    expect(hidden.length).toBeGreaterThan(3);
    // q1 and q2 send the scenario's payload; q3 sends nothing. Every question's subgraph holds all entities.
    await recordOne(ledger, scenario(1000), 'q1');
    const again = await recordOne(ledger, scenario(1000), 'q2');
    expect(again.counts.newInSession).toBe(again.counts.entities);
    expect(again.counts.newEver).toBe(0);
    for (const q of ['q1', 'q2', 'q3']) await ledger.recordEligible(q, [...shown, ...hidden]);
    // A second record of a question's cohort changes nothing.
    await ledger.recordEligible('q1', shown);
    const sum = ledger.summary();
    expect(sum).toMatchObject({ sessions: 3, calls: 2, eligibleSessions: 3, eligibleEntities: shown.length + hidden.length, entitiesExposed: shown.length });
    // Shown entities: 2 of 3 sessions; the others 0 of 3. p50 lies among the never-shown when they are the majority.
    const half = hidden.length >= shown.length;
    expect(sum.nodeExposure).toEqual({ p50: half ? 0 : 2 / 3, p99: 2 / 3, max: 2 / 3 });
    // The top 1% (one entity) holds 2 of the 2 × shown instances.
    expect(sum.top1PercentShare).toBeCloseTo(2 / (2 * shown.length));
    expect(sum.currentSession).toMatchObject({ calls: 2, entities: shown.length, tokensSent: 200 });

    // Stored and read back; a later run adds sessions (its own question ids may repeat the earlier run's).
    const later = await ExposureLedger.open(paths());
    expect(later.summary()).toMatchObject({ sessions: 3, eligibleSessions: 3, nodeExposure: sum.nodeExposure });
    await later.recordEligible('q1', shown);
    expect(later.summary()).toMatchObject({ sessions: 4, eligibleSessions: 4, currentSession: { calls: 0, entities: 0 } });
    expect(later.summary().nodeExposure.max).toBeCloseTo(2 / 4);
  });

  it('a cohort that cannot be written leaves the ledger as it was, and can be recorded again', async () => {
    const ledger = await ExposureLedger.open(paths());
    await recordOne(ledger, scenario(1000), 'q1');
    const before = ledger.summary();
    // The file's place taken by a non-empty folder: the atomic rename fails.
    const file = join(dir, 'ledger.enc');
    await rm(file);
    await mkdir(join(file, 'blocker'), { recursive: true });
    const { shown, hidden } = cohortOf();
    await expect(ledger.recordEligible('q1', [...shown, ...hidden])).rejects.toThrow();
    expect(ledger.summary()).toEqual(before);
    await rm(file, { recursive: true });
    await ledger.recordEligible('q1', [...shown, ...hidden]);
    expect(ledger.summary()).toMatchObject({ eligibleSessions: 1, eligibleEntities: shown.length + hidden.length, nodeExposure: { max: 1 } });
    expect((await ExposureLedger.open(paths())).summary().eligibleSessions).toBe(1);
  });

  it('reads a ledger written before per-question sessions and the cohort, and adds the cohort to it', async () => {
    // An old-format state: a whole run as one session, no cohort field.
    const ledger = await ExposureLedger.open(paths());
    await recordOne(ledger);
    const reopened = await ExposureLedger.open(paths());
    expect(reopened.summary()).toMatchObject({ sessions: 1, eligibleEntities: 0 });
    const { shown } = cohortOf();
    await reopened.recordEligible('new', shown);
    expect(reopened.summary()).toMatchObject({ sessions: 2, eligibleSessions: 1, eligibleEntities: shown.length, nodeExposure: { p50: 0, p99: 0, max: 0 } });
  });

  it('is encrypted at rest: no ids, names, tokens or labels in the file; the key file is 0600', async () => {
    const ledger = await ExposureLedger.open(paths());
    const report = await recordOne(ledger);
    const bytes = await readFile(join(dir, 'ledger.enc'), 'latin1');
    for (const needle of ['p:wren', 'Wren', 'directed_by', report.entityTokens[0].token, '"entities"', 'gpt-4']) expect(bytes).not.toContain(needle);
    expect((await stat(join(dir, 'ledger.key'))).mode & 0o777).toBe(0o600);
  });

  it('a corrupted or foreign-key ledger is a clear error and is left untouched', async () => {
    await recordOne(await ExposureLedger.open(paths()));
    const file = join(dir, 'ledger.enc');
    const original = await readFile(file);
    const damaged = Buffer.from(original);
    damaged[damaged.length - 5] ^= 0xff;
    await writeFile(file, damaged);
    await expect(ExposureLedger.open(paths())).rejects.toThrow(LedgerCorruptError);
    expect(await readFile(file)).toEqual(damaged);
    await writeFile(file, original);
    await expect(ExposureLedger.open({ path: file, keyStore: staticKeyStore(Buffer.alloc(32, 7)) })).rejects.toThrow(/authentication failed/);
    await expect(ExposureLedger.open(paths())).resolves.toBeInstanceOf(ExposureLedger);
  });

  it('refuses a key file other users can read', async () => {
    await new FileKeyStore(join(dir, 'ledger.key')).key();
    await chmod(join(dir, 'ledger.key'), 0o644);
    await expect(new FileKeyStore(join(dir, 'ledger.key')).key()).rejects.toThrow(KeyFileError);
    // The ledger reports it as its own error, naming the key file.
    await expect(ExposureLedger.open(paths())).rejects.toThrow(LedgerKeyError);
    await expect(ExposureLedger.open(paths())).rejects.toThrow(/ledger\.key is unusable: permissions 644 let other users read it/);
  });

  it('statistics', () => {
    expect(percentile([1, 1, 2, 3, 10], 50)).toBe(2);
    expect(percentile([1, 1, 2, 3, 10], 99)).toBe(10);
    expect(percentile([], 50)).toBe(0);
  });
});
