// Page object for the explore tab: entity search and the cytoscape neighbour explorer. Canvas nodes are
// clicked with a real mouse click at their rendered position (read through window.__ctrlgExplorer);
// the hook's tap() — the same handler a click runs — is only a fallback, and the caller is told which ran.
import { expect, type Locator, type Page } from '@playwright/test';
import type { ExplorerNodeInfo } from '../../src-renderer/src/components/explorer/explorerTestHook.js';

export class ExplorerPage {
  readonly searchInput: Locator;
  readonly results: Locator;
  readonly canvas: Locator;
  readonly count: Locator;
  readonly root: Locator;
  readonly properties: Locator;
  readonly cypherInput: Locator;
  readonly cypherTable: Locator;
  readonly cypherError: Locator;
  readonly cypherStatus: Locator;
  readonly exposureRows: Locator;

  constructor(readonly page: Page) {
    this.properties = page.getByTestId('properties-panel');
    this.cypherInput = page.getByTestId('cypher-input');
    this.cypherTable = page.getByTestId('cypher-table');
    this.cypherError = page.getByTestId('cypher-error');
    this.cypherStatus = page.getByTestId('cypher-status');
    this.exposureRows = page.getByTestId('exposure-entity-row');
    this.searchInput = page.getByTestId('entity-search-input');
    this.results = page.getByTestId('search-result');
    this.canvas = page.getByTestId('explorer-canvas');
    this.count = page.getByTestId('explorer-count');
    this.root = page.getByTestId('explorer-root');
  }

  async search(query: string): Promise<void> {
    await this.searchInput.fill(query);
    await expect(this.page.getByTestId('search-status')).toHaveAttribute('data-pending', 'false');
    await expect(this.results.first()).toBeVisible();
  }

  /** Clicks the result whose name is exactly `name` and waits for the explorer to show it. */
  async openResult(name: string): Promise<void> {
    await this.results.filter({ has: this.page.locator('.result-name', { hasText: new RegExp(`^${escapeRegExp(name)}$`) }) }).first().click();
    await expect(this.root).toHaveText(name);
    await this.waitIdle();
  }

  async waitIdle(): Promise<void> {
    await this.page.waitForFunction(() => window.__ctrlgExplorer?.idle() === true);
  }

  async nodes(): Promise<ExplorerNodeInfo[]> {
    return this.page.evaluate(() => window.__ctrlgExplorer?.nodes() ?? []);
  }

  /** Layout coordinates of every entity node (not screen coordinates: fitting the view does not change them). */
  async modelPositions(): Promise<Record<string, { x: number; y: number }>> {
    return this.page.evaluate(() => window.__ctrlgExplorer?.modelPositions() ?? {});
  }

  async showView(view: 'canvas' | 'cypher' | 'exposure'): Promise<void> {
    await this.page.getByTestId(`explorer-view-${view}`).click();
    await expect(this.page.getByTestId(`explorer-view-${view}`)).toHaveAttribute('aria-selected', 'true');
  }

  /** Runs a query in the Cypher console and waits for its table or its error. */
  async runCypher(query: string): Promise<void> {
    await this.cypherInput.fill(query);
    await this.page.getByTestId('cypher-run').click();
    await expect(this.page.getByTestId('cypher-run')).toHaveText('Run');
    await expect(this.cypherStatus.or(this.cypherError)).toBeVisible();
  }

  /** The console's table as text cells (header row first). */
  async cypherCells(): Promise<string[][]> {
    return this.cypherTable.locator('tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('th,td')].map((c) => c.textContent ?? '')));
  }

  async edges(): Promise<{ source: string; target: string; label: string }[]> {
    return this.page.evaluate(() => window.__ctrlgExplorer?.edges() ?? []);
  }

  /** Clicks an export button and returns the downloaded file's name and bytes. */
  async exportFile(kind: 'png' | 'json'): Promise<{ name: string; bytes: Buffer }> {
    const download = this.page.waitForEvent('download');
    await this.page.getByTestId(`explorer-export-${kind}`).click();
    const d = await download;
    const path = await d.path();
    const { readFile } = await import('node:fs/promises');
    return { name: d.suggestedFilename(), bytes: await readFile(path) };
  }

  async hubIds(): Promise<string[]> {
    return this.page.evaluate(() => window.__ctrlgExplorer?.hubIds() ?? []);
  }

  async reset(): Promise<void> {
    await this.page.getByTestId('explorer-reset').click();
    await this.waitIdle();
  }

  async nodeCount(): Promise<number> {
    return Number(await this.count.getAttribute('data-nodes'));
  }

  /** Clicks a node on the canvas; returns 'mouse' when the real click did it, 'hook' when tap() had to. */
  async clickNode(id: string): Promise<'mouse' | 'hook'> {
    await this.waitIdle();
    const before = await this.nodeCount();
    const pos = await this.page.evaluate((nodeId) => window.__ctrlgExplorer?.pagePosition(nodeId) ?? null, id);
    if (pos) {
      await this.page.mouse.click(pos.x, pos.y);
      const grew = await expect
        .poll(() => this.nodeCount(), { timeout: 5_000 })
        .toBeGreaterThan(before)
        .then(() => true)
        .catch(() => false);
      if (grew) {
        await this.waitIdle();
        return 'mouse';
      }
    }
    await this.page.evaluate((nodeId) => window.__ctrlgExplorer?.tap(nodeId), id);
    await this.waitIdle();
    return 'hook';
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
