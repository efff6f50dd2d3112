// Foundation flow in the browser host: import the bundled demo graph through the dialog, read its
// statistics, search an entity, explore and expand its neighbourhood; plus the import error reports.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.js';

const DEMO_GRAPH = 'demo-hospital';
const HOSPITAL = 'Northgate General Hospital';
const ARTIFACTS = join(import.meta.dirname, 'artifacts');

test('imports the demo graph, shows stats, and explores a hospital', async ({ app, page }, testInfo) => {
  const dialog = await app.openImportDialog();
  const demoPath = await dialog.useBundledDemo();
  expect(demoPath).toMatch(/hospital-network\.txt$/);
  await dialog.fill({ graph: DEMO_GRAPH });
  await dialog.start();

  // The bar appears as soon as the job starts and stays, at 100 %, once it is done.
  await expect(dialog.progress).toBeVisible();
  expect(await dialog.waitForEnd()).toBe('done');
  await expect(page.getByTestId('import-progress-bar')).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByTestId('import-summary')).toContainText(DEMO_GRAPH);
  await saveShot(page, testInfo, 'import-dialog');
  await dialog.close();

  await expect(app.graphItem(DEMO_GRAPH)).toBeVisible();
  await app.selectGraph(DEMO_GRAPH);
  await app.showTab('overview');
  expect(await app.stats.number('entities')).toBeGreaterThan(0);
  expect(await app.stats.number('triples')).toBeGreaterThanOrEqual(2000);
  await expect(app.stats.relationRows.first()).toBeVisible();
  expect(await app.stats.relationRows.count()).toBeGreaterThan(3);
  await expect(app.stats.degreeBars.first()).toBeVisible();
  await saveShot(page, testInfo, 'overview');

  await app.showTab('explore');
  await app.explorer.search('Northgate General');
  await app.explorer.openResult(HOSPITAL);
  const start = await app.explorer.nodes();
  expect(start.length).toBeGreaterThan(1);
  expect(start.filter((n) => n.root).map((n) => n.label)).toEqual([HOSPITAL]);

  // Expand the best-connected non-literal neighbour: its own neighbours must join the canvas.
  const target = start.filter((n) => !n.root && !n.literal).sort((a, b) => b.degree - a.degree)[0];
  expect(target, 'a non-literal neighbour to expand').toBeDefined();
  const before = start.length;
  const how = await app.explorer.clickNode(target!.id);
  testInfo.annotations.push({ type: 'node-click', description: how });
  await expect.poll(() => app.explorer.nodeCount()).toBeGreaterThan(before);
  const after = await app.explorer.nodes();
  expect(after.find((n) => n.id === target!.id)?.expanded).toBe(true);

  // The hospital's large groups are collapsed into "+N relation" nodes; clicking one loads more of it.
  const hub = (await app.explorer.hubIds()).find((id) => id.endsWith(`::${HOSPITAL}`));
  expect(hub, 'a collapsed hub group on the hospital').toBeDefined();
  const beforeHub = await app.explorer.nodeCount();
  testInfo.annotations.push({ type: 'hub-click', description: await app.explorer.clickNode(hub!) });
  await expect.poll(() => app.explorer.nodeCount()).toBeGreaterThan(beforeHub);

  await saveShot(page, testInfo, 'foundation');

  await app.explorer.reset();
  await expect.poll(() => app.explorer.nodeCount()).toBe(start.length);
});

test('a bad import path shows the typed error', async ({ app, scratchDir }) => {
  const dialog = await app.openImportDialog();
  // The browser host has no native file dialog: Browse… gives way to a hint to type the path.
  await app.page.getByTestId('import-browse').click();
  await expect(app.page.getByTestId('browse-unavailable')).toBeVisible();
  await expect(app.page.getByTestId('import-browse')).toHaveCount(0);
  await dialog.fill({ file: join(scratchDir, 'does-not-exist.txt'), graph: 'missing-file' });
  await dialog.start();
  expect(await dialog.waitForEnd()).toBe('failed');
  await expect(dialog.report).toBeVisible();
  await expect(dialog.errorCode).toHaveText('import_failed');
  await expect(dialog.errorMessage).toContainText('does-not-exist.txt');
  await expect(app.graphItem('missing-file')).toHaveCount(0);
});

test('a lenient import lists the skipped lines', async ({ app, scratchDir }) => {
  const file = join(scratchDir, 'malformed.txt');
  await writeFile(
    file,
    [
      'Aldermoor Clinic|located_in|Harrowmere',
      'this line has no separator',
      'Aldermoor Clinic|employs|Dr. Imre Vos',
      'Dr. Imre Vos||Cardiology',
      'Harrowmere|in_region|North|extra',
      'Dr. Imre Vos|specialty|Cardiology',
    ].join('\n') + '\n',
  );
  const dialog = await app.openImportDialog();
  await dialog.fill({ file, graph: 'malformed-lenient', format: 'tsv', lenient: true });
  await dialog.start();
  expect(await dialog.waitForEnd()).toBe('done');
  await expect(dialog.skippedRows).toHaveCount(3);
  const lines = await dialog.skippedRows.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-line')));
  expect(lines).toEqual(['2', '4', '5']);
  await expect(dialog.skippedRows.nth(0)).toContainText('separated by');
  await expect(dialog.skippedRows.nth(1)).toContainText('empty relation');
  await expect(app.page.getByTestId('import-summary')).toContainText('3 new triples');
});


/** Screenshots are kept on success too: as a test attachment and as e2e/artifacts/NAME.png. */
async function saveShot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await mkdir(ARTIFACTS, { recursive: true });
  const body = await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
  await testInfo.attach(name, { body, contentType: 'image/png' });
}
