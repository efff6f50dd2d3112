// Page object for the Models tab: adding a model file, reading the model table, loading and unloading the Hand,
// and the status card (with its running skill-call totals).
import { expect, type Locator, type Page } from '@playwright/test';

export class SettingsPage {
  readonly root: Locator;
  readonly addPath: Locator;
  readonly addError: Locator;
  readonly table: Locator;
  readonly status: Locator;
  readonly statusModel: Locator;
  readonly statusBackend: Locator;
  readonly fitEstimate: Locator;
  readonly loadError: Locator;
  /** The status card's running per-skill totals of the Hand's model calls on questions. */
  readonly accounting: Locator;
  /** The running (or last) download: data-status running | done | failed | cancelled. */
  readonly download: Locator;
  readonly downloadError: Locator;
  /** GPU layers as typed, and the same setting as a slider over the chosen model's layers. */
  readonly gpuLayers: Locator;
  readonly gpuLayersSlider: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('models-panel');
    this.addPath = page.getByTestId('add-model-path');
    this.addError = page.getByTestId('add-model-error');
    this.table = page.getByTestId('model-table');
    this.status = page.getByTestId('hand-status');
    this.statusModel = page.getByTestId('hand-loaded-model');
    this.statusBackend = page.getByTestId('hand-backend');
    this.fitEstimate = page.getByTestId('fit-estimate');
    this.loadError = page.getByTestId('load-error');
    this.accounting = page.getByTestId('hand-accounting');
    this.download = page.getByTestId('download-progress');
    this.downloadError = page.getByTestId('download-error-message');
    this.gpuLayers = page.getByTestId('load-gpu-layers');
    this.gpuLayersSlider = page.getByTestId('load-gpu-layers-slider');
  }

  /** Opens the Models tab from the sidebar (it works with or without a graph selected). */
  async open(): Promise<void> {
    await this.page.getByTestId('open-models').click();
    await expect(this.root).toBeVisible();
    await expect(this.status).not.toHaveAttribute('data-state', 'unknown');
  }

  /** Adds a GGUF by typing its path and waits for the confirmation. */
  async addByPath(path: string): Promise<void> {
    await this.addPath.fill(path);
    await this.page.getByTestId('add-model-submit').click();
    await expect(this.page.getByTestId('add-model-done')).toBeVisible();
  }

  /** Starts a download from the free-form hf: / URL field. */
  async downloadFrom(uri: string): Promise<void> {
    await this.page.getByTestId('download-uri').fill(uri);
    await this.page.getByTestId('download-uri-submit').click();
  }

  /** The running download's bytes ("1.2 MB of 16 MB"), speed and ETA, as shown. */
  downloadFigures(): { bytes: Locator; speed: Locator; eta: Locator } {
    return { bytes: this.download.getByTestId('download-bytes'), speed: this.download.getByTestId('download-speed'), eta: this.download.getByTestId('download-eta') };
  }

  row(fileName: string): Locator {
    return this.page.getByTestId(`model-row-${fileName}`);
  }

  async architectureOf(fileName: string): Promise<string> {
    const cell = this.row(fileName).getByTestId('model-architecture');
    await expect(cell).toBeVisible();
    return (await cell.textContent()) ?? '';
  }

  async setLoadOptions(options: { fileName?: string; gpu?: 'auto' | 'cpu'; threads?: number; contextSize?: number }): Promise<void> {
    if (options.fileName) await this.page.getByTestId('load-model').selectOption(options.fileName);
    if (options.gpu) await this.page.getByTestId('load-gpu').selectOption(options.gpu);
    if (options.threads !== undefined) await this.page.getByTestId('load-threads').fill(String(options.threads));
    if (options.contextSize !== undefined) await this.page.getByTestId('load-context-size').fill(String(options.contextSize));
  }

  /** Clicks Load and waits until the status card shows the model loaded. */
  async load(fileName: string): Promise<void> {
    await this.page.getByTestId('load-submit').click();
    await expect(this.status).toHaveAttribute('data-state', 'loaded', { timeout: 60_000 });
    await expect(this.statusModel).toHaveText(fileName);
  }

  async unload(): Promise<void> {
    await this.page.getByTestId('unload').click();
    await expect(this.status).toHaveAttribute('data-state', 'idle');
  }
}
