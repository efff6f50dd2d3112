// Risk before approval in the browser host: on a graph where, after the payload guard, a candidate path still
// names its hospital through a literal band (test/brain/uniqueTokenGraphs.ts), the approval dialog shows each
// entity token's anonymity set and flags the unique one; one click drafts the edit that drops the paths showing it,
// the engine's preview brings the unique count to 0, and the edited payload is exactly what the loopback Brain
// receives.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startRecordingServer, type RecordingServer } from '../test/brain/recordingServer.js';
import { UNIQUE_BEDS_LINES, UNIQUE_BEDS_QUESTION } from '../test/brain/uniqueTokenGraphs.js';
import { expect, test } from './fixtures.js';
import { AskPage } from './pages/AskPage.js';
import { BrainPage } from './pages/BrainPage.js';

const GRAPH = 'risk-clinics';
const ARTIFACTS = join(import.meta.dirname, 'artifacts');
let server: RecordingServer;

test.beforeAll(async () => {
  // Ranks the first candidate the payload lists, whichever ids an edit left.
  server = await startRecordingServer({
    respond: (r) => {
      const first = /^P(\d+)\. /m.exec(r.body.messages?.[1]?.content ?? '');
      return JSON.stringify({ ranking: first ? [{ path: Number(first[1]), reason: 'first listed' }] : [] });
    },
  });
});

test.beforeEach(async ({ host, app, page, scratchDir }) => {
  const file = join(scratchDir, 'clinics.txt');
  await writeFile(file, UNIQUE_BEDS_LINES.join('\n') + '\n');
  await new BrainPage(page).onGraphWithRemoteBrain(host.running, app, GRAPH, file, server.baseURL);
});

test.afterEach(async ({ host }) => BrainPage.reset(host.running, GRAPH));

test.afterAll(async () => {
  await server?.close();
});

test('a unique token is flagged, one click drops its paths, the risk updates and the edited payload is sent', async ({ page }) => {
  const ask = new AskPage(page);
  const brain = new BrainPage(page);
  const before = server.requests.length;
  await ask.open();
  await ask.input.fill(UNIQUE_BEDS_QUESTION);
  await ask.input.press('Enter');

  await expect(brain.dialog).toBeVisible({ timeout: 60_000 });
  const firstId = await brain.dialog.getAttribute('data-request');
  // Harrowgate Clinic: the only entity of the graph with a value in its band.
  await expect(brain.uniqueStat).toHaveClass(/stat-warn/);
  await expect(brain.uniqueTags.first()).toBeVisible();
  const unique = await brain.uniqueTokens();
  expect(unique.length).toBeGreaterThan(0);
  await expect(brain.uniqueCount()).toHaveText(String(unique.length));
  for (const t of unique) {
    const row = brain.report.locator(`[data-testid="report-entity"][data-token="${t}"]`);
    await expect(row.getByTestId('token-anonymity')).toHaveText('fits 1 entity');
  }
  // Every other entity token says how many entities fit it, more than one.
  const others = brain.report.getByTestId('report-entity').filter({ hasNot: page.getByTestId('token-unique') }).getByTestId('token-anonymity');
  expect(await others.count()).toBeGreaterThan(0);
  for (const n of await others.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-set'))))) expect(n).toBeGreaterThan(1);
  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, 'approval-risk.png') });
  const original = await brain.payloadText();
  const tokensBefore = Number(await page.getByTestId('report-tokens').locator('.stat-value').textContent());

  await brain.dropUnique.click();
  // Edit mode with exactly the paths showing a unique token ticked, previewed by the engine.
  await expect(page.getByTestId('payload-editor')).toBeVisible();
  const exposing = await brain.pathsShowingUnique();
  expect(exposing.length).toBeGreaterThan(0);
  expect(await brain.tickedPaths()).toEqual(exposing);
  await expect(brain.uniqueCount()).toHaveText('0');
  await expect(brain.uniqueStat).not.toHaveClass(/stat-warn/);
  await expect(brain.uniqueTags).toHaveCount(0);
  const edited = await brain.payloadText();
  expect(edited).not.toBe(original);
  for (const t of unique) expect(edited).not.toContain(t);
  for (const id of exposing) expect(edited).not.toMatch(new RegExp(`^P${id}\\. `, 'm'));
  expect(Number(await page.getByTestId('report-tokens').locator('.stat-value').textContent())).toBeLessThan(tokensBefore);
  expect(server.requests.length).toBe(before);
  await page.screenshot({ path: join(ARTIFACTS, 'approval-risk-dropped.png') });

  await brain.applyEdit.click();
  // The edit is a decision: the engine asks again with the edited payload, nothing unique left to drop.
  await expect(brain.dialog).not.toHaveAttribute('data-request', firstId!);
  expect(await brain.payloadText()).toBe(edited);
  await expect(brain.uniqueCount()).toHaveText('0');
  await expect(brain.dropUnique).toHaveCount(0);
  expect(server.requests.length).toBe(before);

  await ask.afterNextRun(() => brain.approve.click());
  await expect(brain.dialog).toHaveCount(0);
  expect(server.requests.length - before).toBe(1);
  expect(server.requests[before]!.body.messages?.[1]?.content).toBe(edited);
  await expect(page.getByTestId('brain-calls')).toHaveText('1');
});
