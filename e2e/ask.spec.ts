// Question answering in the browser host: import the demo graph through the host's engine, ask one of the
// bundled gold questions in the Ask tab, and check the answer and the two evidence panes — in particular that
// the sanitized pane never shows a raw entity name.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Engine } from '../src-main/engine/app/createEngine.js';
import { DEMO_DIR, goldQuestions } from './demoQuestions.js';
import { expect, test } from './fixtures.js';
import { AskPage } from './pages/AskPage.js';

const GRAPH = 'ask-demo';
const ARTIFACTS = join(import.meta.dirname, 'artifacts');

async function importDemo(engine: Engine): Promise<void> {
  const envelope = await engine.dispatch('graph.import', {
    jobId: 'ask-e2e',
    graph: GRAPH,
    file: join(DEMO_DIR, 'hospital-network.txt'),
    replace: true,
  });
  expect(envelope).toMatchObject({ ok: true });
}

/** Names a careless view would leak: entities with letters in them. Pure numbers and dates are literals,
 * which the view coarsens instead of tokenizing, and would match unrelated token digits by accident. */
function leakableNames(paths: string[][]): string[] {
  return [...new Set(paths.flat())].filter((name) => /\p{L}/u.test(name) && name.length >= 3);
}

test.afterEach(async ({ host }) => {
  await host.running.engine.dispatch('graph.delete', { graph: GRAPH });
});

test('asks a demo question and shows sanitized and raw evidence side by side', async ({ app, page, host }, testInfo) => {
  await importDemo(host.running.engine);
  await expect(app.graphItem(GRAPH)).toBeVisible();
  await app.selectGraph(GRAPH);

  const ask = new AskPage(page);
  await ask.open();
  // A two-hop question whose topic is named plainly: the evidence then shows a real chain.
  const gold = (await goldQuestions()).find((q) => q.question.startsWith('where do') && !q.question.includes('['));
  expect(gold, 'a two-hop demo question').toBeDefined();
  await ask.ask(gold!.question);
  await expect(ask.error).toHaveCount(0);

  const names = await ask.answerNames();
  expect(names.length).toBeGreaterThan(0);
  expect(gold!.answers).toContain(names[0]);
  await expect(page.getByTestId('ask-elapsed')).toHaveAttribute('data-running', 'false');
  // The top answer is selected first; clicking another shows its evidence, clicking back restores the top one.
  const title = page.getByTestId('evidence-title');
  await expect(title).toContainText(names[0]!);
  if (names.length > 1) {
    await ask.selectAnswer(names[1]!);
    await expect(title).toContainText(names[1]!);
  }
  await ask.selectAnswer(names[0]!);
  await expect(title).toContainText(names[0]!);

  await expect(ask.viewHead).toContainText('Sanitized view (what a Brain could see)');
  await expect(ask.rawHead).toContainText('Raw graph (local only)');
  await expect(ask.viewPaths.first()).toBeVisible();
  await expect(ask.rawPaths.first()).toBeVisible();
  expect(await ask.viewPaths.count()).toBe(await ask.rawPaths.count());

  const raw = await ask.rawEntities();
  expect(raw.flat()).toContain(names[0]);
  const leakable = leakableNames(raw);
  expect(leakable.length).toBeGreaterThan(0);
  const shown = await ask.viewPaneText();
  const full = (await ask.chains('view')).join('\n');
  for (const name of leakable) {
    expect(shown, `sanitized pane shows "${name}"`).not.toContain(name);
    expect(full, `sanitized path text holds "${name}"`).not.toContain(name);
  }

  // Payloads are shown verbatim; with no Brain configured none left the machine, and each says so.
  await expect(page.getByTestId('payloads-summary')).toContainText('None of these left this machine');
  await expect(page.getByTestId('payload-status').first()).toHaveText('not sent');
  await expect(page.getByTestId('ask-stages').getByTestId('stage-row').first()).toBeVisible();
  await expect(page.getByTestId('topic-row').first()).toBeVisible();
  // The reasoning tree of the answer: at least one node verified evidence.
  await expect(page.getByTestId('reasoning-tree').locator('[data-testid="tree-node"][data-status="verified"]').first()).toBeVisible();

  await mkdir(ARTIFACTS, { recursive: true });
  const body = await page.screenshot({ path: join(ARTIFACTS, 'ask.png') });
  await testInfo.attach('ask', { body, contentType: 'image/png' });
  // The payloads sit below the fold of the scrolling panel: a second shot shows them.
  await page.getByTestId('brain-payloads').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(ARTIFACTS, 'ask-payloads.png') });
});

test('a badly misspelt name offers the closest names, and picking one asks again', async ({ app, page, host }) => {
  await importDemo(host.running.engine);
  await app.selectGraph(GRAPH);
  const ask = new AskPage(page);
  await ask.open();
  const gold = (await goldQuestions()).find((q) => q.question === 'Who manufactures Glimoravir?');
  expect(gold, 'the Glimoravir question in questions.txt').toBeDefined();

  // Two slips: one alone would be read as the name (and said so); two leave the choice to the analyst.
  await ask.ask('who manufactures Glimoravirxx');
  await expect(ask.notFound).toBeVisible();
  await expect(ask.answers).toHaveCount(0);
  const pick = ask.suggestions.filter({ hasText: /^Glimoravir$/ });
  await expect(pick).toHaveCount(1);
  await ask.afterNextRun(() => pick.click());
  // The suggestion replaced the misspelt word in place and the question ran again.
  await expect(ask.input).toHaveValue('who manufactures Glimoravir');
  await expect(ask.notFound).toHaveCount(0);
  expect(gold!.answers).toContain((await ask.answerNames())[0]);
});
