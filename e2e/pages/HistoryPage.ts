// Page object for the Ask tab's question history (search, re-run, delete, session export), the answer's export
// buttons, and the Brain tab's audit log viewer (load, filter, verify, export). Exports are read back from the
// browser's download.
import { expect, type Locator, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';

export class HistoryPage {
  readonly card: Locator;
  readonly entries: Locator;
  readonly search: Locator;
  readonly auditViewer: Locator;
  readonly auditRecords: Locator;
  readonly auditResult: Locator;

  constructor(readonly page: Page) {
    this.card = page.getByTestId('history');
    this.entries = page.getByTestId('history-entry');
    this.search = page.getByTestId('history-search');
    this.auditViewer = page.getByTestId('audit-viewer');
    this.auditRecords = page.getByTestId('audit-record');
    this.auditResult = page.getByTestId('audit-viewer-result');
  }

  async open(): Promise<void> {
    if ((await this.card.getAttribute('open')) === null) await this.card.locator('summary').first().click();
    await expect(this.card).toHaveAttribute('open', '');
  }

  async questions(): Promise<string[]> {
    return this.entries.evaluateAll((els) => els.map((e) => e.getAttribute('data-question') ?? ''));
  }

  entry(question: string): Locator {
    return this.entries.and(this.page.locator(`[data-question="${question.replace(/"/g, '\\"')}"]`));
  }

  /** Clicks an export button and returns the downloaded file's name and text. */
  async download(testId: string): Promise<{ name: string; text: string }> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.getByTestId(testId).click()]);
    const path = await download.path();
    return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
  }
}
