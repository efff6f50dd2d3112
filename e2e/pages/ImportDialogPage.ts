// Page object for the import dialog: filling the form, following progress, reading the report.
import { expect, type Locator, type Page } from '@playwright/test';

export class ImportDialogPage {
  readonly root: Locator;
  readonly file: Locator;
  readonly graphName: Locator;
  readonly format: Locator;
  readonly lenient: Locator;
  readonly progress: Locator;
  readonly report: Locator;
  readonly errorCode: Locator;
  readonly errorMessage: Locator;
  readonly skippedRows: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('import-dialog');
    this.file = page.getByTestId('import-file');
    this.graphName = page.getByTestId('import-graph-name');
    this.format = page.getByTestId('import-format');
    this.lenient = page.getByTestId('import-lenient');
    this.progress = page.getByTestId('import-progress');
    this.report = page.getByTestId('import-report');
    this.errorCode = page.getByTestId('import-error-code');
    this.errorMessage = page.getByTestId('import-error-message');
    this.skippedRows = page.getByTestId('import-skipped-row');
  }

  /** Fills the path (and graph name) from app.info's bundled demo file. */
  async useBundledDemo(): Promise<string> {
    await this.page.getByTestId('import-use-demo').click();
    await expect(this.file).not.toHaveValue('');
    return this.file.inputValue();
  }

  /** Uploads a local file through the browser host's upload field; resolves to the path the form now holds. */
  async upload(file: string): Promise<string> {
    await this.page.getByTestId('import-upload-input').setInputFiles(file);
    await expect(this.page.getByTestId('import-upload-done').or(this.page.getByTestId('import-upload-error'))).toBeVisible();
    return this.file.inputValue();
  }

  async fill(options: { file?: string; graph: string; format?: string; lenient?: boolean }): Promise<void> {
    if (options.file !== undefined) await this.file.fill(options.file);
    await this.graphName.fill(options.graph);
    if (options.format) await this.format.selectOption(options.format);
    if (options.lenient !== undefined) await this.lenient.setChecked(options.lenient);
  }

  async start(): Promise<void> {
    await this.page.getByTestId('import-start').click();
  }

  /** Waits for the job to end and returns its status (done, failed or cancelled). */
  async waitForEnd(timeout = 60_000): Promise<string> {
    await expect(this.progress).not.toHaveAttribute('data-status', 'running', { timeout });
    return (await this.progress.getAttribute('data-status')) ?? '';
  }

  async close(): Promise<void> {
    await this.page.getByTestId('import-close').click();
    await expect(this.root).toBeHidden();
  }
}
