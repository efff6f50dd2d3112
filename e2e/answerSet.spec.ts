// The answer set in the browser host: candidates the question's answer type rules out are never among "the
// answer(s)" (they sit, marked, among the collapsed other candidates), the set carries a confidence label with its
// reason, and marking an answer wrong turns the memory record its question wrote into a failure warning that the
// next similar question receives.
import { join } from 'node:path';
import { expect, test } from './fixtures.js';
import { AskPage } from './pages/AskPage.js';
import { MemoryPage } from './pages/MemoryPage.js';

const GRAPH = 'answer-set-demo';
const DEMO_FILE = join(import.meta.dirname, '..', 'resources', 'demo', 'hospital-network.txt');
const ARTIFACTS = join(import.meta.dirname, 'artifacts');

/** Memory records present before a test: those a test writes are removed after it, since the worker's specs share the host. */
let before = new Set<string>();
const recordIds = async (host: { running: { engine: { dispatch: (c: 'memory.list', p: object) => Promise<unknown> } } }): Promise<string[]> => {
  const listed = (await host.running.engine.dispatch('memory.list', {})) as { ok: boolean; value?: { records: { id: string }[] } };
  return listed.ok ? listed.value!.records.map((r) => r.id) : [];
};

test.beforeEach(async ({ app, host }) => {
  before = new Set(await recordIds(host));
  const imported = await host.running.engine.dispatch('graph.import', { jobId: 'answer-set-e2e', graph: GRAPH, file: DEMO_FILE, replace: true });
  expect(imported).toMatchObject({ ok: true });
  await expect(app.graphItem(GRAPH)).toBeVisible();
  await app.selectGraph(GRAPH);
});

test.afterEach(async ({ host }) => {
  // A verdict (and the records the next questions wrote under it) must not steer the other specs' questions.
  const written = (await recordIds(host)).filter((id) => !before.has(id));
  if (written.length) expect(await host.running.engine.dispatch('memory.delete', { ids: written })).toMatchObject({ ok: true });
  await host.running.engine.dispatch('graph.delete', { graph: GRAPH });
});

test('a wrong-type candidate is not in the answer set; the set has a label and a reason', async ({ page }) => {
  const ask = new AskPage(page);
  await ask.open();
  // "which city": the year among the candidates is of another type.
  await ask.ask('In which city is the maker of Drelixumab headquartered?');
  const label = page.getByTestId('answer-label');
  await expect(label).toHaveAttribute('data-label', /^(verified|partial|inferred|unsure)$/);
  await expect(page.getByTestId('answer-label-reason')).not.toBeEmpty();
  const set = page.getByTestId('answer-set').getByTestId('answer-item');
  expect(await set.count()).toBeGreaterThan(0);
  // Nothing in the set is of the wrong type; at least one wrong-type candidate exists and is among the others.
  expect(await set.evaluateAll((els) => els.filter((e) => e.getAttribute('data-type-fit') === 'mismatch').length)).toBe(0);
  const others = page.getByTestId('other-candidates');
  await expect(others).not.toHaveAttribute('open', '');
  await others.locator('summary').click();
  const wrong = page.getByTestId('other-list').locator('[data-type-fit="mismatch"]');
  expect(await wrong.count()).toBeGreaterThan(0);
  await expect(wrong.first().getByTestId('answer-wrong-type')).toContainText('not a city');
  await expect(page.getByTestId('answer-cut')).toContainText('of another type left out');
  expect(await set.first().getAttribute('data-answer-name')).toBe('Amberwick');
  await page.screenshot({ path: join(ARTIFACTS, 'answer-set.png') });
});

test('a "how many" question shows the count above what was counted', async ({ page }) => {
  const ask = new AskPage(page);
  await ask.open();
  await ask.ask('how many patients does Dr. Jonah Quennell treat');
  await expect(page.getByTestId('answer-count')).toContainText('4 patients');
  await expect(page.getByTestId('answer-count')).toContainText('counted on the whole graph');
  const counted = page.getByTestId('answer-set').getByTestId('answer-item');
  expect(await counted.count()).toBeGreaterThan(0);
  await page.screenshot({ path: join(ARTIFACTS, 'answer-count.png') });
});

test('marking an answer wrong turns its memory record into a failure warning for the next similar question', async ({ page, host }) => {
  const ask = new AskPage(page);
  await ask.open();
  await ask.ask('Who manufactures Glimoravir?');
  await expect(page.getByTestId('memory-write')).toContainText(/new|merged/);
  const recordId = (await page.getByTestId('memory-write').locator('code').innerText()).trim();
  await page.getByTestId('mark-wrong').click();
  await expect(page.getByTestId('verdict-result')).toHaveAttribute('data-verdict', 'wrong');

  // The record is a failure now, marked so, with its chain as a failure note.
  const listed = await host.running.engine.dispatch('memory.list', {});
  const record = listed.ok ? (listed.value as { records: { id: string; outcome: string; judged?: string; templates: unknown[]; failures: { reason: string }[] }[] }).records.find((r) => r.id === recordId) : undefined;
  expect(record).toMatchObject({ outcome: 'failed', judged: 'wrong', templates: [] });
  expect(record!.failures.some((f) => f.reason === 'marked wrong by the analyst')).toBe(true);
  const memory = new MemoryPage(page);
  await memory.open();
  await expect(memory.row(recordId)).toHaveAttribute('data-judged', 'wrong');
  await expect(memory.row(recordId)).toHaveAttribute('data-outcome', 'failed');

  // A question of the same shape gets the failure as a warning.
  await ask.open();
  await ask.ask('Who manufactures Fenumastat?');
  await expect(page.getByTestId('memory-warning').filter({ hasText: 'marked wrong by the analyst' }).first()).toBeVisible();
});
