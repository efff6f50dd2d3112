// Layout and theme in the browser host: the explorer and the Ask page at 1024×700, 1280×800 and 1920×1080 with no
// sideways spill (screenshots in e2e/artifacts/), dark mode following the OS and the toggle kept by the engine, and
// an import uploaded through the dialog (streamed to the engine).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { AskPage } from './pages/AskPage.js';

const GRAPH = 'layout-demo';
const DEMO_FILE = join(import.meta.dirname, '..', 'resources', 'demo', 'hospital-network.txt');
const ARTIFACTS = join(import.meta.dirname, 'artifacts');
const HOSPITAL = 'Northgate General Hospital';

async function shot(page: Page, name: string): Promise<void> {
  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

test.afterEach(async ({ host }) => {
  await host.running.engine.dispatch('ui.saveSettings', { theme: 'system' });
  for (const graph of [GRAPH, 'uploaded-people']) await host.running.engine.dispatch('graph.delete', { graph });
});

test('screenshots at 1024, 1280 and 1920 px and in dark mode', async ({ host, app, page }) => {
  const imported = await host.running.engine.dispatch('graph.import', { jobId: `${GRAPH}-e2e`, graph: GRAPH, file: DEMO_FILE, replace: true });
  expect(imported).toMatchObject({ ok: true });
  await page.reload();
  await app.selectGraph(GRAPH);
  const sizes: [number, number][] = [
    [1024, 700],
    [1280, 800],
    [1920, 1080],
  ];
  await app.showTab('explore');
  await app.explorer.search('Northgate General');
  await app.explorer.openResult(HOSPITAL);
  for (const [width, height] of sizes) {
    await page.setViewportSize({ width, height });
    await page.getByTestId('explorer-fit').click();
    // Nothing spills sideways, and the canvas and the properties panel are both on screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expect(app.explorer.properties).toBeInViewport();
    const canvas = await app.explorer.canvas.boundingBox();
    expect(canvas!.width).toBeGreaterThan(400);
    expect(canvas!.height).toBeGreaterThan(300);
    await shot(page, `explorer-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  const ask = new AskPage(page);
  await ask.open();
  await ask.ask("where do Lorcan Dunmore's doctors work");
  for (const [width, height] of sizes) {
    await page.setViewportSize({ width, height });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // Each evidence pane keeps a readable width, and its paths stay inside it.
    for (const pane of [ask.viewHead, ask.rawHead]) expect((await pane.boundingBox())!.width).toBeGreaterThan(240);
    const spill = await page.evaluate(() =>
      [...document.querySelectorAll('.evidence-card .path-node')].filter((n) => {
        const card = n.closest('.evidence-card')!.getBoundingClientRect();
        return n.getBoundingClientRect().right > card.right + 1;
      }).length,
    );
    expect(spill).toBe(0);
    await shot(page, `ask-${width}`);
  }

  // Dark mode follows the OS while the choice is "system"; the toggle overrides it and the engine keeps it.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await shot(page, 'ask-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByTestId('theme-dark').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // The page applies the choice first and saves it after (one round trip): wait for the engine to hold it.
  await expect.poll(() => host.running.engine.dispatch('ui.settings', {})).toEqual({ ok: true, value: { theme: 'dark' } });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await app.selectGraph(GRAPH);
  await app.showTab('explore');
  await app.explorer.search('Northgate General');
  await app.explorer.openResult(HOSPITAL);
  await shot(page, 'explorer-dark');
});

test('an import uploaded through the dialog (the size limit is covered in test/host/hostUpload.test.ts)', async ({ app, page, scratchDir }) => {
  const people = join(scratchDir, 'people.txt');
  await writeFile(people, 'Ada Quill|born_in|Lyon\nLyon|located_in|France\nBo Renn|born_in|Lyon\n');
  const dialog = await app.openImportDialog();
  const stored = await dialog.upload(people);
  expect(stored).toMatch(/uploads[\\/]\d+-[0-9a-f]{8}-people\.txt$/);
  await dialog.fill({ graph: 'uploaded-people' });
  await dialog.start();
  expect(await dialog.waitForEnd()).toBe('done');
  await dialog.close();
  await expect(app.graphItem('uploaded-people')).toBeVisible();
  await shot(page, 'import-upload');
});
