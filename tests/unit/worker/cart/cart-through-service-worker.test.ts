// @vitest-environment node
/**
 * A cart check asked offline with a service worker in between (DESIGN §4
 * points 3 and 4): the service worker holds the POST in the cart-check queue,
 * keeps only the newest check, and its replay's broadcast answer marks the
 * cart when the network returns.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Queue } from 'workbox-background-sync';
import { handleOutboxPost, queuedActionOf } from '../../../../sw/outbox-fetch.ts';
import { replayQueue, type ReplayDeps } from '../../../../sw/outbox-replay.ts';
import { startTestServer, type TestServer } from '../../../support/test-server.ts';
import { ServiceWorkerRecorder, emulateServiceWorkerScope, freshQueue } from '../../sw/service-worker-scope.ts';
import { CHECK_PATH, ServerChanges, openedStore } from '../cart-helpers.ts';
import { startHarness, type Harness } from '../harness.ts';

vi.hoisted(() => {
  Object.assign(globalThis, { __WB_DISABLE_DEV_LOGS: true });
});

let server: TestServer;
let harness: Harness;
let recorder: ServiceWorkerRecorder;
let queue: Queue;
let serviceWorker: ReplayDeps;
const changes = new ServerChanges(() => server);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  emulateServiceWorkerScope(server.url);
  recorder = new ServiceWorkerRecorder();
  queue = freshQueue('cart-check');
  const throughServiceWorker: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const action = queuedActionOf(request);
    if (!action) return harness.network.fetch(request);
    return handleOutboxPost(request, action, { ...serviceWorker, queueFor: () => queue });
  };
  harness = await startHarness({ server, service: { fetch: throughServiceWorker } });
  serviceWorker = recorder.deps(harness.network, (message) => harness.service.api.settleFromServiceWorker(message));
});
afterEach(async () => {
  await harness.close();
  await changes.undo();
  vi.unstubAllGlobals();
});

describe('a cart check asked offline', () => {
  it('is held by the service worker, superseded there by a newer one, and its replayed answer marks the cart', async () => {
    const nonna = await openedStore(harness, 'nonna-lucia-trattoria');
    const margherita = nonna.dish('Margherita');
    const diavola = nonna.dish('Diavola');
    harness.network.offline = true;

    await harness.service.api.addToCart({ storeId: nonna.id, itemId: margherita.id, addonIds: [nonna.addon('Margherita', 'Regular 11"')], quantity: 1 });
    expect(await harness.service.api.checkCart()).toEqual({ ok: true, value: { status: 'waiting' } });
    const [older] = await harness.db.outbox.toArray();
    expect(older).toMatchObject({ kind: 'cart-check', status: 'queued' });
    expect(recorder.logs).toEqual([`[sw] queued cart-check ${older!.id}`]);

    await harness.service.api.addToCart({ storeId: nonna.id, itemId: diavola.id, addonIds: [nonna.addon('Diavola', 'Large 14"')], quantity: 2 });
    await harness.service.api.checkCart();
    const rows = await harness.db.outbox.toArray();
    expect(rows).toHaveLength(1);
    const newest = rows[0]!;
    expect(newest).toMatchObject({ status: 'queued' });
    expect(await queue.size()).toBe(1);
    expect(recorder.logs).toContain(`[sw] dropped cart-check ${older!.id}: a newer one replaces it`);

    // The network returns; Diavola sold out meanwhile. The service worker replays what it holds.
    await changes.item(diavola.id, { is_active: 0 });
    harness.network.offline = false;
    await replayQueue(queue, serviceWorker);

    expect(recorder.reports.map((report) => report.type)).toEqual(['OUTBOX_QUEUED', 'OUTBOX_QUEUED', 'OUTBOX_APPLIED']);
    const reached = harness.network.answers.filter((answer) => answer.path === CHECK_PATH);
    expect(reached).toEqual([{ path: CHECK_PATH, status: 200, replayed: false }]);
    expect(await harness.db.outbox.get(newest.id)).toMatchObject({ status: 'applied' });
    const lines = (await harness.db.cartLines.toArray()).sort((a, b) => (a.addedAt ?? 0) - (b.addedAt ?? 0));
    expect(lines).toMatchObject([
      { itemId: margherita.id, verdict: { available: true } },
      { itemId: diavola.id, verdict: { available: false, reason: 'INACTIVE' } },
    ]);
    expect(await harness.db.cartMeta.get('cart')).toMatchObject({
      productQuantity: 3,
      totalPrice: margherita.price,
      check: { outboxId: newest.id, answer: { outboxId: newest.id } },
    });
  });
});
