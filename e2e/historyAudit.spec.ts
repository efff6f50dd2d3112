// History, reports and audit in the browser host: asked questions are listed per graph (search, re-run, delete),
// kept in a 0600 file in the data folder; one answer and the whole session export as Markdown, HTML and JSON with
// their evidence and Brain calls; the Brain tab's audit viewer lists, filters, verifies and exports the log, and
// detects a tampered file.
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startRecordingServer, type RecordingServer } from '../test/brain/recordingServer.js';
import { expect, test } from './fixtures.js';
import { AskPage } from './pages/AskPage.js';
import { BrainPage } from './pages/BrainPage.js';
import { HistoryPage } from './pages/HistoryPage.js';

const GRAPH = 'history-demo';
const DEMO_FILE = join(import.meta.dirname, '..', 'resources', 'demo', 'hospital-network.txt');
const Q1 = 'Who manufactures Glimoravir?';
const Q2 = 'In which city is Kvarnby University Hospital located?';

let server: RecordingServer;
test.beforeAll(async () => {
  server = await startRecordingServer({ respond: () => JSON.stringify({ ranking: [{ path: 1, reason: 'follows the indicator' }] }) });
});
test.afterAll(async () => server?.close());
test.afterEach(async ({ host }) => BrainPage.reset(host.running, GRAPH));

test('history: listed per graph, searched, re-run, deleted; answer and session exports carry their content', async ({ app, page, host }) => {
  expect(await host.running.engine.dispatch('graph.import', { jobId: 'history-e2e', graph: GRAPH, file: DEMO_FILE, replace: true })).toMatchObject({ ok: true });
  await expect(app.graphItem(GRAPH)).toBeVisible();
  await app.selectGraph(GRAPH);
  const ask = new AskPage(page);
  const history = new HistoryPage(page);
  await ask.open();
  await ask.ask(Q1);
  await ask.ask(Q2);
  await history.open();
  await expect(history.entries).toHaveCount(2);
  expect(await history.questions()).toEqual([Q2, Q1]);
  const file = join(host.dataDir, 'history', `${GRAPH}.json`);
  expect((await stat(file)).mode & 0o777).toBe(0o600);

  // One answer: the result on screen (Q2), with both panes.
  const md = await history.download('answer-export-md');
  expect(md.name).toMatch(/\.md$/);
  expect(md.text).toContain(`## ${Q2}`);
  expect(md.text).toContain('sanitized (Brain-visible)');
  expect(md.text).toContain('raw (local only)');
  expect(md.text).toContain('Södervik');
  const html = await history.download('answer-export-html');
  expect(html.text).toContain('<!doctype html>');
  expect(html.text).toContain('Raw graph (local only)');
  expect(html.text).not.toMatch(/<script/i);

  // Search narrows the list; re-run asks again and the history grows.
  await history.search.fill('glimoravir');
  await expect(history.entries).toHaveCount(1);
  await ask.afterNextRun(() => history.entry(Q1).getByTestId('history-rerun').click());
  await expect(ask.input).toHaveValue(Q1);
  await expect(page.getByTestId('answer-set').getByTestId('answer-item').first()).toBeVisible();
  await history.search.fill('');
  await expect(history.entries).toHaveCount(3);
  expect(await history.questions()).toEqual([Q1, Q2, Q1]);

  // The session export holds every listed question; JSON round-trips the results.
  const session = await history.download('history-export-json');
  expect(session.name).toBe('ctrlg-session.json');
  const parsed = JSON.parse(session.text) as { questions: { result: { question: string; answers: { name: string }[] } }[] };
  expect(parsed.questions.map((q) => q.result.question)).toEqual([Q1, Q2, Q1]);
  expect(parsed.questions[1]!.result.answers[0]!.name).toBe('Södervik');
  const sessionMd = await history.download('history-export-md');
  expect(sessionMd.text.match(/^## /gm)).toHaveLength(3);

  // Delete: gone from the list and from the file.
  await history.entries.last().getByTestId('history-delete').click();
  await expect(history.entries).toHaveCount(2);
  expect((JSON.parse(await readFile(file, 'utf8')) as unknown[]).length).toBe(2);
});

test('audit viewer: lists and filters the records, verifies, exports, and detects a tampered log', async ({ app, page, host }) => {
  const brain = new BrainPage(page);
  await brain.onGraphWithRemoteBrain(host.running, app, GRAPH, DEMO_FILE, server.baseURL);
  const ask = new AskPage(page);
  await ask.open();
  await ask.input.fill("where do Lorcan Dunmore's doctors work");
  await ask.input.press('Enter');
  await expect(brain.dialog).toBeVisible({ timeout: 60_000 });
  await ask.afterNextRun(() => brain.approve.click());

  const view = new HistoryPage(page);
  await brain.openTab();
  await page.getByTestId('audit-load').click();
  await expect(view.auditRecords.first()).toBeVisible();
  const all = await view.auditRecords.count();
  await page.getByTestId('audit-filter-kind').selectOption('request');
  const requests = await view.auditRecords.count();
  expect(requests).toBeGreaterThan(0);
  expect(requests).toBeLessThan(all);
  expect(await view.auditRecords.evaluateAll((els) => els.every((e) => e.getAttribute('data-kind') === 'request'))).toBe(true);
  await view.auditRecords.first().locator('summary').click();
  await expect(view.auditRecords.first()).toContainText('QUESTION');

  await page.getByTestId('audit-viewer-verify').click();
  await expect(view.auditResult).toHaveAttribute('data-ok', 'true');
  const exported = await view.download('audit-export-json');
  expect(JSON.parse(exported.text)).toMatchObject({ verification: { ok: true } });
  const html = await view.download('audit-export-html');
  expect(html.text).toContain('Chain verified');

  // Tamper with one request's payload on disk: the viewer's check names the line. The log is restored afterwards
  // (the host is shared by the worker's specs).
  const log = join(host.dataDir, 'audit', 'audit.jsonl');
  const original = await readFile(log, 'utf8');
  const lines = original.split('\n');
  const at = lines.findIndex((l) => l.includes('"kind":"request"'));
  expect(at).toBeGreaterThanOrEqual(0);
  lines[at] = lines[at]!.replace('QUESTION', 'QUESTIOM');
  try {
    await writeFile(log, lines.join('\n'));
    await page.getByTestId('audit-viewer-verify').click();
    await expect(view.auditResult).toHaveAttribute('data-ok', 'false');
    await expect(view.auditResult).toContainText(`line ${at + 1}`);
  } finally {
    await writeFile(log, original);
  }
  await page.getByTestId('audit-viewer-verify').click();
  await expect(view.auditResult).toHaveAttribute('data-ok', 'true');
});
