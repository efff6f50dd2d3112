// Page object for the overview statistics.
import { expect, type Locator, type Page } from '@playwright/test';

export class StatsPanelPage {
  readonly root: Locator;
  readonly relationRows: Locator;
  readonly degreeBars: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('stats-panel');
    this.relationRows = page.getByTestId('relation-bars-row');
    this.degreeBars = page.getByTestId('degree-bar');
  }

  /** The raw number behind a stat card (its data-value), once the stats have loaded. */
  async number(stat: 'entities' | 'triples' | 'relations' | 'literal-date' | 'literal-number' | 'literal-string'): Promise<number> {
    const cell = this.page.getByTestId(`stat-${stat}`);
    await expect(cell).toBeVisible();
    return Number(await cell.getAttribute('data-value'));
  }
}
