// The Models tab in the browser host: add a tiny GGUF (generated at test time) by path, see its metadata, load it
// on the CPU, watch the status card, ask a demo question with it as the Hand, unload; plus the typed error for a
// file that is not a model.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeTinyGguf } from '../src-main/engine/llm/tinyGguf.js';
import { startGgufServer } from '../test/llm/ggufServer.js';
import { expect, test } from './fixtures.js';
import { AskPage } from './pages/AskPage.js';
import { SettingsPage } from './pages/SettingsPage.js';

const ARTIFACTS = join(import.meta.dirname, 'artifacts');
const DEMO = join(import.meta.dirname, '..', 'resources', 'demo', 'hospital-network.txt');

test('adds a model by path, loads it on the CPU, answers a question with it, unloads', async ({ app, host, scratchDir }, testInfo) => {
  const page = app.page;
  const model = await writeTinyGguf(join(scratchDir, 'tiny-e2e.gguf'), { seed: 11, name: 'Tiny e2e model' });
  const settings = new SettingsPage(page);
  await settings.open();
  await expect(settings.statusModel).toHaveText('No model loaded');

  await settings.addByPath(model.path);
  expect(await settings.architectureOf('tiny-e2e.gguf')).toBe('llama');
  await expect(settings.row('tiny-e2e.gguf')).toContainText('F32');

  // One thread: llama.cpp threads spin-wait on each other on small shared machines.
  await settings.setLoadOptions({ fileName: 'tiny-e2e.gguf', gpu: 'cpu', threads: 1, contextSize: 512 });
  await expect(settings.fitEstimate).toHaveAttribute('data-fits', 'true');
  await expect(settings.fitEstimate).toContainText('512-token context');

  await settings.load('tiny-e2e.gguf');
  await expect(settings.statusBackend).toHaveText('cpu');
  await expect(settings.status).toHaveAttribute('data-backend', 'cpu');
  await expect(settings.row('tiny-e2e.gguf')).toContainText('loaded');

  // The loaded model is the Ask tab's Hand: its skill calls are listed (a random model: fallbacks are expected).
  const imported = await host.running.engine.dispatch('graph.import', { jobId: 'hand-e2e', graph: 'demo', file: DEMO, replace: true });
  expect(imported).toMatchObject({ ok: true });
  await app.selectGraph('demo');
  const ask = new AskPage(page);
  await ask.open();
  await ask.ask('Who manufactures Glimoravir?');
  const handCard = page.getByTestId('hand-card');
  await expect(handCard).toHaveAttribute('data-hand', 'tiny-e2e.gguf');
  await expect(handCard.getByTestId('hand-call').first()).toHaveAttribute('data-skill', 'entityExtraction');
  const calls = Number(await handCard.getAttribute('data-calls'));
  expect(calls).toBeGreaterThan(0);
  await expect(handCard.getByTestId('hand-call')).toHaveCount(calls);
  await mkdir(ARTIFACTS, { recursive: true });
  await handCard.screenshot({ path: join(ARTIFACTS, 'ask-hand-card.png') });

  // Back in the Models tab, the status card adds them to its running totals per skill.
  await settings.open();
  await expect(settings.accounting).toHaveAttribute('data-calls', String(calls));
  await expect(settings.accounting.locator('[data-testid="hand-skill-row"][data-skill="entityExtraction"]')).toBeVisible();

  await mkdir(ARTIFACTS, { recursive: true });
  const body = await page.screenshot({ path: join(ARTIFACTS, 'settings.png') });
  await testInfo.attach('settings', { body, contentType: 'image/png' });

  await settings.unload();
  await expect(settings.statusModel).toHaveText('No model loaded');
  await expect(page.getByTestId('unload')).toBeDisabled();
});

test('a file that is not a model shows the typed error inline', async ({ app, scratchDir }) => {
  const page = app.page;
  const notModel = join(scratchDir, 'notes.gguf');
  await writeFile(notModel, 'just some notes');
  const settings = new SettingsPage(page);
  await settings.open();
  await settings.addPath.fill(notModel);
  await page.getByTestId('add-model-submit').click();
  await expect(settings.addError).toHaveAttribute('data-error-code', 'model_bad_magic');
  await expect(page.getByTestId('add-model-error-message')).toContainText('notes.gguf');
  await expect(settings.row('notes.gguf')).toHaveCount(0);
});

test('downloads a model from a URL with a progress bar, and cancels another', async ({ app, scratchDir }) => {
  const page = app.page;
  const small = await writeTinyGguf(join(scratchDir, 'small.gguf'), { seed: 12 });
  const big = await writeTinyGguf(join(scratchDir, 'big.gguf'), { seed: 13, embd: 256, ff: 4096, layers: 2 });
  const fast = await startGgufServer(await readFile(small.path));
  // Throttled, so Cancel lands mid-transfer.
  const slow = await startGgufServer(await readFile(big.path), { chunkBytes: 16 * 1024, delayMs: 20 });
  try {
    const settings = new SettingsPage(page);
    await settings.open();
    const progress = page.getByTestId('download-progress');

    await settings.downloadFrom(fast.url('served-e2e.gguf'));
    await expect(progress).toHaveAttribute('data-status', 'done');
    await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(await settings.architectureOf('served-e2e.gguf')).toBe('llama');

    await settings.downloadFrom(slow.url('slow-e2e.gguf'));
    await expect(progress).toHaveAttribute('data-status', 'running');
    await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuenow', /\d+/);
    await page.getByTestId('download-cancel').click();
    await expect(progress).toHaveAttribute('data-status', 'cancelled');
    await expect(settings.row('slow-e2e.gguf')).toHaveCount(0);
  } finally {
    await fast.close();
    await slow.close();
  }
});
