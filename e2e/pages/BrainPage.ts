// Page object for the Brain: its settings tab, the approval dialog (payload, report, exposed-subgraph canvas,
// Approve / Edit / Deny) and the Ask panel's Brain tally.
import { expect, type Locator, type Page } from '@playwright/test';

export class BrainPage {
  readonly dialog: Locator;
  readonly payload: Locator;
  readonly report: Locator;
  readonly canvas: Locator;
  readonly approve: Locator;
  readonly deny: Locator;
  readonly edit: Locator;
  readonly approveAll: Locator;
  readonly tally: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByTestId('approval-dialog');
    this.payload = page.getByTestId('approval-payload');
    this.report = page.getByTestId('exposure-report');
    this.canvas = page.getByTestId('exposed-subgraph');
    this.approve = page.getByTestId('approval-approve');
    this.deny = page.getByTestId('approval-deny');
    this.edit = page.getByTestId('approval-edit');
    this.approveAll = page.getByTestId('approve-all');
    this.tally = page.getByTestId('brain-tally');
  }

  async openTab(): Promise<void> {
    await this.page.getByTestId('tab-brain').click();
    await expect(this.page.getByTestId('brain-panel')).toBeVisible();
  }

  /** Points the Brain at an OpenAI-compatible endpoint through the settings form. */
  async configureRemote(url: string, model: string, policy: 'always' | 'whenUnsure'): Promise<void> {
    await this.openTab();
    await this.page.getByTestId('brain-mode').selectOption('openai');
    await this.page.getByTestId('brain-url').fill(url);
    await this.page.getByTestId('brain-model').fill(model);
    await this.page.getByTestId('brain-policy').selectOption(policy);
    await this.page.getByTestId('brain-save').click();
    await expect(this.page.getByTestId('brain-saved')).toBeVisible();
    await expect(this.page.getByTestId('brain-describe')).toContainText(`Remote Brain ${model} at ${url}`);
  }

  /** The payload text exactly as shown (textContent: no layout whitespace changes). */
  async payloadText(): Promise<string> {
    return (await this.payload.textContent()) ?? '';
  }

  /** Waits until the exposed-subgraph canvas has drawn its nodes. */
  async expectCanvasDrawn(): Promise<void> {
    await expect(this.canvas).toBeVisible();
    expect(Number(await this.canvas.getAttribute('data-nodes'))).toBeGreaterThan(0);
    await expect(this.canvas.locator('canvas').first()).toBeVisible();
  }
}
