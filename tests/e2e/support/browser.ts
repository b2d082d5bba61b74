/**
 * Headless Debian Chromium driven by playwright-core (`npx playwright install`
 * cannot work on these machines). One browser per test file; each test gets a
 * fresh context, so service workers and IndexedDB never leak between tests.
 */
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path, { resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';

import { CHROMIUM_FLAGS, DEFAULT_CHROMIUM_PATH } from '../../../server/cli/install-screenshots.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH;
/** Chromium's flags on these machines (no sandbox, GPU, QUIC or background traffic), as the screenshot script uses them; the Lighthouse bench adds its headless mode. */
export const LAUNCH_ARGS: string[] = [...CHROMIUM_FLAGS];

export const PHONE = { width: 375, height: 812 } as const;
export const LAPTOP = { width: 1280, height: 800 } as const;
export const SCREENSHOT_DIR = resolve('tests/e2e/screenshots');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: LAUNCH_ARGS, headless: true });
}

export interface ContextOptions {
  viewport: { width: number; height: number };
  userAgent?: string;
  /** The visitor's prefers-reduced-motion. */
  reducedMotion?: 'reduce' | 'no-preference';
  /** The browser's language (navigator.language), e.g. 'ar-EG'. */
  locale?: string;
}

export async function newContext(browser: Browser, options: ContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: options.viewport,
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    ...(options.reducedMotion ? { reducedMotion: options.reducedMotion } : {}),
    ...(options.locale ? { locale: options.locale } : {}),
    serviceWorkers: 'allow',
  });
  context.on('console', (message) => {
    if (process.env.E2E_VERBOSE || message.type() === 'error' || message.type() === 'warning') {
      console.log(`[browser ${message.type()}] ${message.text()}`);
    }
  });
  return context;
}

/**
 * A browser with a real (temporary) profile. Contexts of `launchBrowser` are
 * incognito, where Chromium never offers to install an app; install checks
 * need this one. The profile folder goes with `close()`.
 */
export async function launchProfileBrowser(options: ContextOptions): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = await mkdtemp(path.join(tmpdir(), 'foodpilot-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: LAUNCH_ARGS,
    headless: true,
    viewport: options.viewport,
    serviceWorkers: 'allow',
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Saves a screenshot for a human to look at (tests/e2e/screenshots is not committed). */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = resolve(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}

/**
 * Polls an async check in the page until it holds. Playwright's waitForFunction
 * does not await a promise-returning predicate (a pending promise is truthy),
 * so async checks go through evaluate.
 */
export async function waitForPageCondition(page: Page, check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await page.evaluate(check).catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Waits until the page is controlled by an activated service worker. */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await waitForPageCondition(
    page,
    async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return Boolean(registration?.active && navigator.serviceWorker.controller);
    },
    'service worker control',
  );
}

/**
 * Forces a background-sync replay at once (Chromium retries a failed sync
 * only after minutes, and fires none after emulated offline in a test).
 */
export async function dispatchSync(context: BrowserContext, page: Page, queueName: string): Promise<void> {
  const cdp: CDPSession = await context.newCDPSession(page);
  const registrationId = await new Promise<string>((resolveId, reject) => {
    const timer = setTimeout(() => reject(new Error('no service worker registration seen')), 10_000);
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
      const registration = event.registrations.find((r) => !r.isDeleted);
      if (registration) {
        clearTimeout(timer);
        resolveId(registration.registrationId);
      }
    });
    void cdp.send('ServiceWorker.enable');
  });
  const origin = new URL(page.url()).origin;
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin,
    registrationId,
    tag: `workbox-background-sync:${queueName}`,
    lastChance: false,
  });
  await cdp.detach();
}
