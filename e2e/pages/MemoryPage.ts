// Page object for the Memory tab: the experience memory's records, a record's details, delete and audit.
import { expect, type Locator, type Page } from '@playwright/test';

export class MemoryPage {
  readonly root: Locator;
  readonly rows: Locator;
  readonly rowQuestions: Locator;
  readonly details: Locator;
  readonly auditButton: Locator;
  readonly audit: Locator;
  readonly total: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('memory-panel');
    this.rows = page.getByTestId('memory-row');
    this.rowQuestions = page.getByTestId('memory-row-question');
    this.details = page.getByTestId('memory-details');
    this.auditButton = page.getByTestId('memory-audit-button');
    this.audit = page.getByTestId('memory-audit');
    this.total = page.getByTestId('memory-total');
  }

  async open(): Promise<void> {
    await this.page.getByTestId('tab-memory').click();
    await expect(this.page.getByTestId('tab-memory')).toHaveAttribute('aria-selected', 'true');
    await expect(this.root).toBeVisible();
  }

  row(id: string): Locator {
    return this.page.locator(`[data-testid="memory-row"][data-id="${id}"]`);
  }

  async deleteRow(id: string): Promise<void> {
    await this.row(id).getByTestId('memory-delete').click();
    await expect(this.row(id)).toHaveCount(0);
  }
}
