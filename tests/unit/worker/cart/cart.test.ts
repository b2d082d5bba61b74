// @vitest-environment node
/**
 * The cart in the sync worker, against a real server and a real replica:
 * lines, merging, one store per cart, totals, persistence, and the
 * availability check online, offline through the outbox, and superseded.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER, OUTBOX_KIND_HEADER } from '../../../../src/api/outbox.ts';
import { ReplicaDatabase } from '../../../../src/db/schema.ts';
import { createSyncService } from '../../../../worker/sync-service.ts';
import { CHECK_PATH, ServerChanges, checksSent, openedStore } from '../cart-helpers.ts';
import { startHarness, useSharedServer, type Harness } from '../harness.ts';

let harness: Harness;
const shared = useSharedServer(() => harness);
const changes = new ServerChanges(() => shared.server);
afterEach(async () => {
  await changes.undo();
});

async function fresh(): Promise<Harness> {
  harness = await startHarness({ server: shared.server });
  return harness;
}

async function cart() {
  const [meta, lines] = await Promise.all([harness.db.cartMeta.get('cart'), harness.db.cartLines.toArray()]);
  return { meta, lines: lines.sort((a, b) => (a.addedAt ?? 0) - (b.addedAt ?? 0)) };
}

async function cartChecksInOutbox() {
  return harness.db.outbox.where('kind').equals('cart-check').toArray();
}

describe('adding to the cart', () => {
  it('merges the same add-on choice into one line, keeps another choice apart, and keeps the totals', async () => {
    const h = await fresh();
    const nonna = await openedStore(h, 'nonna-lucia-trattoria');
    const margherita = nonna.dish('Margherita');
    const regular = nonna.addon('Margherita', 'Regular 11"');
    const large = nonna.addon('Margherita', 'Large 14"');
    const nduja = nonna.addon('Margherita', 'Nduja');

    const first = await h.service.api.addToCart({ storeId: nonna.id, itemId: margherita.id, addonIds: [regular], quantity: 1 });
    expect(first).toEqual({ ok: true, value: { status: 'added', lineId: `${margherita.id}:${regular}`, quantity: 1, capped: false } });
    expect(await h.service.api.addToCart({ storeId: nonna.id, itemId: margherita.id, addonIds: [regular], quantity: 2 })).toMatchObject({
      ok: true,
      value: { status: 'added', quantity: 3 },
    });
    // The same choice made in another order is still one line.
    await h.service.api.addToCart({ storeId: nonna.id, itemId: margherita.id, addonIds: [nduja, large], quantity: 1 });
    await h.service.api.addToCart({ storeId: nonna.id, itemId: margherita.id, addonIds: [large, nduja], quantity: 1 });

    const { meta, lines } = await cart();
    expect(lines).toMatchObject([
      { itemId: margherita.id, quantity: 3, name: 'Margherita', unitPrice: margherita.price, addons: [{ id: regular, groupName: 'Pizza size' }] },
      { itemId: margherita.id, quantity: 2, unitPrice: margherita.price + 400 + 200, addons: [{ name: 'Large 14"' }, { name: 'Nduja' }] },
    ]);
    expect(meta).toMatchObject({
      productQuantity: 5,
      totalPrice: 3 * margherita.price + 2 * (margherita.price + 600),
      store: { id: nonna.id, name: nonna.name, slug: nonna.slug },
    });
  });

  it('refuses a choice that breaks a group rule, a switched-off dish or store, and changes nothing', async () => {
    const h = await fresh();
    const nonna = await openedStore(h, 'nonna-lucia-trattoria');
    const margherita = nonna.dish('Margherita');
    const regular = nonna.addon('Margherita', 'Regular 11"');
    const large = nonna.addon('Margherita', 'Large 14"');
    const add = (addonIds: number[]) => h.service.api.addToCart({ storeId: nonna.id, itemId: margherita.id, addonIds, quantity: 1 });

    expect(await add([])).toEqual({ ok: true, value: { status: 'refused', reason: 'ADDONS_INVALID' } });
    expect(await add([regular, large])).toEqual({ ok: true, value: { status: 'refused', reason: 'ADDONS_INVALID' } });
    expect(await add([regular, 999_999])).toEqual({ ok: true, value: { status: 'refused', reason: 'ADDONS_INVALID' } });
    expect(await h.service.api.addToCart({ storeId: nonna.id, itemId: margherita.id, addonIds: [regular], quantity: 0 })).toMatchObject({
      ok: false,
      reason: 'invalid',
      code: 'VALIDATION_FAILED',
    });

    await h.db.stores.update(nonna.id, { is_active: false });
    expect(await add([regular])).toEqual({ ok: true, value: { status: 'refused', reason: 'STORE_INACTIVE' } });
    expect(await h.db.cartLines.count()).toBe(0);
    expect(await h.db.cartMeta.get('cart')).toBeUndefined();
  });

  it('stops a line at 99 and says it did', async () => {
    const h = await fresh();
    const bakery = await openedStore(h, 'morning-rise-bakery');
    const [dish] = (await h.db.menuChunks.toArray()).flatMap((chunk) => chunk.items).filter((item) => item.is_active && item.addon_categories.length === 0);
    await h.service.api.addToCart({ storeId: bakery.id, itemId: dish!.id, addonIds: [], quantity: 98 });
    expect(await h.service.api.addToCart({ storeId: bakery.id, itemId: dish!.id, addonIds: [], quantity: 5 })).toMatchObject({
      ok: true,
      value: { status: 'added', quantity: 99, capped: true },
    });
    expect((await cart()).meta?.productQuantity).toBe(99);
  });

  it('holds one store: another store asks first, and replacing empties the cart and its waiting check', async () => {
    const h = await fresh();
    const nonna = await openedStore(h, 'nonna-lucia-trattoria');
    const saffron = await openedStore(h, 'saffron-house');
    const margherita = nonna.dish('Margherita');
    await h.service.api.addToCart({ storeId: nonna.id, itemId: margherita.id, addonIds: [nonna.addon('Margherita', 'Regular 11"')], quantity: 2 });
    h.network.offline = true;
    await h.service.api.checkCart();
    expect(await cartChecksInOutbox()).toHaveLength(1);

    const curry = saffron.dish('Butter Chicken');
    const input = { storeId: saffron.id, itemId: curry.id, addonIds: [saffron.addon('Butter Chicken', 'Mild')], quantity: 1 };
    expect(await h.service.api.addToCart(input)).toEqual({
      ok: true,
      value: {
        status: 'other-store',
        cartStore: { id: nonna.id, name: nonna.name, slug: nonna.slug, city: expect.any(String) },
        newStore: { id: saffron.id, name: saffron.name, slug: saffron.slug, city: expect.any(String) },
      },
    });
    expect((await cart()).lines).toMatchObject([{ itemId: margherita.id, quantity: 2 }]);

    expect(await h.service.api.addToCart({ ...input, replaceCart: true })).toMatchObject({ ok: true, value: { status: 'added' } });
    const { meta, lines } = await cart();
    expect(lines).toMatchObject([{ itemId: curry.id, storeId: saffron.id, quantity: 1 }]);
    expect(meta).toMatchObject({ productQuantity: 1, totalPrice: curry.price, store: { id: saffron.id }, check: null });
    expect(await cartChecksInOutbox()).toEqual([]);
  });

  it('changes quantities, removes a line (the last one empties the cart), and an undo puts it back', async () => {
    const h = await fresh();
    const saffron = await openedStore(h, 'saffron-house');
    const curry = saffron.dish('Butter Chicken');
    const hot = saffron.addon('Butter Chicken', 'Hot');
    const added = await h.service.api.addToCart({ storeId: saffron.id, itemId: curry.id, addonIds: [hot], quantity: 1 });
    const lineId = added.ok && added.value.status === 'added' ? added.value.lineId : '';

    expect(await h.service.api.setCartLineQuantity(lineId, 4)).toEqual({ ok: true });
    expect((await cart()).meta).toMatchObject({ productQuantity: 4, totalPrice: 4 * curry.price });
    expect(await h.service.api.setCartLineQuantity(lineId, 0)).toMatchObject({ ok: false, reason: 'invalid' });

    const removed = await h.service.api.removeCartLine(lineId);
    expect(removed).toMatchObject({ ok: true, value: { line: { id: lineId, quantity: 4 }, store: { id: saffron.id } } });
    expect((await cart()).meta).toMatchObject({ productQuantity: 0, totalPrice: 0, store: null });
    expect(await h.db.cartLines.count()).toBe(0);

    expect(await h.service.api.restoreCartLine(removed.ok ? removed.value : (undefined as never))).toEqual({ ok: true, value: { restored: true } });
    expect((await cart()).meta).toMatchObject({ productQuantity: 4, totalPrice: 4 * curry.price, store: { id: saffron.id } });
    expect(await h.service.api.removeCartLine('no-such-line')).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });

  it('persists across a restart of the worker and the page', async () => {
    const h = await fresh();
    const saffron = await openedStore(h, 'saffron-house');
    const curry = saffron.dish('Chana Masala');
    await h.service.api.addToCart({ storeId: saffron.id, itemId: curry.id, addonIds: [saffron.addon('Chana Masala', 'Medium')], quantity: 2 });
    const name = h.db.name;
    h.db.close();

    const reopened = new ReplicaDatabase(name);
    try {
      expect(await reopened.cartMeta.get('cart')).toMatchObject({ productQuantity: 2, totalPrice: 2 * curry.price, store: { id: saffron.id } });
      expect(await reopened.cartLines.toArray()).toMatchObject([{ itemId: curry.id, name: 'Chana Masala', quantity: 2 }]);
      // A new worker over the same replica checks the same cart.
      const restarted = createSyncService({ db: reopened, origin: shared.server.url, fetch: h.network.fetch, drainer: { periodMs: 3_600_000 } });
      expect(await restarted.api.checkCart()).toEqual({ ok: true, value: { status: 'checked' } });
      restarted.drainer.stop();
    } finally {
      reopened.close();
      await h.db.open();
    }
  });
});

describe('checking availability', () => {
  it('online: marks a dish switched off on the server, leaves it out of the subtotal, and says whether the store is open', async () => {
    const h = await fresh();
    const nonna = await openedStore(h, 'nonna-lucia-trattoria');
    const margherita = nonna.dish('Margherita');
    const diavola = nonna.dish('Diavola');
    await h.service.api.addToCart({ storeId: nonna.id, itemId: margherita.id, addonIds: [nonna.addon('Margherita', 'Regular 11"')], quantity: 1 });
    await h.service.api.addToCart({ storeId: nonna.id, itemId: diavola.id, addonIds: [nonna.addon('Diavola', 'Regular 11"')], quantity: 2 });
    await changes.item(diavola.id, { is_active: 0 });

    expect(await h.service.api.checkCart()).toEqual({ ok: true, value: { status: 'checked' } });
    const { meta, lines } = await cart();
    expect(lines).toMatchObject([
      { itemId: margherita.id, verdict: { available: true, reason: null } },
      { itemId: diavola.id, verdict: { available: false, reason: 'INACTIVE' } },
    ]);
    expect(meta).toMatchObject({ productQuantity: 3, totalPrice: margherita.price });
    expect(meta?.check?.answer).toEqual({ outboxId: meta?.check?.outboxId, checkedAt: expect.any(String), storeOpen: expect.any(Boolean) });

    const [sent] = h.network.sent.filter((request) => request.path === CHECK_PATH);
    expect(sent?.headers.get(IDEMPOTENCY_HEADER)).toBe(meta?.check?.outboxId);
    expect(sent?.headers.get(OUTBOX_KIND_HEADER)).toBe('cart-check');
    expect(JSON.parse(sent!.body)).toEqual({
      restaurant_id: nonna.id,
      items: [
        { id: margherita.id, quantity: 1, addon_ids: [nonna.addon('Margherita', 'Regular 11"')] },
        { id: diavola.id, quantity: 2, addon_ids: [nonna.addon('Diavola', 'Regular 11"')] },
      ],
    });
    expect(await cartChecksInOutbox()).toMatchObject([{ status: 'applied', userKey: 'cart' }]);
  });

  it('takes a changed price and remembers the one the customer saw; a closed store is said', async () => {
    const h = await fresh();
    const saffron = await openedStore(h, 'saffron-house');
    const curry = saffron.dish('Butter Chicken');
    await h.service.api.addToCart({ storeId: saffron.id, itemId: curry.id, addonIds: [saffron.addon('Butter Chicken', 'Mild')], quantity: 2 });
    await changes.item(curry.id, { price: curry.price + 150 });
    await changes.store(saffron.id, { is_active: 0 });

    await h.service.api.checkCart();
    const { meta, lines } = await cart();
    expect(lines).toMatchObject([{ unitPrice: curry.price + 150, previousUnitPrice: curry.price, verdict: { available: true } }]);
    expect(meta).toMatchObject({ totalPrice: 2 * (curry.price + 150), check: { answer: { storeOpen: false } } });

    // Back to the old price: the note goes.
    await changes.undo();
    await h.service.api.checkCart();
    expect((await cart()).lines[0]).toMatchObject({ unitPrice: curry.price, previousUnitPrice: undefined });
  });

  it('offline: waits in the outbox with its Idempotency-Key and is applied when the outbox drains', async () => {
    const h = await fresh();
    const nonna = await openedStore(h, 'nonna-lucia-trattoria');
    const diavola = nonna.dish('Diavola');
    await h.service.api.addToCart({ storeId: nonna.id, itemId: diavola.id, addonIds: [nonna.addon('Diavola', 'Large 14"')], quantity: 1 });
    h.network.offline = true;

    expect(await h.service.api.checkCart()).toEqual({ ok: true, value: { status: 'waiting' } });
    const [waiting] = await cartChecksInOutbox();
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, lastError: 'offline', call: 'check-cart-items-availability', userKey: 'cart' });
    expect((await cart()).meta?.check).toMatchObject({ outboxId: waiting!.id });
    expect((await cart()).meta?.check?.answer).toBeUndefined();

    await changes.item(diavola.id, { is_active: 0 });
    h.network.offline = false;
    expect(await h.service.api.drainOutbox()).toMatchObject({ applied: 1, remaining: 0 });
    expect((await cart()).lines).toMatchObject([{ verdict: { available: false, reason: 'INACTIVE' } }]);
    expect((await cart()).meta).toMatchObject({ totalPrice: 0, check: { answer: { outboxId: waiting!.id } } });
    const sentKeys = h.network.sent.filter((request) => request.path === CHECK_PATH).map((request) => request.headers.get(IDEMPOTENCY_HEADER));
    expect(sentKeys).toEqual([waiting!.id, waiting!.id]);
  });

  it('a newer check supersedes the one waiting: one row, one request with the cart as it is now, and a stale answer changes nothing', async () => {
    const h = await fresh();
    const nonna = await openedStore(h, 'nonna-lucia-trattoria');
    const margherita = nonna.dish('Margherita');
    const diavola = nonna.dish('Diavola');
    h.network.offline = true;
    await h.service.api.addToCart({ storeId: nonna.id, itemId: margherita.id, addonIds: [nonna.addon('Margherita', 'Regular 11"')], quantity: 1 });
    await h.service.api.checkCart();
    const [older] = await cartChecksInOutbox();
    await h.service.api.addToCart({ storeId: nonna.id, itemId: diavola.id, addonIds: [nonna.addon('Diavola', 'Regular 11"')], quantity: 1 });
    await h.service.api.checkCart();

    const rows = await cartChecksInOutbox();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(older!.id);
    expect((await cart()).meta?.check?.outboxId).toBe(rows[0]!.id);

    // The older check's answer arrives after all (a service worker replayed it): it finds no row.
    await h.service.api.settleFromServiceWorker({
      type: 'OUTBOX_APPLIED',
      idempotencyKey: older!.id,
      kind: 'cart-check',
      status: 200,
      body: {
        restaurant_id: nonna.id,
        store_open: false,
        items: [{ id: margherita.id, available: false, reason: 'INACTIVE', name: 'Margherita', unit_price: 1 }],
        checked_at: new Date().toISOString(),
      },
    });
    expect((await cart()).lines.map((line) => line.verdict)).toEqual([undefined, undefined]);

    h.network.offline = false;
    h.network.sent.length = 0;
    await h.service.api.drainOutbox();
    expect(checksSent(h).map((body) => body.items.map((item) => item.id))).toEqual([[margherita.id, diavola.id]]);
    expect((await cart()).lines.map((line) => line.verdict?.available)).toEqual([true, true]);
  });

  it('an empty cart sends nothing, and emptying the cart drops the check waiting for it', async () => {
    const h = await fresh();
    expect(await h.service.api.checkCart()).toEqual({ ok: true, value: { status: 'empty' } });
    const saffron = await openedStore(h, 'saffron-house');
    const curry = saffron.dish('Butter Chicken');
    await h.service.api.addToCart({ storeId: saffron.id, itemId: curry.id, addonIds: [saffron.addon('Butter Chicken', 'Mild')], quantity: 1 });
    h.network.offline = true;
    await h.service.api.checkCart();
    expect(await cartChecksInOutbox()).toHaveLength(1);

    expect(await h.service.api.clearCart()).toEqual({ ok: true });
    expect(await cartChecksInOutbox()).toEqual([]);
    expect(await h.db.cartMeta.get('cart')).toMatchObject({ productQuantity: 0, totalPrice: 0, store: null, check: null });
    h.network.offline = false;
    expect(await h.service.api.drainOutbox()).toMatchObject({ sent: 0 });
    expect(checksSent(h)).toHaveLength(1);
  });
});
