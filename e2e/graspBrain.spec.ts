// Two-stage answering through the Brain gate in the browser host: on the demo graph with one works_at edge taken
// out and a selector trained on it, asking with "GraSP selector" sends the encoder's selection to a remote Brain
// (a loopback chat-completions server) only after the analyst approves a "selection" call; the server receives
// exactly the shown payload — tokens and relation words, no entity name — and a final choice counts only if it grounds.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startRecordingServer, type RecordingServer } from '../test/brain/recordingServer.js';
import { DEMO_DIR, MISSING_EDGE, MISSING_QUESTION } from './demoQuestions.js';
import { expect, test } from './fixtures.js';
import { AskPage } from './pages/AskPage.js';
import { BrainPage } from './pages/BrainPage.js';

const GRAPH = 'grasp-brain-demo';
let server: RecordingServer;

/** The selection call picks its second candidate as final; any ranking call keeps the first path. */
function reply(text: string): string {
  if (!/^ROUND: /m.test(text)) return JSON.stringify({ ranking: [{ path: 1, reason: 'first' }] });
  const second = /^P2\. .*?([ESLA]_[0-9a-f]+) \(p=/m.exec(text)?.[1] ?? /^P1\. .*?([ESLA]_[0-9a-f]+) \(p=/m.exec(text)?.[1];
  return JSON.stringify({ action: 'final', tokens: second ? [second] : [], reason: 'fits the question' });
}

test.beforeAll(async () => {
  server = await startRecordingServer({ respond: (r) => reply(r.body.messages?.[1]?.content ?? '') });
});

test.afterEach(async ({ host }) => {
  await host.running.engine.dispatch('brain.setConfig', { mode: 'none' });
  await host.running.engine.dispatch('graph.delete', { graph: GRAPH });
});

test.afterAll(async () => {
  await server?.close();
});

test('the selection goes to the Brain only after approval, exactly as shown, and answers stay grounded locally', async ({ app, page, host, scratchDir }) => {
  const demo = await readFile(join(DEMO_DIR, 'hospital-network.txt'), 'utf8');
  const file = join(scratchDir, 'demo-missing-edge.txt');
  await writeFile(file, demo.split('\n').filter((l) => l !== MISSING_EDGE).join('\n'));
  expect(await host.running.engine.dispatch('graph.import', { jobId: 'grasp-brain-e2e', graph: GRAPH, file, replace: true })).toMatchObject({ ok: true });
  // Trained through the engine (the panel itself is covered by grasp.spec.ts): wait for version 1.
  // A fixed number of epochs (seeded): the same model on a fast or a loaded machine, unlike a time budget.
  const started = await host.running.engine.dispatch('grasp.train', { graph: GRAPH, maxSeconds: 90, epochs: 1 });
  expect(started).toMatchObject({ ok: true });
  await expect
    .poll(async () => ((await host.running.engine.dispatch('grasp.status', { graph: GRAPH })) as { ok: boolean; value?: { trained: boolean } }).value?.trained, { timeout: 60_000 })
    .toBe(true);

  const brain = new BrainPage(page);
  await brain.configureRemote(server.baseURL, 'gpt-4o-mini', 'whenUnsure');
  await expect(app.graphItem(GRAPH)).toBeVisible();
  await app.selectGraph(GRAPH);
  const ask = new AskPage(page);
  await ask.open();
  await expect(page.getByTestId('selector-grasp')).toBeEnabled({ timeout: 20_000 });
  await page.getByTestId('selector-grasp').check();

  const before = server.requests.length;
  await ask.input.fill(MISSING_QUESTION);
  await ask.input.press('Enter');
  // Approve whatever ranking call comes first; the selection call is the one this test is about.
  let selection: string | undefined;
  for (let i = 0; i < 4 && selection === undefined; i++) {
    await expect(brain.dialog).toBeVisible({ timeout: 60_000 });
    const shown = await brain.payloadText();
    const sentBefore = server.requests.length;
    if (/^ROUND: 1 OF /m.test(shown)) {
      selection = shown;
      await expect(brain.dialog).toContainText('(selection)');
      expect(shown).toMatch(/^CANDIDATES \(\d+\)/m);
      expect(shown).toMatch(/^INFERRED .*: (P\d+(, )?)+$/m);
      // Nothing left while the dialog was open.
      expect(server.requests.length).toBe(sentBefore);
      await ask.afterNextRun(() => brain.approve.click());
    } else await brain.approve.click();
    expect(server.requests.at(-1)!.body.messages?.[1]?.content).toBe(shown);
  }
  expect(selection).toBeDefined();
  await expect(brain.dialog).toHaveCount(0);
  // No raw name of the demo graph in anything that left.
  const names = [...new Set(demo.split('\n').flatMap((l) => l.split('|').filter((_x, i) => i !== 1)).map((x) => x.trim()))].filter((n) => /\p{L}/u.test(n) && n.length >= 4);
  for (const r of server.requests.slice(before)) for (const n of names) expect(r.text, `request leaks "${n}"`).not.toContain(n);

  // The Brain's final choice comes back grounded: an inferred answer, with its note.
  expect((await ask.answerNames()).length).toBeGreaterThan(0);
  await expect(page.getByTestId('answer-inferred').first()).toContainText('inferred (missing edge)');
  await expect(page.getByTestId('brain-calls')).not.toHaveText('0');
});
