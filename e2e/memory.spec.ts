// The experience memory end to end in the browser host: two similar demo questions, then the Memory tab shows an
// abstract record (ANCHOR_1-style roles, none of the graph's names), its details, a clean audit, and deletes it.
import { join } from 'node:path';
import { expect, test } from './fixtures.js';
import { AskPage } from './pages/AskPage.js';
import { MemoryPage } from './pages/MemoryPage.js';

const GRAPH = 'memory-demo';
const DEMO_DIR = join(import.meta.dirname, '..', 'resources', 'demo');
const QUESTIONS = ['Who manufactures Glimoravir?', 'Who manufactures Fenumastat?'];
/** Names the two questions touch: none may appear in the memory browser. */
const NAMES = ['Glimoravir', 'Fenumastat', 'Sunderhaven', 'Laboratorios'];

test.afterEach(async ({ host }) => {
  await host.running.engine.dispatch('graph.delete', { graph: GRAPH });
});

test('similar questions leave an abstract experience that the Memory tab shows, audits and deletes', async ({ app, page, host }) => {
  const imported = await host.running.engine.dispatch('graph.import', { jobId: 'memory-e2e', graph: GRAPH, file: join(DEMO_DIR, 'hospital-network.txt'), replace: true });
  expect(imported).toMatchObject({ ok: true });
  await expect(app.graphItem(GRAPH)).toBeVisible();
  await app.selectGraph(GRAPH);

  const ask = new AskPage(page);
  await ask.open();
  for (const q of QUESTIONS) {
    await ask.ask(q);
    await expect(ask.result).toBeVisible();
  }
  // The second question found the first one's experience.
  await expect(page.getByTestId('memory-hits')).toHaveAttribute('data-hits', /^[1-9]/);

  const memory = new MemoryPage(page);
  await memory.open();
  await expect(memory.rows.first()).toBeVisible();
  const questions = await memory.rowQuestions.allInnerTexts();
  expect(questions.some((q) => /\bANCHOR_\d+\b/.test(q))).toBe(true);
  const panelText = await memory.root.innerText();
  for (const name of NAMES) expect(panelText).not.toContain(name);

  const row = memory.rows.filter({ hasText: 'ANCHOR_1' }).first();
  const id = (await row.getAttribute('data-id'))!;
  await row.click();
  await expect(memory.details).toContainText('ANCHOR_1');
  for (const name of NAMES) await expect(memory.details).not.toContainText(name);

  await memory.auditButton.click();
  await expect(memory.audit).toHaveAttribute('data-clean', 'true');

  await memory.deleteRow(id);
  const listed = await host.running.engine.dispatch('memory.list', {});
  expect(listed.ok && (listed.value as { records: { id: string }[] }).records.some((r) => r.id === id)).toBe(false);
});
