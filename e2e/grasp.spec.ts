// The topology-aware selector in the browser host: on the demo graph (one works_at edge taken out, so an answer's
// last edge is missing), train the selector from the Overview with a 5 s budget and watch its live progress until
// version 1 is stored, then answer a demo question with "GraSP selector" on the Ask tab, see an inferred answer
// say so in the answer list, and cancel a second training run without losing version 1.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEMO_DIR, goldQuestions, MISSING_EDGE, MISSING_QUESTION } from './demoQuestions.js';
import { expect, test } from './fixtures.js';
import { AskPage } from './pages/AskPage.js';

const GRAPH = 'grasp-demo';

/** What the selector panel showed at one render while training. */
interface LiveState {
  phase: string | null;
  epoch: string | null;
  loss: string | null;
  percent: number | null;
  cancel: boolean;
  trainDisabled: boolean | null;
}

test.afterEach(async ({ host }) => {
  await host.running.engine.dispatch('graph.delete', { graph: GRAPH });
});

test('trains the GraSP selector with live progress and answers with it', async ({ app, page, host, scratchDir }) => {
  const gold = await goldQuestions();
  expect(gold.map((g) => g.question)).toContain(MISSING_QUESTION);
  const demo = await readFile(join(DEMO_DIR, 'hospital-network.txt'), 'utf8');
  const lines = demo.split('\n');
  expect(lines).toContain(MISSING_EDGE);
  const file = join(scratchDir, 'demo-missing-edge.txt');
  await writeFile(file, lines.filter((l) => l !== MISSING_EDGE).join('\n'));
  const imported = await host.running.engine.dispatch('graph.import', { jobId: 'grasp-e2e', graph: GRAPH, file, replace: true });
  expect(imported).toMatchObject({ ok: true });
  await expect(app.graphItem(GRAPH)).toBeVisible();
  await app.selectGraph(GRAPH);

  // Before training, the Ask tab offers only path search, and says why.
  const ask = new AskPage(page);
  await ask.open();
  await expect(page.getByTestId('selector-path')).toBeChecked();
  await expect(page.getByTestId('selector-grasp')).toBeDisabled();
  await expect(page.getByTestId('selector-grasp-label')).toHaveAttribute('title', /Train the selector for graph "grasp-demo" first/);

  await app.showTab('overview');
  const panel = page.getByTestId('grasp-panel');
  await expect(panel.getByTestId('grasp-status')).toHaveAttribute('data-trained', 'false');
  await expect(panel.getByTestId('grasp-status')).toContainText('Not trained yet');
  const seconds = panel.getByTestId('grasp-seconds');
  await expect(seconds).toHaveValue('60');
  // A budget out of bounds is explained and cannot be sent.
  await seconds.fill('2');
  await expect(panel.getByTestId('grasp-seconds-error')).toContainText('Between 5 and 3600 seconds');
  await expect(panel.getByTestId('grasp-train')).toBeDisabled();
  await seconds.fill('5');
  // The host trains in this test's own process, so every check waits on its steps: the panel's states are recorded
  // in the page as they render, and checked once the job is over.
  await panel.evaluate((root) => {
    const states: LiveState[] = [];
    (window as unknown as { graspStates: LiveState[] }).graspStates = states;
    const text = (id: string) => root.querySelector(`[data-testid="${id}"]`)?.textContent ?? null;
    new MutationObserver(() => {
      const bar = root.querySelector('[data-testid="grasp-progress-bar"]');
      states.push({
        phase: root.querySelector('[data-testid="grasp-progress"]')?.getAttribute('data-phase') ?? null,
        epoch: text('grasp-epoch'),
        loss: text('grasp-loss-live'),
        percent: bar ? Number(bar.getAttribute('aria-valuenow')) : null,
        cancel: root.querySelector('[data-testid="grasp-cancel"]') !== null,
        trainDisabled: (root.querySelector('[data-testid="grasp-train"]') as HTMLButtonElement | null)?.disabled ?? null,
      });
    }).observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  await panel.getByTestId('grasp-train').click();
  const progress = panel.getByTestId('grasp-progress');
  await expect(panel.getByTestId('grasp-version')).toHaveText('Version 1', { timeout: 30_000 });
  await expect(progress).toHaveAttribute('data-phase', 'done');
  // Live progress while it trained: the bar moved, with epoch and loss, Train off and Cancel offered.
  const states = await page.evaluate(() => (window as unknown as { graspStates: LiveState[] }).graspStates);
  const training = states.filter((st) => st.phase === 'training');
  expect(training.length).toBeGreaterThan(0);
  expect(training.every((st) => st.cancel && st.trainDisabled === true)).toBe(true);
  expect(training.some((st) => /^epoch 1 \/ \d+$/.test(st.epoch ?? ''))).toBe(true);
  expect(training.some((st) => /^loss \d+\.\d{3}$/.test(st.loss ?? ''))).toBe(true);
  expect(training.some((st) => st.percent !== null && st.percent > 0 && st.percent < 100)).toBe(true);
  expect(states.findIndex((st) => st.phase === 'training')).toBeLessThan(states.findIndex((st) => st.phase === 'done'));
  await expect(panel.getByTestId('grasp-phase')).toContainText('stored as version 1');
  await expect(panel.getByTestId('grasp-progress-bar')).toHaveAttribute('aria-valuenow', '100');
  await expect(panel.getByTestId('grasp-cancel')).toHaveCount(0);
  await expect(panel.getByTestId('grasp-hits1')).toHaveText(/^\d+(\.\d)?%$/);
  await expect(panel.getByTestId('grasp-status')).toHaveAttribute('data-matches', 'true');
  await expect(panel.getByTestId('grasp-stale')).toHaveCount(0);
  await expect(panel.getByTestId('grasp-train')).toHaveText('Train again');

  // Ask with the trained selector: a demo question whose path is intact is answered as before.
  await ask.open();
  await expect(page.getByTestId('selector-grasp')).toBeEnabled();
  await page.getByTestId('selector-grasp').check();
  await expect(page.getByTestId('selector-choice')).toHaveAttribute('data-value', 'grasp');
  const intact = gold.find((g) => g.question.toLowerCase() === 'where is ridgeway community hospital');
  expect(intact, 'a one-hop demo question about a hospital').toBeDefined();
  await ask.ask(intact!.question);
  await expect(ask.error).toHaveCount(0);
  await expect(page.getByTestId('ask-selector-used')).toHaveAttribute('data-kind', 'grasp');
  await expect(page.getByTestId('ask-selector-used')).toContainText('model version 1');
  expect(intact!.answers).toContain((await ask.answerNames())[0]);

  // The question whose works_at edge is gone: the selector's answers say their last edge is inferred.
  await ask.ask(MISSING_QUESTION);
  await expect(ask.error).toHaveCount(0);
  expect((await ask.answerNames()).length).toBeGreaterThan(0);
  await expect(page.getByTestId('answer-inferred').first()).toBeVisible();
  await expect(page.getByTestId('answer-inferred').first()).toContainText('inferred (missing edge)');
  // Its evidence marks the inferred step on both sides: the raw graph has no such edge either.
  const inferredAnswer = page.locator('[data-answer-name]').filter({ has: page.getByTestId('answer-inferred') }).first();
  await ask.selectAnswer((await inferredAnswer.getAttribute('data-answer-name'))!);
  expect((await ask.chains('raw')).some((c) => c.includes('[inferred (missing edge)]'))).toBe(true);
  expect((await ask.chains('view')).some((c) => c.includes('[inferred (missing edge)]'))).toBe(true);

  // A second run, cancelled midway, leaves version 1 in place and says it was cancelled.
  await app.showTab('overview');
  await seconds.fill('60');
  await panel.getByTestId('grasp-train').click();
  await expect(progress).toHaveAttribute('data-phase', 'training', { timeout: 20_000 });
  await panel.getByTestId('grasp-cancel').click();
  await expect(progress).toHaveAttribute('data-phase', 'cancelled', { timeout: 20_000 });
  await expect(panel.getByTestId('grasp-error-code')).toHaveText('cancelled');
  await expect(panel.getByTestId('grasp-version')).toHaveText('Version 1');
  await expect(panel.getByTestId('grasp-train')).toBeEnabled();
});
