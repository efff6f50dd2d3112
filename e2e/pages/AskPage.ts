// Page object for the Ask tab: the question box, ranked answers, the two evidence panes and the detail cards.
import { expect, type Locator, type Page } from '@playwright/test';

export class AskPage {
  readonly root: Locator;
  readonly input: Locator;
  readonly submit: Locator;
  readonly result: Locator;
  readonly error: Locator;
  readonly answers: Locator;
  readonly viewPaths: Locator;
  readonly rawPaths: Locator;
  readonly viewHead: Locator;
  readonly rawHead: Locator;
  readonly payloads: Locator;
  readonly notFound: Locator;
  readonly suggestions: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('ask-panel');
    this.input = page.getByTestId('ask-input');
    this.submit = page.getByTestId('ask-submit');
    this.result = page.getByTestId('ask-result');
    this.error = page.getByTestId('ask-error');
    this.answers = page.getByTestId('answer-item');
    this.viewPaths = page.getByTestId('view-path');
    this.rawPaths = page.getByTestId('raw-path');
    this.viewHead = page.getByTestId('evidence-view-head');
    this.rawHead = page.getByTestId('evidence-raw-head');
    this.payloads = page.getByTestId('brain-payload');
    this.notFound = page.getByTestId('ask-not-found');
    this.suggestions = page.getByTestId('ask-suggestion');
  }

  async open(): Promise<void> {
    await this.page.getByTestId('tab-ask').click();
    await expect(this.page.getByTestId('tab-ask')).toHaveAttribute('aria-selected', 'true');
    await expect(this.root).toBeVisible();
  }

  /** Types the question, submits it with Enter, and waits until the run has ended (a result or an error). */
  async ask(question: string): Promise<void> {
    await this.input.fill(question);
    await this.afterNextRun(() => this.input.press('Enter'));
  }

  /** Runs an action that starts a question (Enter, a suggestion click) and waits until that question is done. */
  async afterNextRun(action: () => Promise<void>): Promise<void> {
    const before = Number(await this.root.getAttribute('data-finished'));
    await action();
    // The first question loads the word vectors; give it longer than a UI step.
    await expect(this.root).toHaveAttribute('data-finished', String(before + 1), { timeout: 60_000 });
    await expect(this.result.or(this.error)).toBeVisible();
  }

  async answerNames(): Promise<string[]> {
    return this.answers.evaluateAll((items) => items.map((el) => el.getAttribute('data-answer-name') ?? ''));
  }

  async selectAnswer(name: string): Promise<void> {
    const item = this.answers.and(this.page.locator(`[data-answer-name="${name.replace(/"/g, '\\"')}"]`));
    // Candidates outside the answer set sit in the collapsed "other candidates": open it first.
    const others = this.page.getByTestId('other-candidates');
    if (!(await item.isVisible()) && (await others.count()) > 0 && (await others.getAttribute('open')) === null) await others.locator('summary').click();
    await item.click();
    await expect(item).toHaveAttribute('aria-pressed', 'true');
  }

  /** Every path's full text (tokens unshortened, from data-chain), pane by pane, row by row. */
  async chains(which: 'view' | 'raw'): Promise<string[]> {
    return (which === 'view' ? this.viewPaths : this.rawPaths).evaluateAll((els) => els.map((el) => el.getAttribute('data-chain') ?? ''));
  }

  /** The entity names along each raw path (each chip's title holds the full name). */
  async rawEntities(): Promise<string[][]> {
    return this.rawPaths.evaluateAll((els) =>
      els.map((el) => [...el.querySelectorAll('.path-node')].map((node) => node.getAttribute('title') ?? '')),
    );
  }

  /** What the sanitized pane shows on screen, as text. */
  async viewPaneText(): Promise<string> {
    const texts = await this.viewPaths.allInnerTexts();
    return texts.join('\n');
  }
}
