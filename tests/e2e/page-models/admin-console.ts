/**
 * The admin console as an administrator or a store owner meets it: its own
 * sign-in, the sections in the sidebar, the settings with their preview and
 * the publish button, a language's texts, and the live orders board. Tests
 * speak in these terms; selectors live here only.
 */
import type { Locator, Page } from 'playwright-core';

const SOON = { timeout: 20_000 };

export class AdminConsole {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(path = '/admin'): Promise<void> {
    await this.page.goto(new URL(path, this.baseUrl).toString());
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.open('/admin/login');
    const form = this.page.getByTestId('console-sign-in');
    await form.getByLabel('E-mail', { exact: true }).fill(email, SOON);
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await this.page.getByTestId('console-who').waitFor(SOON);
  }

  get nav(): Locator {
    return this.page.getByRole('navigation', { name: 'Console sections' });
  }
  async goTo(section: string): Promise<void> {
    await this.nav.getByRole('link', { name: section, exact: true }).click();
    await this.page.getByRole('heading', { level: 1, name: section }).waitFor(SOON);
  }
  get toast(): Locator {
    return this.page.getByTestId('console-toast');
  }
  /** Waits until the live region says exactly this. */
  async announced(text: string): Promise<void> {
    await this.toast.getByText(text, { exact: true }).waitFor(SOON);
  }

  // Settings
  setting(label: string): Locator {
    return this.page.getByTestId('settings-form').getByRole('textbox', { name: label, exact: true });
  }
  get previewHeader(): Locator {
    return this.page.getByTestId('preview-header');
  }
  async saveSettings(): Promise<void> {
    await this.page.getByTestId('settings-form').getByRole('button', { name: 'Save', exact: true }).click();
    await this.announced('Saved');
  }
  get versionsPanel(): Locator {
    return this.page.getByTestId('versions-panel');
  }
  async publishToApps(): Promise<void> {
    await this.versionsPanel.getByRole('button', { name: 'Publish to apps' }).click();
    await this.toast.getByText(/^Published:/).waitFor(SOON);
  }

  // Languages and texts
  async editTextsOf(language: string): Promise<void> {
    await this.page.getByTestId('languages-table').getByRole('row', { name: new RegExp(language) }).getByRole('link', { name: 'Edit texts' }).click();
    await this.page.getByTestId('translations-form').waitFor(SOON);
  }
  translation(key: string): Locator {
    return this.page.locator(`[data-testid="translation-row"][data-key="${key}"] textarea`);
  }
  async searchTexts(text: string): Promise<void> {
    await this.page.getByRole('searchbox', { name: 'Search keys and texts' }).fill(text);
  }
  async saveTexts(): Promise<void> {
    await this.page.getByTestId('translations-form').getByRole('button', { name: /^Save/ }).click();
    await this.announced('Saved');
  }

  // Live orders
  order(uniqueOrderId: string): Locator {
    return this.page.locator(`[data-testid="console-order"][data-order="${uniqueOrderId}"]`);
  }
  column(name: string): Locator {
    return this.page.getByRole('region', { name, exact: true });
  }
  get feedMode(): Locator {
    return this.page.getByTestId('feed-mode');
  }
}
