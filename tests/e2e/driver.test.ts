/**
 * Issue 6 end to end, on a phone: the heart of the offline-first promise. A
 * driver accepts an order online, loses the network (the page's and the
 * service worker's), marks it picked up and delivered, reloads with no
 * network and still sees both steps waiting, then the network returns and
 * the server shows each step once, at the times the driver acted. In a
 * second run the store cancels the order while the driver is offline: the
 * queued step is refused and the driver reads why.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { OrderStatus } from '../../src/api/orders/status.ts';
import { queueNameFor } from '../../src/api/outbox.ts';
import type { Order } from '../../src/api/orders/entities.ts';
import { LAPTOP, PHONE, dispatchSync, newContext, screenshot, waitForServiceWorkerControl } from './support/browser.ts';
import { useBrowserAndServer } from './support/suite.ts';
import { DEMO_DRIVER } from './support/order-actors.ts';
import { DriverApp } from './page-models/driver-app.ts';
import { createOrderWorld, move, newCustomer, placeOrder, type OrderWorld } from '../unit/worker/running-order-support.ts';

const suite = useBrowserAndServer();

async function preparingOrder(world: OrderWorld): Promise<Order> {
  const order = await placeOrder(world, await newCustomer(world));
  await move(world, 'accept-order', 'owner', order);
  return order;
}

async function serverSteps(order: Order) {
  return suite.server.db
    .selectFrom('order_history')
    .innerJoin('orders', 'orders.id', 'order_history.order_id')
    .select(['order_history.status as status', 'order_history.happened_at as at', 'order_history.actor as actor'])
    .where('orders.unique_order_id', '=', order.unique_order_id)
    .orderBy('order_history.id')
    .execute();
}

async function signedInDriver(context: BrowserContext): Promise<DriverApp> {
  const driver = new DriverApp(await context.newPage(), suite.server.url);
  await driver.signIn(DEMO_DRIVER.email, DEMO_DRIVER.password);
  await waitForServiceWorkerControl(driver.page);
  return driver;
}

/** The network returns: the worker drains on 'online'; the service worker's queue is replayed through CDP if it has not emptied by itself. */
async function backOnline(context: BrowserContext, driver: DriverApp): Promise<void> {
  await context.setOffline(false);
  const drained = await expect
    .poll(async () => (await driver.waitingInOutbox()).length, { timeout: 10_000 })
    .toBe(0)
    .then(() => true)
    .catch(() => false);
  if (!drained) await dispatchSync(context, driver.page, queueNameFor('driver-action'));
  await expect.poll(async () => (await driver.waitingInOutbox()).length, { timeout: 20_000 }).toBe(0);
}

describe('the driver area at 375 px', () => {
  it('picks up and delivers in a dead zone: shown at once, kept across an offline reload, applied once with the driver’s times', async () => {
    const world = await createOrderWorld(suite.server);
    const order = await preparingOrder(world);
    const context = await newContext(suite.browser, { viewport: PHONE });
    const driver = await signedInDriver(context);
    const { page } = driver;

    // Online: the new order is offered; accepting it reaches the server at once.
    await driver.open('/delivery/orders');
    await driver.orderCard(order.unique_order_id).click({ timeout: 20_000 });
    await screenshot(page, 'phone-driver-order-offered');
    await driver.actionButton('Accept to deliver').click({ timeout: 20_000 });
    await expect.poll(() => driver.actionButton('Picked up').isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(async () => (await serverSteps(order)).map((step) => step.status)).toContain(OrderStatus.DRIVER_ASSIGNED);

    // The network goes, for the page and its service worker.
    await context.setOffline(true);
    await driver.actionButton('Picked up').click();
    await expect.poll(() => driver.actionButton('Delivered').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await driver.waitingMarks.count()).toBeGreaterThan(0);
    await driver.pinField.fill(order.delivery_pin ?? '');
    await driver.actionButton('Delivered').click();
    await expect.poll(() => driver.action.count(), { timeout: 10_000 }).toBe(0);
    await screenshot(page, 'phone-driver-delivered-offline');

    // A reload with no network: the steps are still there, still waiting.
    await page.reload();
    await expect.poll(() => driver.waitingMarks.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await driver.action.count()).toBe(0);
    const waiting = await driver.waitingInOutbox();
    const steps = waiting.filter((row) => row.kind === 'driver-action');
    expect(steps.map((row) => row.call)).toEqual(['pickedup-order', 'deliver-order']);
    // Nothing reached the server while the network was gone.
    expect((await serverSteps(order)).map((step) => step.status)).not.toContain(OrderStatus.PICKED_UP);
    await driver.open('/delivery');
    await expect.poll(() => driver.pendingCount.textContent(), { timeout: 20_000 }).toMatch(/[1-9]/);
    await screenshot(page, 'phone-driver-home-offline');

    await backOnline(context, driver);
    const history = await serverSteps(order);
    const pickedUp = history.filter((step) => step.status === OrderStatus.PICKED_UP);
    const delivered = history.filter((step) => step.status === OrderStatus.DELIVERED);
    expect(pickedUp).toEqual([{ status: OrderStatus.PICKED_UP, at: steps[0]?.actedAt, actor: 'driver' }]);
    expect(delivered).toEqual([{ status: OrderStatus.DELIVERED, at: steps[1]?.actedAt, actor: 'driver' }]);
    await expect.poll(() => driver.pendingCount.textContent(), { timeout: 20_000 }).toMatch(/^\D*0\D*$/);
    await context.close();
  });

  it('tells the driver when the store cancelled the order they picked up offline', async () => {
    const world = await createOrderWorld(suite.server);
    const order = await preparingOrder(world);
    const context = await newContext(suite.browser, { viewport: PHONE });
    const driver = await signedInDriver(context);
    await driver.open(`/delivery/orders/${order.unique_order_id}`);
    await driver.actionButton('Accept to deliver').click({ timeout: 20_000 });
    await expect.poll(() => driver.actionButton('Picked up').isVisible(), { timeout: 20_000 }).toBe(true);

    await context.setOffline(true);
    await driver.actionButton('Picked up').click();
    await expect.poll(() => driver.waitingMarks.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await move(world, 'store-cancel-order', 'owner', order, { reason: 'The oven broke' });

    await backOnline(context, driver);
    await expect.poll(() => driver.rejection.textContent(), { timeout: 20_000 }).toContain('cancelled');
    // The order shows where it really is, with no step left to take.
    await expect.poll(() => driver.page.getByText('Cancelled', { exact: true }).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await driver.action.count()).toBe(0);
    await screenshot(driver.page, 'phone-driver-rejected');
    expect((await serverSteps(order)).map((step) => step.status)).not.toContain(OrderStatus.PICKED_UP);
    await context.close();
  });

  it('lays the orders out on a laptop too', async () => {
    const world = await createOrderWorld(suite.server);
    await preparingOrder(world);
    const context = await newContext(suite.browser, { viewport: LAPTOP });
    const driver = await signedInDriver(context);
    await driver.open('/delivery/orders');
    await expect.poll(() => driver.page.locator('a[href*="/delivery/orders/"]').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await screenshot(driver.page, 'laptop-driver-orders');
    await driver.open('/delivery');
    await screenshot(driver.page, 'laptop-driver-home');
    await context.close();
  });
});
