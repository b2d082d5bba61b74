/**
 * A store owner's daily switches on each database: their stores with every
 * item's availability, stopping and starting orders, an item sold out and
 * back. Customers see each switch at once (store page, menu, checkout); an
 * owner reaching for another owner's store is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemAvailability, MyStore, StoreOpenState } from '../../../src/api/admin/catalog-entities.ts';
import type { StoreMenu } from '../../../src/api/entities.ts';
import { callAs } from '../../support/accounts.ts';
import { testDatabases } from '../../support/databases.ts';
import { injectCall } from '../../support/inject-call.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { MARKET_SQUARE, addressKmNorth, callWithKey, line } from '../checkout/checkout-fixtures.ts';
import { auditRowsOf, callBy, createCatalogCast, okBy, placeOrderAt, refusal, type CatalogCast } from './catalog-support.ts';

describe.each(testDatabases())("a store owner's switches on $kind", ({ kind }) => {
  let t: TestApp;
  let cast: CatalogCast;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    cast = await createCatalogCast(t.app, t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  const menuOf = async (storeId: number) =>
    (await injectCall(t.app, 'get-restaurant-items', {}, { params: { id: String(storeId) } })).json<StoreMenu>();
  const menuItemIds = (menu: StoreMenu) => menu.categories.flatMap((section) => section.items.map((item) => item.id));

  it("lists the owner's stores with every item, sold-out ones too; an administrator gets every store", async () => {
    const mine = await okBy<MyStore[]>(t.app, 'admin/get-my-stores', cast.owner);
    const owned = await t.db.selectFrom('restaurants').select('id').where('owner_user_id', '=', cast.owner.id).execute();
    expect(mine.map((store) => store.id).sort((a, b) => a - b)).toEqual(owned.map((row) => Number(row.id)).sort((a, b) => a - b));
    const kitchen = mine.find((store) => store.id === cast.store.id);
    expect(kitchen).toMatchObject({ name: 'Console Kitchen', is_active: true, is_open: true });
    expect(kitchen?.items.map((item) => [item.name, item.is_active])).toEqual([
      ['Sold-out Pie', false],
      ['Test Burger', true],
      ['Test Pizza', true],
    ]);

    const all = await okBy<MyStore[]>(t.app, 'admin/get-my-stores', cast.admin);
    const storeCount = await t.db.selectFrom('restaurants').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    expect(all).toHaveLength(Number(storeCount.n));
    expect(all.some((store) => store.id === cast.otherStore.id)).toBe(true);
  });

  it('stopping orders: the store page says so and checkout answers STORE_CLOSED; starting again takes orders', async () => {
    const stopped = await okBy<StoreOpenState>(t.app, 'admin/set-store-open', cast.owner, { restaurant_id: cast.store.id, is_active: false });
    expect(stopped).toEqual({ id: cast.store.id, is_active: false, is_open: true });
    const status = await injectCall(t.app, 'get-restaurant-info-and-operational-status', { id: cast.store.id, ...MARKET_SQUARE });
    expect(status.json()).toMatchObject({ is_active: false });
    const listed = await injectCall(t.app, 'get-delivery-restaurants', MARKET_SQUARE);
    expect(listed.json<{ id: number; is_active: boolean }[]>().find((store) => store.id === cast.store.id)?.is_active).toBe(false);
    const refused = await callWithKey(t.app, 'place-order', {
      token: cast.customer.token,
      restaurant_id: cast.store.id,
      items: [line(cast.store.menu.burger, 2)],
      order_type: 'DELIVERY',
      address: addressKmNorth(1),
      payment_mode: 'COD',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'STORE_CLOSED' });

    await okBy(t.app, 'admin/set-store-open', cast.owner, { restaurant_id: cast.store.id, is_active: true });
    await expect(placeOrderAt(t.app, cast.customer, cast.store)).resolves.toMatchObject({ restaurant: { id: cast.store.id }, status_name: 'PLACED' });
    const audit = (await auditRowsOf(t.db, 'admin/set-store-open')).filter((row) => row.entity_id === String(cast.store.id));
    expect(audit.map((row) => [row.user_id, row.role, row.details])).toEqual([
      [cast.owner.id, 'store_owner', { is_active: false }],
      [cast.owner.id, 'store_owner', { is_active: true }],
    ]);
  });

  it('an item sold out leaves the menu and the single-item call; back on, it returns', async () => {
    const burger = cast.store.menu.burger;
    expect(menuItemIds(await menuOf(cast.store.id))).toContain(burger);
    const off = await okBy<ItemAvailability>(t.app, 'admin/set-item-availability', cast.owner, { item_id: burger, is_active: false });
    expect(off).toMatchObject({ id: burger, name: 'Test Burger', price: 1000, is_active: false });
    expect(menuItemIds(await menuOf(cast.store.id))).not.toContain(burger);
    expect((await injectCall(t.app, 'get-single-item', { id: burger })).statusCode).toBe(404);

    await okBy(t.app, 'admin/set-item-availability', cast.admin, { item_id: burger, is_active: true });
    expect(menuItemIds(await menuOf(cast.store.id))).toContain(burger);
    expect((await auditRowsOf(t.db, 'admin/set-item-availability')).map((row) => [row.role, row.entity, row.entity_id, row.details])).toEqual([
      ['store_owner', 'items', String(burger), { is_active: false }],
      ['admin', 'items', String(burger), { is_active: true }],
    ]);
  });

  it("an owner reaching for another owner's store or item is FORBIDDEN and nothing changes", async () => {
    expect(await refusal(callBy(t.app, 'admin/set-store-open', cast.owner, { restaurant_id: cast.otherStore.id, is_active: false }))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(
      await refusal(callBy(t.app, 'admin/set-item-availability', cast.owner, { item_id: cast.otherStore.menu.burger, is_active: false })),
    ).toEqual({ status: 403, code: 'FORBIDDEN' });
    const other = await t.db.selectFrom('restaurants').select('is_active').where('id', '=', cast.otherStore.id).executeTakeFirstOrThrow();
    expect(Number(other.is_active)).toBe(1);
    expect(menuItemIds(await menuOf(cast.otherStore.id))).toContain(cast.otherStore.menu.burger);
    const mine = await okBy<MyStore[]>(t.app, 'admin/get-my-stores', cast.otherOwner);
    expect(mine.map((store) => store.id)).toEqual([cast.otherStore.id]);
  });

  it('unknown ids are NOT_FOUND; customers and drivers are FORBIDDEN; no token is 401', async () => {
    expect(await refusal(callBy(t.app, 'admin/set-item-availability', cast.admin, { item_id: 999_999, is_active: false }))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    });
    expect(await refusal(callBy(t.app, 'admin/set-store-open', cast.admin, { restaurant_id: 999_999, is_active: false }))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    });
    for (const who of [cast.customer, cast.driver]) {
      expect(await refusal(callBy(t.app, 'admin/get-my-stores', who))).toEqual({ status: 403, code: 'FORBIDDEN' });
      expect(await refusal(callBy(t.app, 'admin/set-store-open', who, { restaurant_id: cast.store.id, is_active: false }))).toEqual({
        status: 403,
        code: 'FORBIDDEN',
      });
    }
    expect(await refusal(callAs(t.app, 'admin/set-item-availability', { item_id: cast.store.menu.burger, is_active: false }))).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
    });
  });
});
