// The exposure ledger: encrypted at rest, cumulative across sessions, statistics, and no silent reset.
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExposureReport } from '../../src-main/common/brainTypes.js';
import { exposureReport } from '../../src-main/engine/payload/exposureReport.js';
import { systemPromptFor } from '../../src-main/engine/payload/systemPrompts.js';
import { ExposureLedger } from '../../src-main/engine/egress/exposure/exposureLedger.js';
import { percentile, topShare } from '../../src-main/engine/egress/exposure/exposureStats.js';
import { staticKeyStore } from '../../src-main/engine/core/keyStore.js';
import { FileKeyStore, KeyFileError } from '../../src-main/engine/node/fileKeyStore.js';
import { LedgerCorruptError, LedgerKeyError } from '../../src-main/engine/egress/exposure/ledgerErrors.js';
import { tokenResolver } from '../../src-main/engine/egress/exposure/tokenResolver.js';
import { scenario } from '../brain/fixtures.js';

let dir: string;
beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'ctrlg-ledger-'))));
afterEach(async () => rm(dir, { recursive: true, force: true }));

const paths = () => ({ path: join(dir, 'ledger.enc'), keyStore: new FileKeyStore(join(dir, 'ledger.key')) });

// All paths (no width cut), so every question exposes the same raw entities under fresh tokens.
async function recordOne(ledger: ExposureLedger, s = scenario(1000)): Promise<ExposureReport> {
  const resolve = tokenResolver(s.mapping, s.graph);
  const report = exposureReport({ payload: s.ranking, system: systemPromptFor('ranking'), model: 'gpt-4', endpoint: 'e', history: ledger.history(resolve, 'q') });
  await ledger.record({ questionId: 'q', role: 'ranking', model: 'gpt-4', report, resolve, tokensSent: 100, tokensReceived: 10 });
  return report;
}

describe('ExposureLedger', () => {
  it('marks items new, then seen in this session, then seen before in a later session', async () => {
    const first = await ExposureLedger.open(paths());
    const r1 = await recordOne(first);
    expect(r1.counts.newEver).toBe(r1.counts.entities);
    // A new question: new tokens (new secret), same raw entities → recognised through the ledger.
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
    expect(sum.nodeExposure.max).toBe(2);
    expect(sum.currentSession.calls).toBe(1);
    expect(sum.perRelation.directed_by).toBeGreaterThan(0);
    expect(sum.top1PercentShare).toBeGreaterThan(0);
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
    expect(topShare([10, ...Array(99).fill(1)], 0.01)).toBeCloseTo(10 / 109);
    expect(topShare([], 0.01)).toBe(0);
  });
});
