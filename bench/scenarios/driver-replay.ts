/**
 * A driver's day in a dead zone, in headless Chromium at 375 px (issue 6):
 * the demo driver signs in online, sees ORDERS new orders, then works them
 * through the app's own screens (accept to deliver, picked up, delivered
 * with the customer's PIN) in PHASES offline stretches separated by short
 * online flips, with the service worker stopped and restarted in the middle
 * of one, while the phone's position moves (GPS fixes every second). Then
 * the network returns with the app open, and the figure is the time from
 * that moment to the replica's outbox holding nothing in line. The server
 * is then asked what it recorded: each order's three steps exactly once
 * (applied), none twice (duplicated), none missing (lost), and every GPS fix
 * the app took. Budgets: ≤ 2 s to empty; all applied, 0 duplicated, 0 lost.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { OrderStatus } from '../../src/api/orders/status.ts';
import type { Order } from '../../src/api/orders/entities.ts';
import type { OutboxEntry } from '../../src/api/outbox.ts';
import { launchBrowser, newContext, PHONE, waitForServiceWorkerControl } from '../../tests/e2e/support/browser.ts';
import { DEMO_DRIVER } from '../../tests/e2e/support/order-actors.ts';
import { DriverApp } from '../../tests/e2e/page-models/driver-app.ts';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import { createOrderWorld, move, newCustomer, placeOrder } from '../../tests/unit/worker/running-order-support.ts';
import { MARKET_SQUARE } from '../../tests/server/checkout/checkout-fixtures.ts';
import { judged, type BenchFigure, type BenchScenario } from '../types.ts';
import { builtApp, round1, waitFor } from './browser-probes.ts';

/** At most NEW_ORDERS_SHOWN (50) new orders are offered at once; every one must be in the replica before the network goes. */
const ORDERS = 48;
const PHASES = 3;
const DRAIN_BUDGET_MS = 2_000;
const STEPS = [OrderStatus.DRIVER_ASSIGNED, OrderStatus.PICKED_UP, OrderStatus.DELIVERED] as const;

export const driverReplay: BenchScenario = {
  id: 'driver-replay',
  description: `a driver works ${ORDERS} orders (${ORDERS * 3} steps) and GPS fixes offline across ${PHASES} offline stretches and a service-worker restart, then the network returns`,
  async run(): Promise<BenchFigure[]> {
    const distDir = builtApp();
    const server = await startTestServer({ distDir });
    const browser = await launchBrowser();
    try {
      const world = await createOrderWorld(server);
      await server.db.updateTable('settings').set({ value: '1' }).where('key', '=', 'driverGpsIntervalSeconds').execute();
      await server.db.updateTable('settings').set({ value: String(ORDERS) }).where('key', '=', 'driverMaxActiveOrders').execute();
      const orders: Order[] = [];
      for (let index = 0; index < ORDERS; index += 1) {
        const order = await placeOrder(world, await newCustomer(world));
        await move(world, 'accept-order', 'owner', order);
        orders.push(order);
      }

      const context = await newContext(browser, { viewport: PHONE });
      await context.grantPermissions(['geolocation'], { origin: server.url });
      await context.setGeolocation(MARKET_SQUARE);
      const driver = new DriverApp(await context.newPage(), server.url);
      await driver.signIn(DEMO_DRIVER.email, DEMO_DRIVER.password);
      await waitForServiceWorkerControl(driver.page);
      await driver.open('/delivery/orders');
      await waitFor(async () => (await driver.orderCard(orders.at(-1)?.unique_order_id ?? '').count()) > 0, 'the new orders listed', 60_000);

      const moving = keepMoving(context);
      const perPhase = Math.ceil(ORDERS / PHASES);
      for (let phase = 0; phase < PHASES; phase += 1) {
        await context.setOffline(true);
        const batch = orders.slice(phase * perPhase, (phase + 1) * perPhase);
        for (const [index, order] of batch.entries()) {
          if (phase === 1 && index === Math.floor(batch.length / 2)) await restartServiceWorker(context, driver.page);
          await workOrder(driver, order);
        }
        // A short flip online between stretches (not the last): part of the queue may go out.
        if (phase < PHASES - 1) {
          await context.setOffline(false);
          await driver.page.waitForTimeout(300);
        }
      }
      moving.stop();
      const queuedBefore = await driver.waitingInOutbox();

      const back = Date.now();
      await context.setOffline(false);
      await waitFor(async () => (await driver.waitingInOutbox()).length === 0 || undefined, 'the outbox to empty', 60_000);
      const drainMs = Date.now() - back;

      const rows = await driver.outbox();
      const fixesTaken = rows.filter((row) => row.kind === 'driver-gps' && row.status === 'applied').reduce((total, row) => total + pointsOf(row), 0);
      const counts = await serverCounts(server, orders, rows);
      const fixesRecorded = await server.db
        .selectFrom('driver_fixes')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('driver_user_id', '=', world.driver.id)
        .executeTakeFirstOrThrow();
      await context.close();
      return [
        judged({ name: 'steps and GPS batches waiting when the network returned', value: queuedBefore.length, unit: '' }),
        judged({ name: 'network back → outbox empty (app open)', value: round1(drainMs), unit: 'ms', budget: DRAIN_BUDGET_MS }),
        judged({ name: `steps applied on the server (of ${ORDERS * 3})`, value: counts.applied, unit: '', budget: ORDERS * 3, budgetComparison: '≥' }),
        judged({ name: 'steps applied twice', value: counts.duplicated, unit: '', budget: 0 }),
        judged({ name: 'steps lost', value: counts.lost, unit: '', budget: 0 }),
        judged({ name: 'steps recorded at the driver’s time', value: counts.atActedTime, unit: '', budget: ORDERS * 3, budgetComparison: '≥' }),
        judged({ name: 'GPS fixes sent by the app', value: fixesTaken, unit: '' }),
        judged({ name: 'GPS fixes lost', value: Math.max(0, fixesTaken - Number(fixesRecorded.count)), unit: '', budget: 0 }),
      ];
    } finally {
      await browser.close();
      await server.close();
    }
  },
};

/** Accept, picked up, delivered on the order's own screen, as a driver's thumb would. */
async function workOrder(driver: DriverApp, order: Order): Promise<void> {
  await driver.open(`/delivery/orders/${order.unique_order_id}`);
  await driver.actionButton('Accept to deliver').click({ timeout: 20_000 });
  await driver.actionButton('Picked up').click({ timeout: 20_000 });
  await driver.pinField.fill(order.delivery_pin ?? '', { timeout: 20_000 });
  await driver.actionButton('Delivered').click();
  await waitFor(async () => (await driver.action.count()) === 0 || undefined, `order ${order.unique_order_id} delivered on screen`);
}

/** The phone moves north a few metres every 300 ms; the app sends a fix at most once a second while an order is active. */
function keepMoving(context: BrowserContext): { stop(): void } {
  let step = 0;
  const timer = setInterval(() => {
    step += 1;
    void context.setGeolocation({ latitude: MARKET_SQUARE.latitude + step * 0.00005, longitude: MARKET_SQUARE.longitude }).catch(() => {});
  }, 300);
  return { stop: () => clearInterval(timer) };
}

/** Stops every service worker of the page's origin (as the browser does to an idle one); the next fetch starts it again. */
async function restartServiceWorker(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach();
}

function pointsOf(row: OutboxEntry): number {
  const points = (row.body as { points?: unknown[] } | null)?.points;
  return Array.isArray(points) ? points.length : 0;
}

const CALL_OF_STEP: Record<(typeof STEPS)[number], string> = {
  [OrderStatus.DRIVER_ASSIGNED]: 'accept-to-deliver',
  [OrderStatus.PICKED_UP]: 'pickedup-order',
  [OrderStatus.DELIVERED]: 'deliver-order',
};

/** When the driver took each step, as the app's outbox kept it. */
function actedTimes(rows: readonly OutboxEntry[]): Map<string, string> {
  const times = new Map<string, string>();
  for (const row of rows) {
    const orderId = (row.body as { unique_order_id?: unknown } | null)?.unique_order_id;
    if (typeof orderId === 'string') times.set(`${orderId} ${row.call}`, row.actedAt);
  }
  return times;
}

async function serverCounts(server: TestServer, orders: readonly Order[], outbox: readonly OutboxEntry[]) {
  const acted = actedTimes(outbox);
  const history = await server.db
    .selectFrom('order_history')
    .innerJoin('orders', 'orders.id', 'order_history.order_id')
    .select(['orders.unique_order_id as order', 'order_history.status as status', 'order_history.happened_at as at'])
    .where('orders.unique_order_id', 'in', orders.map((order) => order.unique_order_id))
    .where('order_history.actor', '=', 'driver')
    .execute();
  let applied = 0;
  let duplicated = 0;
  let lost = 0;
  let atActedTime = 0;
  for (const order of orders) {
    for (const status of STEPS) {
      const rows = history.filter((row) => row.order === order.unique_order_id && Number(row.status) === status);
      if (rows.length === 0) lost += 1;
      else applied += 1;
      duplicated += Math.max(0, rows.length - 1);
      // Queued steps reached the server later than the driver acted: the recorded step keeps the driver's time.
      if (rows[0] && rows[0].at === acted.get(`${order.unique_order_id} ${CALL_OF_STEP[status]}`)) atActedTime += 1;
    }
  }
  return { applied, duplicated, lost, atActedTime };
}
