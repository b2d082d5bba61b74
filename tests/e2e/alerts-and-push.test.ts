/**
 * The demo customer's alerts and wallet in a real browser, and a push
 * message arriving in the app's one service worker: signed in through the
 * app, the seeded alerts show with the tab badge, marking one and all read
 * clears the badge and reaches the server, the wallet shows its ledger, and
 * a push delivered through CDP opens the in-app dialog while the page is
 * focused (and a system notification when it is not).
 */
import { describe, expect, it } from 'vitest';
import type { Notification } from '../../src/api/account/entities.ts';
import { DEMO_ALERTS } from '../../server/seed/seed-accounts.ts';
import { postCall } from '../support/api-client.ts';
import { PHONE, newContext, screenshot, waitForServiceWorkerControl } from './support/browser.ts';
import { useBrowserAndServer } from './support/suite.ts';
import { AlertsAndWallet, type KeptSession } from './page-models/alerts-and-wallet.ts';
import { CustomerApp } from './page-models/customer-app.ts';

const suite = useBrowserAndServer();
const CUSTOMER = { email: 'customer@foodpilot.test', password: 'customer-demo' };
const UNREAD_SEEDED = DEMO_ALERTS.filter((alert) => !alert.read).length;

/** What the server says, asked with the session the app keeps. */
async function serverReadState(session: KeptSession): Promise<Record<string, 0 | 1>> {
  const answer = await postCall(suite.server.url, 'get-user-notifications', { token: session.token, user_id: session.userId });
  expect(answer.status).toBe(200);
  return Object.fromEntries((answer.body as Notification[]).map((alert) => [alert.title, alert.is_read]));
}

describe('alerts, wallet and push', () => {
  it('shows the seeded alerts and badge, marks one and all read with the server agreeing, shows the wallet; a push opens the in-app dialog, or a notification when unfocused', async () => {
    const context = await newContext(suite.browser, { viewport: PHONE });
    const app = new CustomerApp(await context.newPage(), suite.server.url);
    const screens = new AlertsAndWallet(app);
    await app.open('/');
    await app.waitForReplica();
    await waitForServiceWorkerControl(app.page);

    await screens.signIn(CUSTOMER.email, CUSTOMER.password);
    const session = await screens.keptSession();
    expect(session).toMatchObject({ userId: expect.any(Number), token: expect.any(String) });

    // The seeded alerts, newest first, with the badge counting the unread ones.
    await app.tab('alerts').click();
    await expect.poll(() => screens.alertItems.count(), { timeout: 15_000 }).toBe(DEMO_ALERTS.length);
    expect(await screens.alertItems.locator('.alert-title').allTextContents()).toEqual([...DEMO_ALERTS].reverse().map((alert) => alert.title));
    await expect.poll(() => screens.alertsBadge.textContent()).toBe(String(UNREAD_SEEDED));
    expect(await screens.unreadAlerts.count()).toBe(UNREAD_SEEDED);
    console.log(`screenshot: ${await screenshot(app.page, 'phone-alerts')}`);

    // One read: a tap on "Cashback added" marks it and opens its link, the wallet.
    await screens.alert('Cashback added').getByRole('button').click();
    await app.page.waitForURL('**/my-wallet');
    await expect.poll(() => screens.walletBalance.textContent(), { timeout: 15_000 }).toBe('$17.50');
    expect(await screens.walletEntries.count()).toBe(3);
    console.log(`screenshot: ${await screenshot(app.page, 'phone-wallet')}`);
    await expect.poll(async () => (await serverReadState(session as KeptSession))['Cashback added'], { timeout: 15_000 }).toBe(1);

    // Back on /alerts the badge counts one fewer. All read: the badge goes, and the server agrees.
    await app.page.goBack();
    await expect.poll(() => screens.alertsBadge.textContent(), { timeout: 15_000 }).toBe(String(UNREAD_SEEDED - 1));
    await screens.markAllRead.click();
    await expect.poll(() => screens.alertsBadge.count(), { timeout: 15_000 }).toBe(0);
    // The list and the badge are separate live queries of the replica: each settles within its own frame.
    await expect.poll(() => screens.unreadAlerts.count(), { timeout: 15_000 }).toBe(0);
    await expect
      .poll(async () => Object.values(await serverReadState(session as KeptSession)).every((isRead) => isRead === 1), { timeout: 15_000 })
      .toBe(true);

    // A new alert on the server, its push delivered while the page is focused: the in-app dialog.
    const stored = await suite.server.app.notificationsRepository.notifyUser((session as KeptSession).userId, {
      title: 'Your order is on its way',
      message: 'The rider picked it up from Nonna Lucia Trattoria.',
      data: { screen: 'my-wallet' },
    });
    await app.page.bringToFront();
    await screens.deliverPush(context, {
      from: '1234567890',
      fcmMessageId: 'e2e-1',
      notification: { title: stored.title, body: stored.message },
      data: { screen: 'my-wallet', notification_id: String(stored.id) },
    });
    await expect.poll(() => screens.pushDialog.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await screens.pushDialog.getByRole('heading').textContent()).toBe('Your order is on its way');
    // Its entrance animation done, for the screenshot.
    await screens.pushDialog.evaluate((dialog) => Promise.all(dialog.getAnimations().map((animation) => animation.finished)));
    console.log(`screenshot: ${await screenshot(app.page, 'phone-push-dialog')}`);
    // The push made the sync worker fetch the alerts: the new one is listed, unread.
    await expect.poll(() => screens.alert('Your order is on its way').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => screens.alertsBadge.textContent(), { timeout: 15_000 }).toBe('1');
    await app.page.keyboard.press('Escape');
    await expect.poll(() => screens.pushDialog.count()).toBe(0);

    // Another tab in front: the app's window is not focused, so the push becomes a system notification.
    await context.grantPermissions(['notifications'], { origin: suite.server.url });
    // Playwright makes every page seem focused; this one must not, for the service worker to see it so.
    const cdp = await context.newCDPSession(app.page);
    await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false });
    const other = await context.newPage();
    await other.goto('about:blank');
    await other.bringToFront();
    expect(await app.page.evaluate(() => document.hasFocus())).toBe(false);
    // The service worker learns of the focus change on its own time; a push before that would still go in-app.
    await expect.poll(() => screens.serviceWorkerSeesAFocusedWindow(context), { timeout: 15_000 }).toBe(false);
    await screens.deliverPush(context, {
      notification: { title: 'Ready for pickup', body: 'Your order waits at the counter.' },
      data: { notification_id: String(stored.id + 1000) },
    });
    await expect.poll(() => screens.shownNotifications(), { timeout: 15_000 }).toContain('Ready for pickup');
    expect(await screens.pushDialog.count()).toBe(0);

    await context.close();
  });
});
