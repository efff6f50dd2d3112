// The approval dialog shows everything that leaves: the full request (system prompt, messages, model, parameters)
// is byte for byte what a loopback Brain receives, with its byte count; a resend after an unusable reply is stated
// beforehand and counted as a send; "keep top N", tick all / none, the edited state after "Use edited payload", and
// the keyboard (Enter approves, Escape denies after a confirmation).
import { join } from 'node:path';
import { startRecordingServer, type RecordingServer } from '../test/brain/recordingServer.js';
import { expect, test } from './fixtures.js';
import { AskPage } from './pages/AskPage.js';
import { BrainPage } from './pages/BrainPage.js';

const GRAPH = 'approval-full';
const DEMO_FILE = join(import.meta.dirname, '..', 'resources', 'demo', 'hospital-network.txt');
const ARTIFACTS = join(import.meta.dirname, 'artifacts');
const QUESTION = "where do Lorcan Dunmore's doctors work";
const RANKING = JSON.stringify({ ranking: [{ path: 1, reason: 'follows the indicator' }] });

let server: RecordingServer;

test.beforeAll(async () => {
  server = await startRecordingServer({ respond: () => RANKING });
});

test.beforeEach(async ({ host, app, page }) => {
  server.script = [];
  await new BrainPage(page).onGraphWithRemoteBrain(host.running, app, GRAPH, DEMO_FILE, server.baseURL);
});

test.afterEach(async ({ host }) => BrainPage.reset(host.running, GRAPH));

test.afterAll(async () => {
  await server?.close();
});

async function askAndWaitForDialog(page: import('@playwright/test').Page): Promise<{ ask: AskPage; brain: BrainPage }> {
  const ask = new AskPage(page);
  const brain = new BrainPage(page);
  await ask.open();
  await ask.input.fill(QUESTION);
  await ask.input.press('Enter');
  await expect(brain.dialog).toBeVisible({ timeout: 60_000 });
  return { ask, brain };
}

test('the full request in the dialog is byte for byte what the Brain receives, system prompt included', async ({ page }) => {
  const { ask, brain } = await askAndWaitForDialog(page);
  const before = server.requests.length;
  const shown = await brain.fullRequestText();
  const body = JSON.parse(shown) as { model: string; messages: { role: string; content: string }[]; temperature: number };
  expect(body.messages[0]!.role).toBe('system');
  expect(body.messages[0]!.content.length).toBeGreaterThan(200);
  expect(body.messages[1]!.content).toBe(await brain.payloadText());
  expect(body.model).toBe('gpt-4o-mini');
  expect(await brain.statedBytes()).toBe(Buffer.byteLength(shown, 'utf8'));
  await page.screenshot({ path: join(ARTIFACTS, 'approval-full-request.png') });

  // Enter (focus on the dialog, not on a control) approves.
  await brain.dialog.focus();
  await ask.afterNextRun(() => page.keyboard.press('Enter'));
  expect(server.requests.length - before).toBe(1);
  expect(server.requests[before]!.text).toBe(shown);
  await expect(page.getByTestId('brain-calls')).toHaveText('1');
});

test('a resend after an unusable reply is stated before approval and counted as a send', async ({ page }) => {
  server.script = [{ kind: 'reply', content: 'this is not JSON' }];
  const { ask, brain } = await askAndWaitForDialog(page);
  await expect(brain.retryPolicy).toContainText(/sent again.*at most \d+ sends in all/);
  await expect(brain.retryPolicy).toContainText('counts as a send');
  const shown = await brain.fullRequestText();
  const before = server.requests.length;
  await ask.afterNextRun(() => brain.approve.click());
  // Two requests at the server, both the approved bytes; the tally says two sends.
  expect(server.requests.slice(before).map((r) => r.text)).toEqual([shown, shown]);
  await expect(page.getByTestId('brain-calls')).toHaveText('2');
  // The ledger in the Brain tab counts both.
  await brain.openTab();
  await expect(page.getByTestId('exposure-calls').locator('.stat-value')).not.toHaveText('0');
});

test('keep top N, tick all / none, the edited state, and Escape denies only after a confirmation', async ({ page }) => {
  const { ask, brain } = await askAndWaitForDialog(page);
  const before = server.requests.length;
  await brain.edit.click();
  const total = await page.getByTestId('drop-path').count();
  expect(total).toBeGreaterThan(1);
  await page.getByTestId('drop-all-paths').click();
  expect(await brain.tickedPaths()).toHaveLength(total);
  await expect(page.getByTestId('edit-problem')).toBeVisible();
  await page.getByTestId('drop-no-paths').click();
  expect(await brain.tickedPaths()).toEqual([]);
  await brain.keepTop(1);
  const dropped = await brain.tickedPaths();
  expect(dropped).toHaveLength(total - 1);
  await expect(brain.payload).not.toContainText(/^P2\. /m);
  const edited = await brain.payloadText();
  expect(edited.match(/^P\d+\. /gm)).toHaveLength(1);

  await brain.applyEdit.click();
  // The engine asks again for the edited payload: the dialog says it is edited and what was dropped.
  await expect(brain.editedMark).toBeVisible();
  await expect(brain.dialog).toHaveAttribute('data-edited', 'true');
  for (const id of dropped) await expect(brain.editedMark).toContainText(`P${id}`);
  expect(await brain.payloadText()).toBe(edited);
  const shown = await brain.fullRequestText();
  expect(JSON.parse(shown).messages[1].content).toBe(edited);

  // Escape once: a confirmation, nothing decided; "keep reviewing" closes it.
  await brain.dialog.focus();
  await page.keyboard.press('Escape');
  await expect(brain.denyConfirm).toBeVisible();
  await expect(brain.dialog).toBeVisible();
  await page.getByTestId('deny-confirm-no').click();
  await expect(brain.denyConfirm).toHaveCount(0);
  // Escape twice denies: nothing is sent.
  await brain.dialog.focus();
  await page.keyboard.press('Escape');
  await expect(brain.denyConfirm).toBeVisible();
  await ask.afterNextRun(() => page.keyboard.press('Escape'));
  await expect(brain.dialog).toHaveCount(0);
  expect(server.requests.length).toBe(before);
  await expect(page.getByTestId('brain-denied')).toHaveText('1');
});

test('cancel: a question waiting for approval is cancelled from the dialog; nothing is sent, it ends as cancelled', async ({ page, host }) => {
  const historyTotal = async (): Promise<number> => {
    const listed = await host.running.engine.dispatch('history.list', { graph: GRAPH });
    return listed.ok ? (listed.value as { total: number }).total : -1;
  };
  const asked = await historyTotal();
  const { ask, brain } = await askAndWaitForDialog(page);
  const before = server.requests.length;
  await ask.afterNextRun(() => page.getByTestId('approval-cancel-question').click());
  await expect(brain.dialog).toHaveCount(0);
  await expect(ask.error).toContainText('cancelled');
  expect(server.requests.length).toBe(before);
  // A cancelled question is not in the history.
  expect(await historyTotal()).toBe(asked);
  // The Ask tab offers Cancel while a question runs.
  await ask.input.fill(QUESTION);
  await ask.input.press('Enter');
  await expect(brain.dialog).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('ask-cancel')).toBeAttached();
  await ask.afterNextRun(() => brain.deny.click());
});
