// The explorer people already know, in the browser host: placed nodes stay still when another is expanded, the
// properties panel, relation search, the read-only Cypher console (a table; a write refused and the graph
// unchanged), and the exposure table after an approved Brain call. Window sizes and dark mode: layout.spec.ts.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startRecordingServer, type RecordingServer } from '../test/brain/recordingServer.js';
import { expect, test } from './fixtures.js';
import { AskPage } from './pages/AskPage.js';
import { BrainPage } from './pages/BrainPage.js';

const GRAPH = 'explore-demo';
const DEMO_FILE = join(import.meta.dirname, '..', 'resources', 'demo', 'hospital-network.txt');
const ARTIFACTS = join(import.meta.dirname, 'artifacts');
const HOSPITAL = 'Northgate General Hospital';
const COUNT_QUERY = 'MATCH (e:Entity) WITH count(e) AS entities MATCH ()-[r:Rel]->() RETURN entities, count(r) AS facts';

async function shot(page: Page, name: string): Promise<void> {
  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

test.beforeEach(async ({ host, app }) => {
  const imported = await host.running.engine.dispatch('graph.import', { jobId: `${GRAPH}-e2e`, graph: GRAPH, file: DEMO_FILE, replace: true });
  expect(imported).toMatchObject({ ok: true });
  await app.page.reload();
  await expect(app.graphItem(GRAPH)).toBeVisible();
  await app.selectGraph(GRAPH);
});

test.afterEach(async ({ host }) => {
  await host.running.engine.dispatch('ui.saveSettings', { theme: 'system' });
  await host.running.engine.dispatch('graph.delete', { graph: GRAPH });
});

test('expanding a node leaves every placed node where it was; properties show attributes and degree', async ({ app }) => {
  await app.showTab('explore');
  await app.explorer.search('Northgate General');
  await app.explorer.openResult(HOSPITAL);
  const start = await app.explorer.nodes();
  const before = await app.explorer.modelPositions();
  expect(Object.keys(before).length).toBe(start.length);

  const target = start.filter((n) => !n.root && !n.literal).sort((a, b) => b.degree - a.degree)[0];
  expect(target, 'a non-literal neighbour to expand').toBeDefined();
  await app.explorer.clickNode(target!.id);
  await expect.poll(() => app.explorer.nodeCount()).toBeGreaterThan(start.length);
  const after = await app.explorer.modelPositions();
  expect(Object.keys(after).length).toBeGreaterThan(Object.keys(before).length);
  for (const [id, p] of Object.entries(before)) expect(after[id], `position of ${id}`).toEqual(p);

  // The clicked node is selected: its properties, with the degree the graph holds for it.
  await expect(app.explorer.properties).toHaveAttribute('data-entity-id', target!.id);
  await expect(app.explorer.properties.getByTestId('prop-degree')).toContainText(String(target!.degree));
  await expect(app.explorer.properties.getByTestId('prop-type')).not.toContainText('—');
  await expect(app.explorer.properties.getByTestId('expand-relation').first()).toBeVisible();

  // PNG and JSON exports of what is on the canvas.
  const png = await app.explorer.exportFile('png');
  expect(png.name).toBe(`${GRAPH}-explorer.png`);
  expect(png.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  const json = await app.explorer.exportFile('json');
  const doc = JSON.parse(json.bytes.toString('utf8')) as { graph: string; entities: { id: string; position?: unknown }[]; facts: unknown[] };
  expect(doc.graph).toBe(GRAPH);
  expect(doc.entities.map((x) => x.id).sort()).toEqual(Object.keys(after).sort());
  expect(doc.entities.every((x) => x.position !== undefined)).toBe(true);
  expect(doc.facts.length).toBe(Number(await app.explorer.count.getAttribute('data-edges')));

  // Hiding a neighbour removes it; the rest keep their places.
  const leaf = (await app.explorer.nodes()).find((n) => !n.root && !n.expanded && n.id !== target!.id);
  expect(leaf).toBeDefined();
  await app.explorer.page.evaluate((id) => window.__ctrlgExplorer?.tap(id), leaf!.id);
  await app.explorer.waitIdle();
  const beforeHide = await app.explorer.modelPositions();
  await app.explorer.properties.getByTestId('prop-hide').click();
  const afterHide = await app.explorer.modelPositions();
  expect(afterHide[leaf!.id]).toBeUndefined();
  for (const [id, p] of Object.entries(afterHide)) expect(p).toEqual(beforeHide[id]);
});

test('a graph with explicit inverse relations shows each fact once', async ({ host, app, scratchDir }) => {
  const file = join(scratchDir, 'family.txt');
  // `x` and `x_inverse` mirror each other fact for fact; `likes` and `liked_by_some` do not (left as they are).
  const lines = ['Ada|parent_of|Bo', 'Bo|parent_of_inverse|Ada', 'Ada|parent_of|Cy', 'Cy|parent_of_inverse|Ada', 'Eve|parent_of|Ada', 'Ada|parent_of_inverse|Eve', 'Ada|likes|Cy', 'Bo|liked_by_some|Ada'];
  await writeFile(file, lines.join('\n') + '\n');
  expect(await host.running.engine.dispatch('graph.import', { jobId: 'family', graph: 'family', file })).toMatchObject({ ok: true });
  expect(await host.running.engine.dispatch('graph.inversePairs', { graph: 'family' })).toMatchObject({ ok: true, value: [{ relation: 'parent_of', inverse: 'parent_of_inverse' }] });
  try {
    await app.page.reload();
    await app.selectGraph('family');
    await app.showTab('explore');
    await app.explorer.search('Ada');
    await app.explorer.openResult('Ada');
    const edges = await app.explorer.edges();
    const shown = edges.map((x) => `${x.source} ${x.label} ${x.target}`).sort();
    expect(shown).toEqual(['Ada likes Cy', 'Ada parent_of ⇄ parent_of_inverse Bo', 'Ada parent_of ⇄ parent_of_inverse Cy', 'Bo liked_by_some Ada', 'Eve parent_of ⇄ parent_of_inverse Ada']);
  } finally {
    await host.running.engine.dispatch('graph.delete', { graph: 'family' });
  }
});

test('the Cypher console returns a table, refuses a write with a reason, and the graph is unchanged', async ({ app, page }) => {
  await app.showTab('explore');
  await app.explorer.showView('cypher');
  await app.explorer.runCypher(COUNT_QUERY);
  const [header, counts] = await app.explorer.cypherCells();
  expect(header).toEqual(['entities', 'facts']);
  expect(Number(counts![0])).toBeGreaterThan(100);

  await app.explorer.runCypher("MATCH (e:Entity) RETURN e.name AS name ORDER BY e.degree DESC LIMIT 5");
  const rows = await app.explorer.cypherCells();
  expect(rows[0]).toEqual(['name']);
  expect(rows.length).toBe(6);
  await expect(app.explorer.cypherStatus).toHaveAttribute('data-rows', '5');

  await app.explorer.runCypher("MATCH (e:Entity) SET e.name = 'overwritten' RETURN e");
  await expect(app.explorer.cypherError).toContainText('query_refused');
  await expect(app.explorer.cypherError).toContainText('read-only');
  await app.explorer.runCypher("CREATE (:Entity {id: 'intruder', name: 'intruder', norm: 'intruder', degree: 0})");
  await expect(app.explorer.cypherError).toContainText('CREATE is refused');

  await app.explorer.runCypher(COUNT_QUERY);
  expect((await app.explorer.cypherCells())[1]).toEqual(counts);
  await app.explorer.runCypher("MATCH (e:Entity) WHERE e.name = 'overwritten' OR e.id = 'intruder' RETURN count(*) AS n");
  expect((await app.explorer.cypherCells())[1]).toEqual(['0']);

  // A relation name is found by search, and opens its facts as a graph.
  await app.explorer.showView('canvas');
  await app.explorer.searchInput.fill('works');
  await expect(page.getByTestId('relation-result').first()).toBeVisible();
  await page.getByTestId('relation-result').first().click();
  await expect(page.getByTestId('cypher-graph')).toBeVisible();
  await expect(app.explorer.cypherStatus).not.toHaveAttribute('data-rows', '0');
});

test.describe('exposure', () => {
  let server: RecordingServer;
  test.beforeAll(async () => {
    server = await startRecordingServer({ respond: () => JSON.stringify({ ranking: [{ path: 1, reason: 'follows the indicator' }] }) });
  });
  test.afterAll(async () => {
    await server?.close();
  });
  test.afterEach(async ({ host }) => BrainPage.reset(host.running, GRAPH));

  test('the exposure table lists an entity after an approved Brain call, and the overlay marks it', async ({ host, app, page }) => {
    const brain = new BrainPage(page);
    await brain.onGraphWithRemoteBrain(host.running, app, GRAPH, DEMO_FILE, server.baseURL);
    const ask = new AskPage(page);
    await ask.open();
    await ask.input.fill("where do Lorcan Dunmore's doctors work");
    await ask.input.press('Enter');
    await expect(brain.dialog).toBeVisible({ timeout: 60_000 });
    const before = server.requests.length;
    await ask.afterNextRun(() => brain.approve.click());
    expect(server.requests.length).toBeGreaterThan(before);

    await app.showTab('explore');
    await app.explorer.showView('exposure');
    await expect(app.explorer.exposureRows.first()).toBeVisible();
    const names = await app.explorer.exposureRows.evaluateAll((rows) => rows.map((r) => r.querySelector('td')?.textContent ?? ''));
    expect(names.length).toBeGreaterThan(0);
    // Names are the graph's own, shown locally; none of them is in what the Brain received.
    const wire = server.requests.map((r) => r.text.toLowerCase()).join('\n');
    for (const n of names.filter((x) => /\p{L}{3,}/u.test(x))) expect(wire).not.toContain(n.toLowerCase());
    await expect(page.getByTestId('exposure-relation-row').first()).toBeVisible();
    // Sorting by name reorders the rows alphabetically.
    await page.getByTestId('sort-name').click();
    await page.getByTestId('sort-name').click();
    const sorted = await app.explorer.exposureRows.evaluateAll((rows) => rows.map((r) => r.querySelector('td')?.textContent ?? ''));
    expect(sorted).toEqual([...sorted].sort((a, b) => a.localeCompare(b)));
    await shot(page, 'exposure-table');

    // "show" opens the entity on the canvas with the heat overlay on.
    const firstId = await app.explorer.exposureRows.first().getAttribute('data-entity-id');
    await app.explorer.exposureRows.first().getByTestId('exposure-show').click();
    await app.explorer.waitIdle();
    await expect(page.getByTestId('explorer-exposure-overlay')).toBeChecked();
    await expect(app.explorer.properties).toHaveAttribute('data-entity-id', firstId!);
    await expect(app.explorer.properties.getByTestId('prop-exposed-to-the-Brain')).toContainText('session');
    await shot(page, 'exposure-overlay');
  });
});
