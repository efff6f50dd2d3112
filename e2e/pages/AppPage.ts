// Page object for the application shell: opening it, the graph picker, and the main tabs.
import { expect, type Locator, type Page } from '@playwright/test';
import { ExplorerPage } from './ExplorerPage.js';
import { ImportDialogPage } from './ImportDialogPage.js';
import { StatsPanelPage } from './StatsPanelPage.js';

export class AppPage {
  readonly importDialog: ImportDialogPage;
  readonly stats: StatsPanelPage;
  readonly explorer: ExplorerPage;

  constructor(readonly page: Page) {
    this.importDialog = new ImportDialogPage(page);
    this.stats = new StatsPanelPage(page);
    this.explorer = new ExplorerPage(page);
  }

  /** Opens the host URL (token in the hash) and waits until the engine answered app.info. */
  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await expect(this.page.getByTestId('app')).toBeVisible();
    await expect(this.page.getByTestId('app-info')).toContainText('browser host');
  }

  graphItem(name: string): Locator {
    return this.page.getByTestId(`graph-item-${name}`);
  }

  async selectGraph(name: string): Promise<void> {
    await this.graphItem(name).click();
    await expect(this.page.getByTestId('current-graph')).toHaveText(name);
  }

  async openImportDialog(): Promise<ImportDialogPage> {
    await this.page.getByTestId('open-import').click();
    await expect(this.importDialog.root).toBeVisible();
    return this.importDialog;
  }

  async showTab(id: 'overview' | 'explore'): Promise<void> {
    await this.page.getByTestId(`tab-${id}`).click();
    await expect(this.page.getByTestId(`tab-${id}`)).toHaveAttribute('aria-selected', 'true');
  }
}
