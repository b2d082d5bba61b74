/**
 * What only a real browser proves about the service worker: the app is
 * installable, and a queued action that fails for want of network is kept
 * in its background-sync queue and reaches the server exactly once when
 * the network returns.
 */
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  PHONE,
  dispatchSync,
  launchProfileBrowser,
  newContext,
  screenshot,
  waitForServiceWorkerControl,
} from './support/browser.ts';
import { useBrowserAndServer } from './support/suite.ts';
import { takeInstallScreenshots } from '../../server/cli/install-screenshots.ts';
import { SCREENSHOT_DIR } from './support/browser.ts';
import { CustomerApp } from './page-models/customer-app.ts';
import { OrderingPages } from './page-models/ordering-pages.ts';
import { queueNameFor } from '../../src/api/outbox.ts';
import type { FromServiceWorkerMessage } from '../../src/api/sw-messages.ts';

const suite = useBrowserAndServer();

async function openControlledApp(): Promise<CustomerApp> {
  const context = await newContext(suite.browser, { viewport: PHONE });
  const app = new CustomerApp(await context.newPage(), suite.server.url);
  await app.open('/');
  await app.waitForReplica();
  await waitForServiceWorkerControl(app.page);
  return app;
}

/** Sends a queueable action the way the sync worker does (it runs through the same service worker). */
function postQueuedAction(page: Page, idempotencyKey: string, body: unknown) {
  return page.evaluate(
    async ({ key, payload }) => {
      const response = await fetch('/public/api/get-single-language', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key, 'X-Outbox-Kind': 'customer-action' },
        body: JSON.stringify(payload),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    { key: idempotencyKey, payload: body },
  );
}

async function storedKeys(key: string) {
  return suite.server.db.selectFrom('idempotency_keys').select(['state', 'response_status']).where('idempotency_key', '=', key).execute();
}

describe('service worker', () => {
  it('makes the app installable, with a manifest built from the settings', async () => {
    const profile = await launchProfileBrowser({ viewport: PHONE });
    try {
      const app = new CustomerApp(await profile.context.newPage(), suite.server.url);
      await app.open('/');
      await app.waitForReplica();
      await waitForServiceWorkerControl(app.page);
      const cdp = await profile.context.newCDPSession(app.page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      // Chromium signals installability (beforeinstallprompt): the offer shows as a footer (showPwaInstallPromptFooter),
      // once the storage consent before it in the dock is answered (one prompt at a time).
      const offer = app.page.getByTestId('install-offer-footer');
      await expect.poll(() => offer.count(), { timeout: 15_000 }).toBe(1);
      expect(await offer.isVisible()).toBe(false);
      await app.dismissLocationSheet();
      await new OrderingPages(app.page).acceptGdpr();
      await expect.poll(() => offer.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await offer.getByRole('button', { name: 'Install' }).isVisible()).toBe(true);
      await screenshot(app.page, 'phone-install-offer');
      const { url } = await cdp.send('Page.getAppManifest');
      expect(new URL(url).pathname).toBe('/manifest.webmanifest');
      const manifest = await app.page.evaluate(async () => (await fetch('/manifest.webmanifest')).json());
      const storeName = await suite.server.db.selectFrom('settings').select('value').where('key', '=', 'storeName').executeTakeFirstOrThrow();
      expect(manifest).toMatchObject({ name: storeName.value, display: 'standalone', start_url: '/' });
    } finally {
      await profile.close();
    }
  });

  it('shows the app itself on the install sheet: screenshots taken from the running app replace the drawn frame', async () => {
    const fetchShot = async (formFactor: 'narrow' | 'wide') => {
      const response = await fetch(`${suite.server.url}/manifest/screenshot-${formFactor}.png`);
      expect(response.headers.get('content-type')).toBe('image/png');
      return Buffer.from(await response.arrayBuffer());
    };
    // How much a picture holds: the drawn frame is a few flat shapes, a screenshot of the app is not.
    const detail = async (png: Buffer) => (await sharp(png).stats()).entropy;
    const drawn = await fetchShot('narrow');
    const written = await takeInstallScreenshots(suite.server.url, path.join(suite.server.dataDir, 'images'));
    expect(written).toHaveLength(2);
    for (const [formFactor, size] of [['narrow', { width: 540, height: 1200 }], ['wide', { width: 1280, height: 800 }]] as const) {
      const taken = await fetchShot(formFactor);
      expect(await sharp(taken).metadata()).toMatchObject(size);
      await sharp(taken).toFile(path.join(SCREENSHOT_DIR, `install-screenshot-${formFactor}.png`));
      expect(await detail(taken)).toBeGreaterThan((await detail(drawn)) + 1);
    }
    expect((await fetchShot('narrow')).equals(drawn)).toBe(false);
  });

  it('queues an action sent offline and replays it once when the network returns', async () => {
    const app = await openControlledApp();
    const { page } = app;
    const english = await suite.server.db.selectFrom('languages').select('id').where('code', '=', 'en').executeTakeFirstOrThrow();
    const key = `e2e-${Date.now()}`;
    // Outcomes the service worker broadcasts, as the sync worker hears them.
    await page.evaluate(() => {
      const heard: unknown[] = [];
      (window as unknown as { heard: unknown[] }).heard = heard;
      new BroadcastChannel('foodpilot-sw-events').onmessage = (event) => heard.push(event.data);
    });

    await app.page.context().setOffline(true);
    const first = await postQueuedAction(page, key, { id: english.id });
    expect(first).toEqual({ status: 202, body: { queued: true, queue: queueNameFor('customer-action') } });
    // Sent twice (a double tap, a retry): still one entry in the queue.
    expect((await postQueuedAction(page, key, { id: english.id })).status).toBe(202);
    expect(await storedKeys(key)).toEqual([]);

    await app.page.context().setOffline(false);
    await dispatchSync(app.page.context(), page, queueNameFor('customer-action'));
    await expect.poll(() => storedKeys(key), { timeout: 15_000 }).toEqual([{ state: 'completed', response_status: 200 }]);
    const heard = () => page.evaluate(() => (window as unknown as { heard: FromServiceWorkerMessage[] }).heard);
    await expect.poll(async () => (await heard()).filter((m) => m.type === 'OUTBOX_APPLIED').map((m) => 'idempotencyKey' in m && m.idempotencyKey)).toEqual([key]);
    await app.page.context().close();
  });
});
