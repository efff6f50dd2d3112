// The one rule for a Brain whose calls cannot be recorded, seen from the app: the engine the shell and the host build
// (engineOf(assemble(…))) with a remote Brain configured and an exposure ledger (or audit log) that cannot be opened
// answers qa.ask locally, sends nothing (the loopback recording server receives no request), and its Brain tally
// says why ("Brain not asked: …"). The CLI applies the same rule (test/cli/unrecordedBrain).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AskResult } from '../../src-main/common/answerTypes.js';
import type { Envelope } from '../../src-main/common/contract.js';
import { assemble } from '../../src-main/engine/app/assemble.js';
import { MemoryBrainKeyStore } from '../../src-main/engine/app/brainKeyStore.js';
import { engineOf, type Engine } from '../../src-main/engine/app/createEngine.js';
import { defaultAuditPath } from '../../src-main/engine/egress/audit/auditPaths.js';
import { ledgerPaths } from '../../src-main/engine/egress/exposure/ledgerPaths.js';
import { startRecordingServer, type RecordingServer } from '../brain/recordingServer.js';

const KEY = 'sk-unrecorded-app-SECRET-4444';
const root = mkdtempSync(join(tmpdir(), 'ctrlg-unrecorded-app-'));
const TRIPLES = ['Moonfall|written_by|Ilse Varga', 'Tidewater|written_by|Ilse Varga', 'Ilse Varga|born_in|Kelmar'].join('\n');

let server: RecordingServer;
let engine: Engine | undefined;

async function engineWithDamaged(name: string, damage: 'ledger' | 'audit'): Promise<Engine> {
  const dataDir = join(root, name);
  const keyStore = new MemoryBrainKeyStore();
  await keyStore.setKey(KEY);
  const parts = assemble({ dataDir, brain: { keyStore, initial: { mode: 'openai', url: server.baseURL, model: 'gpt-4o-mini', policy: 'always' } } });
  const kb = join(root, `${name}.txt`);
  writeFileSync(kb, TRIPLES);
  await parts.library.importFile('books', kb);
  const file = damage === 'ledger' ? ledgerPaths(dataDir).ledger : defaultAuditPath(dataDir);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, damage === 'ledger' ? 'not a sealed ledger, just bytes that cannot be decrypted'.repeat(4) : '{"seq":0,"kind":"request","hash":"forged"}\n');
  return engineOf(parts, { resourcesDir: join(root, 'resources'), version: '9.9.9', transport: 'host' });
}

beforeEach(async () => {
  server = await startRecordingServer({ respond: () => JSON.stringify({ ranking: [{ path: 1, reason: 'follows the indicator' }] }) });
});
afterEach(async () => {
  await engine?.close();
  engine = undefined;
  await server.close();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a Brain whose calls cannot be recorded (app, qa.ask through dispatch)', () => {
  for (const damage of ['ledger', 'audit'] as const)
    it(`a ${damage === 'ledger' ? 'corrupt exposure ledger' : 'broken audit log'}: answered locally, nothing sent, the result says why`, async () => {
      engine = await engineWithDamaged(`app-${damage}`, damage);
      const requested: unknown[] = [];
      engine.on('brain.approvalRequested', (r) => requested.push(r));
      const envelope = (await engine.dispatch('qa.ask', { graph: 'books', question: 'who wrote Moonfall' })) as Envelope<AskResult>;
      if (!envelope.ok) throw new Error(`${envelope.error.code}: ${envelope.error.message}`);
      const result = envelope.value;
      expect(result.answers[0]?.name).toBe('Ilse Varga');
      expect(result.brain).toMatchObject({ calls: 0, denied: 0, tokens: 0 });
      expect(result.brain!.notes).toHaveLength(1);
      expect(result.brain!.notes[0]).toMatch(damage === 'ledger' ? /^Brain not asked: .*ledger/i : /^Brain not asked: .*audit/i);
      // Nobody was asked to approve a call that could not have been recorded, and nothing reached the endpoint.
      expect(requested).toHaveLength(0);
      expect(server.requests).toHaveLength(0);
      expect(result.payloads.every((p) => p.status === 'local')).toBe(true);
    }, 120_000);
});
