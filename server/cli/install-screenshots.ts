/**
 * The install sheet's screenshots taken from the app itself (issue 32.8: not
 * grey wireframes): a phone's home with the stores serving the primary
 * location, and a laptop's landing with the app revealed in its frame, in
 * headless Chromium, written where the manifest route serves them from
 * (server/routes/manifest.ts: DATA_DIR/images/manifest/; the drawn frame
 * stands in until they exist). Run against a running server:
 *   npm run screenshots -- [base URL]   (default: this machine's PORT)
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import sharp from 'sharp';
import { SCREENSHOTS, takenScreenshotPath, type ScreenshotFormFactor } from '../routes/manifest.ts';

/** Debian's Chromium (`apt-get install chromium`); CHROMIUM_PATH names another. */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** Chromium's flags on these machines: no sandbox, GPU, QUIC or background traffic (the e2e tests launch it the same way). */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface ScreenshotOptions {
  /** Where Chromium is (CHROMIUM_PATH, else /usr/bin/chromium). */
  chromiumPath?: string;
  /** How long a screen may take to show what it must, in ms. */
  timeoutMs?: number;
}

/** Takes both screenshots from the app at `baseUrl` into `imagesDir`; answers the files written. */
export async function takeInstallScreenshots(baseUrl: string, imagesDir: string, options: ScreenshotOptions = {}): Promise<string[]> {
  // A development tool: a production install without dev dependencies says so rather than crash on import.
  const { chromium } = await import('playwright-core').catch(() => {
    throw new Error('Taking screenshots needs playwright-core (a development dependency): run npm install first.');
  });
  const timeout = options.timeoutMs ?? 30_000;
  const browser = await chromium.launch({ executablePath: options.chromiumPath ?? process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH, args: [...CHROMIUM_FLAGS], headless: true });
  const written: string[] = [];
  try {
    for (const formFactor of Object.keys(SCREENSHOTS) as ScreenshotFormFactor[]) {
      const size = SCREENSHOTS[formFactor];
      // The narrow one is a 360 px phone at 1.5 device pixels per CSS pixel; the wide one a 1280 px laptop.
      const scale = formFactor === 'narrow' ? 1.5 : 1;
      const context = await browser.newContext({
        viewport: { width: Math.round(size.width / scale), height: Math.round(size.height / scale) },
        deviceScaleFactor: scale,
        serviceWorkers: 'block',
      });
      try {
        const page = await context.newPage();
        await page.goto(baseUrl, { waitUntil: 'load', timeout });
        // A first visit asks about storage, and the app where to deliver (the primary location is already
        // chosen): answer both, on the page and in the landing's phone frame, so the shot shows the app itself.
        const answerFirstVisit = async (within: Page | FrameLocator) => {
          await within.getByTestId('location-sheet').getByRole('button', { name: 'Close' }).click({ timeout }).catch(() => undefined);
          await within.getByTestId('gdpr-banner').getByRole('button', { name: 'Decline' }).click({ timeout: 5_000 }).catch(() => undefined);
          await within.getByTestId('store-card').first().waitFor({ timeout });
        };
        if (formFactor === 'narrow') {
          await answerFirstVisit(page);
        } else {
          await page.getByTestId('gdpr-banner').getByRole('button', { name: 'Decline' }).click({ timeout: 5_000 }).catch(() => undefined);
          await page.getByTestId('use-app-button').click({ timeout });
          await answerFirstVisit(page.frameLocator('iframe'));
        }
        // Images and fonts settle, and no animation is caught half-way.
        await page.waitForLoadState('networkidle', { timeout }).catch(() => undefined);
        await page.waitForTimeout(500);
        const shot = await page.screenshot({ type: 'png', animations: 'disabled' });
        const file = takenScreenshotPath(imagesDir, formFactor);
        await fs.mkdir(path.dirname(file), { recursive: true });
        // Exactly the size the manifest says.
        await sharp(shot).resize(size.width, size.height, { fit: 'cover', position: 'top' }).png().toFile(file);
        written.push(file);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return written;
}
