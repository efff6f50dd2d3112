// The Brain gate in the browser host: a real loopback chat-completions server stands in for the remote Brain.
// Nothing reaches it while the approval dialog is open; Approve sends exactly the payload shown, once, with no
// raw entity name of the demo graph in it; Deny sends nothing and the question is answered locally.
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startRecordingServer, type RecordingServer } from '../test/brain/recordingServer.js';
import { expect, test } from './fixtures.js';
import { AskPage } from './pages/AskPage.js';
import { BrainPage } from './pages/BrainPage.js';

const GRAPH = 'brain-demo';
const DEMO_FILE = join(import.meta.dirname, '..', 'resources', 'demo', 'hospital-network.txt');
const ARTIFACTS = join(import.meta.dirname, 'artifacts');
const QUESTION = "where do Lorcan Dunmore's doctors work";

let server: RecordingServer;

/** Entity names of the demo graph a careless payload could leak: with letters, 3+ characters. */
async function demoEntityNames(): Promise<string[]> {
  const names = new Set<string>();
  for (const line of (await readFile(DEMO_FILE, 'utf8')).split('\n')) {
    const parts = line.split('|');
    if (parts.length !== 3) continue;
    for (const n of [parts[0]!, parts[2]!].map((x) => x.trim())) if (/\p{L}/u.test(n) && n.length >= 3 && !/^[\d.\-]+$/.test(n)) names.add(n);
  }
  return [...names];
}

test.beforeAll(async () => {
  server = await startRecordingServer({ respond: () => JSON.stringify({ ranking: [{ path: 1, reason: 'follows the indicator' }] }) });
});

test.beforeEach(async ({ host, app, page }) => {
  await new BrainPage(page).onGraphWithRemoteBrain(host.running, app, GRAPH, DEMO_FILE, server.baseURL);
});

test.afterEach(async ({ host }) => BrainPage.reset(host.running, GRAPH));

test.afterAll(async () => {
  await server?.close();
});

test('approve: nothing leaves before approval, then exactly the shown payload, once', async ({ page }, testInfo) => {
  const ask = new AskPage(page);
  const brain = new BrainPage(page);
  const before = server.requests.length;
  await ask.open();
  await ask.input.fill(QUESTION);
  await ask.input.press('Enter');

  // The first question loads the word vectors before the dialog can open.
  await expect(brain.dialog).toBeVisible({ timeout: 60_000 });
  await expect(brain.payload).toContainText('QUESTION');
  await expect(brain.report).toBeVisible();
  await expect(page.getByTestId('report-tokenizer')).toHaveText(/o200k_base|cl100k_base/);
  await expect(page.getByTestId('report-k')).toBeVisible();
  await expect(page.getByTestId('badge-new-ever').first()).toBeVisible();
  await brain.expectCanvasDrawn();
  await expect(brain.approveAll).not.toBeChecked();
  const shown = await brain.payloadText();
  expect(server.requests.length - before).toBe(0);

  await mkdir(ARTIFACTS, { recursive: true });
  const body = await page.screenshot({ path: join(ARTIFACTS, 'approval.png') });
  await testInfo.attach('approval', { body, contentType: 'image/png' });
  // Still nothing sent while the analyst looked.
  expect(server.requests.length - before).toBe(0);

  await ask.afterNextRun(() => brain.approve.click());
  await expect(brain.dialog).toHaveCount(0);
  expect(server.requests.length - before).toBe(1);
  const sent = server.requests[before]!;
  expect(sent.body.messages?.[1]?.content).toBe(shown);
  const wire = sent.text.toLowerCase();
  for (const name of await demoEntityNames()) expect(wire, `request leaks "${name}"`).not.toContain(name.toLowerCase());

  expect((await ask.answerNames()).length).toBeGreaterThan(0);
  await expect(brain.tally).toBeVisible();
  await expect(page.getByTestId('brain-calls')).toHaveText('1');
  await expect(page.getByTestId('brain-denied')).toHaveText('0');

  // The Brain tab's ledger counts the call, and the audit chain it left verifies.
  await brain.openTab();
  await expect(page.getByTestId('exposure-calls').locator('.stat-value')).not.toHaveText('0');
  await expect(page.getByTestId('exposure-entities').locator('.stat-value')).not.toHaveText('0');
  await expect(page.getByTestId('exposure-relations-row').first()).toBeVisible();
  await page.getByTestId('audit-verify').click();
  await expect(page.getByTestId('audit-result')).toContainText('Chain verified');
  // The exposure report's pictures of the same ledger: at least the per-relation bars and the stream of calls.
  await expect(page.getByTestId('exposure-chart').first().locator('svg')).toBeVisible();
  expect(await page.getByTestId('exposure-chart').count()).toBeGreaterThanOrEqual(2);
  await page.screenshot({ path: join(ARTIFACTS, 'brain-exposure.png'), fullPage: true });
});

test('deny: nothing is sent and the question is answered locally', async ({ page }) => {
  const ask = new AskPage(page);
  const brain = new BrainPage(page);
  await ask.open();
  await ask.input.fill(QUESTION);
  await ask.input.press('Enter');
  await expect(brain.dialog).toBeVisible({ timeout: 60_000 });
  const before = server.requests.length;

  await ask.afterNextRun(() => brain.deny.click());
  await expect(brain.dialog).toHaveCount(0);
  expect(server.requests.length).toBe(before);
  expect((await ask.answerNames()).length).toBeGreaterThan(0);
  await expect(page.getByTestId('brain-calls')).toHaveText('0');
  await expect(page.getByTestId('brain-denied')).toHaveText('1');
});

test('edit: dropping a path and the indicator updates the report live, and the edited payload is what is sent', async ({ page }) => {
  const ask = new AskPage(page);
  const brain = new BrainPage(page);
  const before = server.requests.length;
  await ask.open();
  await ask.input.fill(QUESTION);
  await ask.input.press('Enter');
  await expect(brain.dialog).toBeVisible({ timeout: 60_000 });
  const firstId = await brain.dialog.getAttribute('data-request');
  const original = await brain.payloadText();
  const tokensBefore = Number(await page.getByTestId('report-tokens').locator('.stat-value').textContent());

  await brain.edit.click();
  await page.getByTestId('drop-field-indicator').check();
  await page.getByTestId('drop-path').and(page.locator('[data-path="1"]')).check();
  // The preview comes from the engine: the text and the counts are those of the edited payload.
  await expect(brain.payload).not.toContainText('INDICATOR');
  await expect(page.getByTestId('report-tokens').locator('.stat-value')).not.toHaveText(String(tokensBefore));
  const edited = await brain.payloadText();
  expect(edited).not.toMatch(/^P1\. /m);
  expect(edited).not.toBe(original);
  expect(Number(await page.getByTestId('report-tokens').locator('.stat-value').textContent())).toBeLessThan(tokensBefore);
  expect(server.requests.length).toBe(before);

  await page.getByTestId('approval-apply-edit').click();
  // The edit is a decision: the engine asks again, with the edited payload's report.
  await expect(brain.dialog).not.toHaveAttribute('data-request', firstId!);
  await expect(brain.dialog).toBeVisible();
  expect(await brain.payloadText()).toBe(edited);
  expect(server.requests.length).toBe(before);

  await ask.afterNextRun(() => brain.approve.click());
  expect(server.requests.length - before).toBe(1);
  expect(server.requests[before]!.body.messages?.[1]?.content).toBe(edited);
  await expect(page.getByTestId('brain-calls')).toHaveText('1');
});
