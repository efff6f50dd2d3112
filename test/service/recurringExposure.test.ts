// Hub aggregates' `recurring` across restarts, through the app's ask service and a loopback remote Brain: an entity a
// sent ranking payload showed alone is, for a NEW assembly over the same data folder (the app restarted), "seen
// before" (read off the exposure ledger), so the next payload of a question reaching it shows it only inside an
// aggregate. A denied call sends nothing and counts for nothing: after a restart the entity is shown alone again.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assemble } from '../../src-main/engine/app/assemble.js';
import { MemoryBrainKeyStore } from '../../src-main/engine/app/brainKeyStore.js';
import { AutoApprover } from '../../src-main/engine/egress/brain/approval.js';
import { loadGloveDrm } from '../../src-main/engine/drm/gloveDrm.js';
import type { Drm } from '../../src-main/engine/core/types.js';
import { useLoopbackBrain } from '../helpers/brainApiKey.js';
import { UNIQUE_BEDS_LINES, UNIQUE_BEDS_QUESTION } from '../brain/uniqueTokenGraphs.js';

const KEY = 'sk-recurring-SECRET-5151';
const loopback = useLoopbackBrain(KEY);
const root = mkdtempSync(join(tmpdir(), 'ctrlg-recurring-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let drm: Promise<Drm> | undefined;
const sharedDrm = (): Promise<Drm> => (drm ??= loadGloveDrm());

/** What one question's ranking payloads showed: entity names shown alone (anchors aside), and names inside an A_ aggregate. */
interface Shown {
  alone: Set<string>;
  aggregated: Set<string>;
  sent: number;
}

/** One app run over `dataDir` (a fresh assembly: nothing carried in memory from an earlier one) with a switchable approver. */
async function openApp(dataDir: string, importGraph = false) {
  const keyStore = new MemoryBrainKeyStore();
  await keyStore.setKey(KEY);
  const settings = { mode: 'openai' as const, url: loopback.server().baseURL, model: 'gpt-4o-mini', policy: 'always' as const };
  const decide = { mode: 'all' as 'all' | 'none' };
  const approver = { review: () => new AutoApprover(decide.mode).review() };
  const parts = assemble({ dataDir, loadDrm: sharedDrm, memory: null, brain: { keyStore, run: { settings, approver, approval: 'ask' } } });
  if (importGraph) {
    const file = join(root, 'clinics.txt');
    writeFileSync(file, UNIQUE_BEDS_LINES.join('\n') + '\n');
    await parts.library.importFile('clinics', file);
  }
  let n = 0;
  /** One question under `mode`: what its ranking payloads showed. */
  const ask = async (mode: 'all' | 'none'): Promise<Shown> => {
    decide.mode = mode;
    // Token → names, read while the question is open (its mapping is discarded when it ends).
    const names = new Map<string, string[]>();
    const revealView = (view: { nodes: { token: string }[] }, m: (token: string) => string[], extra: readonly string[]): void => {
      for (const token of [...view.nodes.map((x) => x.token), ...extra]) names.set(token, m(token));
    };
    const run = await parts.asks!.run({ graph: 'clinics', question: UNIQUE_BEDS_QUESTION, questionId: `q-${++n}` } as never, { revealView });
    const shown: Shown = { alone: new Set(), aggregated: new Set(), sent: run.brain?.tally().calls ?? 0 };
    // Anchors (the question's own entities) are never aggregated: only the entities the payload reached count.
    const anchors = new Set(run.result.topics.map((t) => t.name));
    for (const p of run.result.payloads.filter((x) => x.role === 'ranking'))
      for (const token of p.text.match(/\b[EA]_[0-9a-f]+/g) ?? []) {
        const members = names.get(token) ?? [];
        if (token.startsWith('A_')) members.forEach((x) => shown.aggregated.add(x));
        else if (members.length === 1 && !anchors.has(members[0]!)) shown.alone.add(members[0]!);
      }
    return shown;
  };
  return { ask, close: () => parts.close() };
}

async function askOnce(dataDir: string, mode: 'all' | 'none', importGraph = false): Promise<Shown> {
  const app = await openApp(dataDir, importGraph);
  try {
    return await app.ask(mode);
  } finally {
    await app.close();
  }
}

describe('entities a Brain already saw alone, across a restart (ask service, loopback Brain)', () => {
  it('an approved call counts: after a restart the entity it showed alone goes out only inside an aggregate', async () => {
    const dataDir = join(root, 'approved');
    const first = await askOnce(dataDir, 'all', true);
    expect(first.sent).toBeGreaterThan(0);
    expect(first.alone.size).toBeGreaterThan(0);
    const again = await askOnce(dataDir, 'all');
    expect(again.sent).toBeGreaterThan(0);
    // None of them alone any more, and at least one of them reached and shown inside an aggregate.
    expect([...first.alone].filter((n) => again.alone.has(n))).toEqual([]);
    expect([...first.alone].filter((n) => again.aggregated.has(n)).length).toBeGreaterThan(0);
  }, 240_000);

  it('a denied call does not count, in the same run or after a restart: the entities it would have shown stay alone', async () => {
    const app = await openApp(join(root, 'denied'), true);
    try {
      const denied = await app.ask('none');
      expect(denied.sent).toBe(0);
      expect(denied.alone.size).toBeGreaterThan(0);
      // Built but never sent: the next question of the same run still shows them alone.
      const next = await app.ask('all');
      expect(next.sent).toBeGreaterThan(0);
      expect([...denied.alone].filter((x) => next.alone.has(x)).length).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
    const restarted = await askOnce(join(root, 'denied'), 'all');
    expect(restarted.aggregated.size).toBeGreaterThan(0);
  }, 240_000);
});
