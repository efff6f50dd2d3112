// Page object for the Brain: its settings tab, the approval dialog (payload, report with its re-identification
// risk, exposed-subgraph canvas, Approve / Edit / Deny / drop the paths exposing unique tokens) and the Ask panel's
// Brain tally.
import { expect, type Locator, type Page } from '@playwright/test';
import type { RunningHost } from '../../src-main/host/startHost.js';
import type { AppPage } from './AppPage.js';

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
  /** The "Uniquely identifiable" stat card, the per-token "unique" tags and the one-click edit that drops them. */
  readonly uniqueStat: Locator;
  readonly uniqueTags: Locator;
  readonly dropUnique: Locator;
  readonly applyEdit: Locator;
  /** The full request section (serialized body, byte count) and the retry policy line. */
  readonly fullRequest: Locator;
  readonly fullRequestJson: Locator;
  readonly fullRequestBytes: Locator;
  readonly retryPolicy: Locator;
  /** The "edited" mark a request carries after "Use edited payload", and the Escape confirmation strip. */
  readonly editedMark: Locator;
  readonly denyConfirm: Locator;

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
    this.uniqueStat = page.getByTestId('report-unique');
    this.uniqueTags = page.getByTestId('token-unique');
    this.dropUnique = page.getByTestId('drop-unique');
    this.applyEdit = page.getByTestId('approval-apply-edit');
    this.fullRequest = page.getByTestId('approval-full-request');
    this.fullRequestJson = page.getByTestId('full-request-json');
    this.fullRequestBytes = page.getByTestId('full-request-bytes');
    this.retryPolicy = page.getByTestId('approval-retry');
    this.editedMark = page.getByTestId('approval-edited');
    this.denyConfirm = page.getByTestId('deny-confirm');
  }

  /** Opens the full request section and returns the serialized body exactly as shown (textContent). */
  async fullRequestText(): Promise<string> {
    await this.fullRequest.locator('summary').click();
    await expect(this.fullRequestJson).toBeVisible();
    return (await this.fullRequestJson.textContent()) ?? '';
  }

  /** The byte count the dialog states for the full request. */
  async statedBytes(): Promise<number> {
    return Number(await this.fullRequestBytes.getAttribute('data-bytes'));
  }

  /** In edit mode: keeps only the first `n` candidate paths, through the "keep top N" control. */
  async keepTop(n: number): Promise<void> {
    await this.page.getByTestId('keep-top-n').fill(String(n));
    await this.page.getByTestId('keep-top-apply').click();
  }

  /** The report's count of uniquely identifiable tokens, as the stat card shows it. */
  uniqueCount(): Locator {
    return this.uniqueStat.locator('.stat-value');
  }

  /** The entity token rows the report marks unique: their tokens, in report order. */
  async uniqueTokens(): Promise<string[]> {
    const rows = this.report.getByTestId('report-entity').filter({ has: this.page.getByTestId('token-unique') });
    return (await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-token') ?? ''))).filter(Boolean);
  }

  /** Ids of the candidate paths the editor marks as showing a unique token. */
  async pathsShowingUnique(): Promise<number[]> {
    const rows = this.page.getByTestId('payload-editor').locator('label').filter({ has: this.page.getByTestId('path-unique') });
    return rows.getByTestId('drop-path').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-path'))));
  }

  /** Ids of the candidate paths ticked for dropping in edit mode. */
  async tickedPaths(): Promise<number[]> {
    const boxes = this.page.getByTestId('drop-path');
    return boxes.evaluateAll((els) => els.filter((e) => (e as HTMLInputElement).checked).map((e) => Number(e.getAttribute('data-path'))));
  }

  /** Imports `file` as `graph` through the host, points the Brain at `url` (asked at every round), selects the graph. */
  async onGraphWithRemoteBrain(host: RunningHost, app: AppPage, graph: string, file: string, url: string): Promise<void> {
    const imported = await host.engine.dispatch('graph.import', { jobId: `${graph}-e2e`, graph, file, replace: true });
    expect(imported).toMatchObject({ ok: true });
    await this.configureRemote(url, 'gpt-4o-mini', 'always');
    await expect(app.graphItem(graph)).toBeVisible();
    await app.selectGraph(graph);
  }

  /** The host is shared by every spec of a worker: leave it without a Brain and without the spec's graph. */
  static async reset(host: RunningHost, graph: string): Promise<void> {
    await host.engine.dispatch('brain.setConfig', { mode: 'none' });
    await host.engine.dispatch('graph.delete', { graph });
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
