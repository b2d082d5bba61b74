/**
 * Menus in the console on each database: sections, items and add-on groups
 * as a store owner keeps them, each change visible in the customer's menu at
 * once; the rules of add-on groups; rows of another store refused; and
 * order history untouched by a deleted item.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAddonCategory, AdminItem, AdminItemCategory, Deleted } from '../../../src/api/admin/catalog-entities.ts';
import type { StoreMenu } from '../../../src/api/entities.ts';
import { testDatabases } from '../../support/databases.ts';
import { injectCall } from '../../support/inject-call.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { auditRowsOf, callBy, createCatalogCast, okBy, placeOrderAt, refusal, type CatalogCast } from './catalog-support.ts';

describe.each(testDatabases())('menus in the console on $kind', ({ kind }) => {
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
  const menuItem = async (storeId: number, itemId: number) =>
    (await menuOf(storeId)).categories.flatMap((section) => section.items).find((item) => item.id === itemId);
  const groupsOf = async (storeId: number) =>
    t.db.selectFrom('addon_categories').select(['id', 'name']).where('restaurant_id', '=', storeId).orderBy('id').execute();

  it('an owner adds a section and an item with add-on groups; the customer menu shows them at once', async () => {
    const section = await okBy<AdminItemCategory>(t.app, 'admin/save-item-category', cast.owner, { restaurant_id: cast.store.id, name: 'Noodles', sort_order: 1 });
    expect(section).toMatchObject({ restaurant_id: cast.store.id, name: 'Noodles', sort_order: 1, items_count: 0 });
    const [size, toppings] = await groupsOf(cast.store.id);

    const item = await okBy<AdminItem>(t.app, 'admin/save-item', cast.owner, {
      restaurant_id: cast.store.id,
      item_category_id: section.id,
      name: 'Dan Dan Noodles',
      description: 'Sichuan pepper, pork, peanuts.',
      price: 1350,
      image: 'https://cdn.example.test/dandan.jpg',
      is_recommended: true,
      addon_category_ids: [Number(toppings?.id), Number(size?.id)],
    });
    expect(item).toMatchObject({ name: 'Dan Dan Noodles', price: 1350, is_active: true, is_veg: false, addon_category_ids: [Number(toppings?.id), Number(size?.id)] });

    const menu = await menuOf(cast.store.id);
    expect(menu.categories.find((entry) => entry.id === section.id)?.items.map((entry) => entry.name)).toEqual(['Dan Dan Noodles']);
    expect(menu.recommended.map((entry) => entry.id)).toContain(item.id);
    expect((await menuItem(cast.store.id, item.id))?.addon_categories.map((group) => group.name)).toEqual(['Toppings', 'Size']);

    await okBy(t.app, 'admin/save-item', cast.owner, { id: item.id, price: 1450, addon_category_ids: [] });
    expect(await menuItem(cast.store.id, item.id)).toMatchObject({ price: 1450, addon_categories: [] });
    const sections = await okBy<AdminItemCategory[]>(t.app, 'admin/list-item-categories', cast.owner, { restaurant_id: cast.store.id });
    expect(sections.find((entry) => entry.id === section.id)?.items_count).toBe(1);
    expect((await auditRowsOf(t.db, 'admin/save-item')).map((row) => [row.user_id, row.entity_id, row.details.price])).toEqual([
      [cast.owner.id, String(item.id), 1350],
      [cast.owner.id, String(item.id), 1450],
    ]);
  });

  it("each item rule has its code; another store's section or add-on group is WRONG_STORE", async () => {
    const [otherGroup] = await groupsOf(cast.otherStore.id);
    const otherSection = await okBy<AdminItemCategory>(t.app, 'admin/save-item-category', cast.otherOwner, { restaurant_id: cast.otherStore.id, name: 'Theirs' });
    const save = (fields: Record<string, unknown>) => refusal(callBy(t.app, 'admin/save-item', cast.owner, fields));
    const burger = cast.store.menu.burger;

    expect(await save({ restaurant_id: cast.store.id, name: 'No price' })).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    expect(await save({ id: burger, price: -1 })).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    expect(await save({ id: burger, price: 12.5 })).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    expect(await save({ id: burger, item_category_id: otherSection.id })).toEqual({ status: 400, code: 'WRONG_STORE' });
    expect(await save({ id: burger, addon_category_ids: [Number(otherGroup?.id)] })).toEqual({ status: 400, code: 'WRONG_STORE' });
    expect(await save({ id: burger, restaurant_id: cast.otherStore.id })).toEqual({ status: 400, code: 'WRONG_STORE' });
    expect(await save({ id: burger, image: 'data:image/png;base64,AAAA' })).toEqual({ status: 400, code: 'INVALID_IMAGE_URL' });
    expect(await save({ id: burger, item_category_id: 999_999 })).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(await menuItem(cast.store.id, burger)).toMatchObject({ price: 1000, image: null, item_category_id: null });
  });

  it("an owner reaching for another store's menu is FORBIDDEN", async () => {
    const theirs = cast.otherStore;
    const forbidden = { status: 403, code: 'FORBIDDEN' };
    expect(await refusal(callBy(t.app, 'admin/list-items', cast.owner, { restaurant_id: theirs.id }))).toEqual(forbidden);
    expect(await refusal(callBy(t.app, 'admin/list-item-categories', cast.owner, { restaurant_id: theirs.id }))).toEqual(forbidden);
    expect(await refusal(callBy(t.app, 'admin/list-addon-categories', cast.owner, { restaurant_id: theirs.id }))).toEqual(forbidden);
    expect(await refusal(callBy(t.app, 'admin/save-item', cast.owner, { restaurant_id: theirs.id, name: 'Sneaky', price: 1 }))).toEqual(forbidden);
    expect(await refusal(callBy(t.app, 'admin/save-item', cast.owner, { id: theirs.menu.burger, price: 1 }))).toEqual(forbidden);
    expect(await refusal(callBy(t.app, 'admin/delete-item', cast.owner, { id: theirs.menu.pizza }))).toEqual(forbidden);
    expect(await refusal(callBy(t.app, 'admin/save-item-category', cast.owner, { restaurant_id: theirs.id, name: 'Mine' }))).toEqual(forbidden);
    const [theirGroup] = await groupsOf(theirs.id);
    expect(await refusal(callBy(t.app, 'admin/save-addon-category', cast.owner, { id: Number(theirGroup?.id), name: 'Mine' }))).toEqual(forbidden);
    expect(await refusal(callBy(t.app, 'admin/delete-addon-category', cast.owner, { id: Number(theirGroup?.id) }))).toEqual(forbidden);
    expect(await refusal(callBy(t.app, 'admin/list-items', cast.customer, { restaurant_id: cast.store.id }))).toEqual(forbidden);
    expect(await menuItem(theirs.id, theirs.menu.burger)).toMatchObject({ price: 1000 });
    expect(await menuItem(theirs.id, theirs.menu.pizza)).toBeDefined();
  });

  it('add-on groups: saved with their add-ons in order, edited as a whole list, shown on the items that offer them', async () => {
    const group = await okBy<AdminAddonCategory>(t.app, 'admin/save-addon-category', cast.owner, {
      restaurant_id: cast.store.id,
      name: 'Sauces',
      type: 'MULTI',
      min_select: 1,
      max_select: 2,
      addons: [
        { name: 'Chilli oil', price: 50 },
        { name: 'Garlic mayo', price: 75 },
        { name: 'Truffle dip', price: 200, is_active: false },
      ],
    });
    expect(group).toMatchObject({ type: 'MULTI', min_select: 1, max_select: 2, item_ids: [] });
    expect(group.addons.map((addon) => [addon.name, addon.sort_order, addon.is_active])).toEqual([
      ['Chilli oil', 0, true],
      ['Garlic mayo', 1, true],
      ['Truffle dip', 2, false],
    ]);
    const burger = cast.store.menu.burger;
    await okBy(t.app, 'admin/save-item', cast.owner, { id: burger, addon_category_ids: [group.id] });
    expect((await menuItem(cast.store.id, burger))?.addon_categories).toEqual([
      {
        id: group.id,
        name: 'Sauces',
        type: 'MULTI',
        min_select: 1,
        max_select: 2,
        addons: [
          { id: group.addons[0]?.id, name: 'Chilli oil', price: 50 },
          { id: group.addons[1]?.id, name: 'Garlic mayo', price: 75 },
        ],
      },
    ]);

    const [chilli, , truffle] = group.addons;
    const edited = await okBy<AdminAddonCategory>(t.app, 'admin/save-addon-category', cast.owner, {
      id: group.id,
      addons: [
        { id: truffle?.id, name: 'Truffle dip', price: 180, is_active: true },
        { name: 'Sesame', price: 0 },
        { id: chilli?.id, name: 'Chilli crisp', price: 60 },
      ],
    });
    expect(edited.addons.map((addon) => [addon.id === truffle?.id || addon.id === chilli?.id, addon.name, addon.price])).toEqual([
      [true, 'Truffle dip', 180],
      [false, 'Sesame', 0],
      [true, 'Chilli crisp', 60],
    ]);
    expect(edited.item_ids).toEqual([burger]);
    expect((await menuItem(cast.store.id, burger))?.addon_categories[0]?.addons.map((addon) => addon.name)).toEqual(['Truffle dip', 'Sesame', 'Chilli crisp']);

    expect(await okBy<Deleted>(t.app, 'admin/delete-addon-category', cast.owner, { id: group.id })).toEqual({ id: group.id, deleted: true });
    expect((await menuItem(cast.store.id, burger))?.addon_categories).toEqual([]);
    expect((await auditRowsOf(t.db, 'admin/save-addon-category')).every((row) => row.role === 'store_owner')).toBe(true);
  });

  it('add-on limits a customer could never meet are INVALID_ADDON_LIMITS; an add-on of another group is NOT_FOUND', async () => {
    const two = [{ name: 'A', price: 0 }, { name: 'B', price: 0 }];
    const save = (fields: Record<string, unknown>) =>
      refusal(callBy(t.app, 'admin/save-addon-category', cast.owner, { restaurant_id: cast.store.id, name: 'Rules', addons: two, ...fields }));
    expect(await save({ type: 'SINGLE', max_select: 2 })).toEqual({ status: 400, code: 'INVALID_ADDON_LIMITS' });
    expect(await save({ type: 'SINGLE', min_select: 2 })).toEqual({ status: 400, code: 'INVALID_ADDON_LIMITS' });
    expect(await save({ type: 'MULTI', min_select: 3 })).toEqual({ status: 400, code: 'INVALID_ADDON_LIMITS' });
    expect(await save({ type: 'MULTI', min_select: 2, max_select: 1 })).toEqual({ status: 400, code: 'INVALID_ADDON_LIMITS' });
    expect(await save({ type: 'PICK_ANY' })).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    const [, toppings] = await groupsOf(cast.store.id);
    const toppingIds = await t.db.selectFrom('addons').select('id').where('addon_category_id', '=', Number(toppings?.id)).execute();
    expect(await save({ type: 'MULTI', addons: [{ id: Number(toppingIds[0]?.id), name: 'Stolen', price: 0 }] })).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    });

    const single = await okBy<AdminAddonCategory>(t.app, 'admin/save-addon-category', cast.owner, {
      restaurant_id: cast.store.id,
      name: 'Bread',
      type: 'SINGLE',
      min_select: 1,
      addons: two,
    });
    expect(single).toMatchObject({ type: 'SINGLE', min_select: 1, max_select: 1 });
    // Switching every add-on off would leave a required choice nobody can make.
    expect(
      await refusal(callBy(t.app, 'admin/save-addon-category', cast.owner, { id: single.id, addons: two.map((addon) => ({ ...addon, is_active: false })) })),
    ).toEqual({ status: 400, code: 'INVALID_ADDON_LIMITS' });
  });

  it('deleting a section keeps its items (under "Other"); deleting an ordered item keeps the order as it was', async () => {
    const section = await okBy<AdminItemCategory>(t.app, 'admin/save-item-category', cast.otherOwner, { restaurant_id: cast.otherStore.id, name: 'Specials' });
    await okBy(t.app, 'admin/save-item', cast.otherOwner, { id: cast.otherStore.menu.pizza, item_category_id: section.id });
    await okBy(t.app, 'admin/delete-item-category', cast.otherOwner, { id: section.id });
    const other = (await menuOf(cast.otherStore.id)).categories.find((entry) => entry.name === 'Other');
    expect(other?.items.map((item) => item.id)).toContain(cast.otherStore.menu.pizza);

    const order = await placeOrderAt(t.app, cast.customer, cast.otherStore);
    const burger = cast.otherStore.menu.burger;
    expect(await okBy<Deleted>(t.app, 'admin/delete-item', cast.otherOwner, { id: burger })).toEqual({ id: burger, deleted: true });
    expect(await menuItem(cast.otherStore.id, burger)).toBeUndefined();
    const lines = await t.db.selectFrom('order_lines').select(['item_id', 'name', 'unit_price', 'quantity']).where('order_id', '=', order.id).execute();
    expect(lines.map((row) => ({ ...row, unit_price: Number(row.unit_price), quantity: Number(row.quantity) }))).toEqual([
      { item_id: null, name: 'Test Burger', unit_price: 1000, quantity: 2 },
    ]);
    expect((await auditRowsOf(t.db, 'admin/delete-item')).at(-1)).toMatchObject({ user_id: cast.otherOwner.id, entity_id: String(burger), details: { name: 'Test Burger' } });
    expect(await refusal(callBy(t.app, 'admin/delete-item', cast.otherOwner, { id: burger }))).toEqual({ status: 404, code: 'NOT_FOUND' });
  });
});
