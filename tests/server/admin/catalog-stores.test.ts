/**
 * Stores in the console on each database: creating and changing one shows
 * in the customers' store lists and store pages at once (the nearby engine
 * and its answer cache included), every rule answers its code and changes
 * nothing, store owners reach only their own stores' basic fields (the
 * street address and phone drivers see among them), and every change
 * leaves an audit row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminStore, AdminStoreList, Deleted } from '../../../src/api/admin/catalog-entities.ts';
import type { Store, StoreDetail } from '../../../src/api/entities.ts';
import { callAs } from '../../support/accounts.ts';
import { testDatabases } from '../../support/databases.ts';
import { injectCall } from '../../support/inject-call.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { auditRowsOf, callBy, createCatalogCast, okBy, placeOrderAt, refusal, type CatalogCast } from './catalog-support.ts';

/** A spot far from the demo city, so the lists there hold only the stores these tests put there. */
const LAKESIDE = { latitude: 47.6101, longitude: -122.2015 };
const ALL_WEEK = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opens: '00:00', closes: '24:00' }));

let storeCount = 0;
function newStoreFields(overrides: Record<string, unknown> = {}) {
  storeCount += 1;
  return {
    name: `Lakeside Noodles ${storeCount}`,
    slug: `lakeside-noodles-${storeCount}-${Date.now()}`,
    city: 'Lakeside',
    image: '/public/images/stores/lakeside.svg',
    delivery_type: 1,
    ...LAKESIDE,
    delivery_radius_km: 3,
    delivery_time: 25,
    price_range: 2400,
    ...overrides,
  };
}

describe.each(testDatabases())('stores in the console on $kind', ({ kind }) => {
  let t: TestApp;
  let cast: CatalogCast;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    cast = await createCatalogCast(t.app, t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  const deliveryListAt = async (point: { latitude: number; longitude: number }) =>
    (await injectCall(t.app, 'get-delivery-restaurants', point)).json<Store[]>();
  const storePage = (slug: string) => injectCall(t.app, 'get-restaurant-info', {}, { params: { slug } });

  it('an administrator creates a store with hours and categories: customers see it at once, and the audit says who did it', async () => {
    const [category] = await t.db.selectFrom('restaurant_categories').select('id').orderBy('id').limit(1).execute();
    const categoryId = Number(category?.id);
    const fields = newStoreFields({ opening_hours: ALL_WEEK, category_ids: [categoryId], custom_message_on_list: 'Hand-pulled daily' });
    const before = await deliveryListAt(LAKESIDE);

    const saved = await okBy<AdminStore>(t.app, 'admin/save-store', cast.admin, fields);

    expect(saved).toMatchObject({ ...fields, is_active: true, is_featured: false, timezone: 'UTC', owner_user_id: null, is_open: true });
    expect(saved.opening_hours).toEqual(ALL_WEEK);
    const listed = await deliveryListAt(LAKESIDE);
    expect(listed.length).toBe(before.length + 1);
    expect(listed.find((store) => store.id === saved.id)).toMatchObject({ name: fields.name, custom_message_on_list: 'Hand-pulled daily', distance: 0 });
    const page = (await storePage(fields.slug)).json<StoreDetail>();
    expect(page).toMatchObject({ id: saved.id, delivery_radius_km: 3, categories_ids: [categoryId] });
    expect(page.opening_hours).toHaveLength(7);
    const [audit] = (await auditRowsOf(t.db, 'admin/save-store')).filter((row) => row.entity_id === String(saved.id));
    expect(audit).toMatchObject({ user_id: cast.admin.id, role: 'admin', entity: 'restaurants', details: { slug: fields.slug, delivery_radius_km: 3 } });
    expect(audit?.details).not.toHaveProperty('token');
  });

  it('changing a store shows at once in a list the customers already hold in the cache: name, featured, radius, taking orders', async () => {
    const saved = await okBy<AdminStore>(t.app, 'admin/save-store', cast.admin, newStoreFields());
    const twoKmAway = { latitude: LAKESIDE.latitude + 0.018, longitude: LAKESIDE.longitude };
    // Asked twice: the answer cache keeps answers asked before, so the change must get past it.
    for (let ask = 0; ask < 2; ask += 1) expect((await deliveryListAt(twoKmAway)).some((store) => store.id === saved.id)).toBe(true);

    await okBy(t.app, 'admin/save-store', cast.admin, { id: saved.id, name: 'Lakeside Ramen Bar', is_featured: true, custom_featured_name: 'New' });
    expect((await deliveryListAt(twoKmAway)).find((store) => store.id === saved.id)).toMatchObject({
      name: 'Lakeside Ramen Bar',
      is_featured: true,
      custom_featured_name: 'New',
    });
    expect((await storePage(saved.slug)).json<StoreDetail>()).toMatchObject({ name: 'Lakeside Ramen Bar', is_featured: true });

    await okBy(t.app, 'admin/save-store', cast.admin, { id: saved.id, delivery_radius_km: 1 });
    expect((await deliveryListAt(twoKmAway)).some((store) => store.id === saved.id)).toBe(false);

    await okBy(t.app, 'admin/save-store', cast.admin, { id: saved.id, latitude: twoKmAway.latitude });
    expect((await deliveryListAt(twoKmAway)).some((store) => store.id === saved.id)).toBe(true);
    const status = await injectCall(t.app, 'get-restaurant-info-and-operational-status', { id: saved.id, ...twoKmAway });
    expect(status.json()).toMatchObject({ latitude: twoKmAway.latitude, delivers_to_location: true });
  });

  it('each rule has its code and a refused save changes nothing', async () => {
    const saved = await okBy<AdminStore>(t.app, 'admin/save-store', cast.admin, newStoreFields());
    const save = (fields: Record<string, unknown>) => refusal(callBy(t.app, 'admin/save-store', cast.admin, { id: saved.id, ...fields }));

    expect(await save({ slug: 'saffron-house' })).toEqual({ status: 409, code: 'SLUG_TAKEN' });
    // A name of blanks would list an empty store.
    expect(await save({ name: '   ' })).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    expect(await save({ delivery_radius_km: 0 })).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    expect(await save({ delivery_radius_km: 500 })).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    expect(await save({ delivery_type: 4 })).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    expect(await save({ latitude: 95 })).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    expect(await save({ latitude: 0, longitude: 0 })).toEqual({ status: 400, code: 'INVALID_COORDINATES' });
    expect(await save({ timezone: 'Mars/Olympus_Mons' })).toEqual({ status: 400, code: 'INVALID_TIME_ZONE' });
    expect(await save({ image: 'javascript:alert(1)' })).toEqual({ status: 400, code: 'INVALID_IMAGE_URL' });
    expect(await save({ image: '//evil.test/x.png' })).toEqual({ status: 400, code: 'INVALID_IMAGE_URL' });
    expect(await save({ owner_user_id: cast.customer.id })).toEqual({ status: 400, code: 'NOT_A_STORE_OWNER' });
    expect(await save({ category_ids: [999_999] })).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(await save({ opening_hours: [{ day: 1, opens: '9:00', closes: '17:00' }] })).toEqual({ status: 400, code: 'VALIDATION_FAILED' });

    const after = await okBy<AdminStore>(t.app, 'admin/get-store', cast.admin, { id: saved.id });
    expect(after).toEqual({ ...saved, is_open: after.is_open });
    expect((await auditRowsOf(t.db, 'admin/save-store')).filter((row) => row.entity_id === String(saved.id))).toHaveLength(1);
  });

  it('a new store needs its essentials, named one by one', async () => {
    const response = await callBy(t.app, 'admin/save-store', cast.admin, { name: 'Half a store', city: 'Lakeside' });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; details: { path: string }[] }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details.map((detail) => detail.path)).toEqual([
      '/slug',
      '/image',
      '/delivery_type',
      '/latitude',
      '/longitude',
      '/delivery_radius_km',
      '/delivery_time',
      '/price_range',
    ]);
  });

  it('opening hours: several windows a day and overnight ones are fine; overlaps, even across Saturday night, are INVALID_OPENING_HOURS', async () => {
    const saved = await okBy<AdminStore>(t.app, 'admin/save-store', cast.admin, newStoreFields());
    const hours = [
      { day: 5, opens: '11:00', closes: '14:30' },
      { day: 5, opens: '18:00', closes: '02:00' },
      { day: 6, opens: '10:00', closes: '14:00' },
    ];
    const stored = await okBy<AdminStore>(t.app, 'admin/save-store', cast.admin, { id: saved.id, opening_hours: hours });
    expect(stored.opening_hours).toEqual(hours);

    const overlapping = async (windows: { day: number; opens: string; closes: string }[]) => {
      const response = await callBy(t.app, 'admin/save-store', cast.admin, { id: saved.id, opening_hours: windows });
      return { status: response.statusCode, ...response.json<{ code: string; details: { path: string }[] }>() };
    };
    // Friday's overnight window still runs at 01:00 on Saturday.
    expect(await overlapping([...hours, { day: 6, opens: '01:00', closes: '03:00' }])).toMatchObject({
      status: 400,
      code: 'INVALID_OPENING_HOURS',
      details: [{ path: '/opening_hours/3' }],
    });
    expect(await overlapping([{ day: 6, opens: '23:00', closes: '01:00' }, { day: 0, opens: '00:30', closes: '02:00' }])).toMatchObject({
      code: 'INVALID_OPENING_HOURS',
    });
    expect(await overlapping([{ day: 2, opens: '24:00', closes: '02:00' }])).toMatchObject({ code: 'INVALID_OPENING_HOURS' });
    const sevenWindows = Array.from({ length: 7 }, (_, hour) => ({ day: 3, opens: `0${hour}:00`, closes: `0${hour}:30` }));
    expect(await overlapping(sevenWindows)).toMatchObject({ code: 'INVALID_OPENING_HOURS' });
    expect((await okBy<AdminStore>(t.app, 'admin/get-store', cast.admin, { id: saved.id })).opening_hours).toEqual(hours);

    const cleared = await okBy<AdminStore>(t.app, 'admin/save-store', cast.admin, { id: saved.id, opening_hours: [] });
    expect(cleared).toMatchObject({ opening_hours: [], is_open: true });
  });

  it('a store owner sees and changes only their own stores, and only the basic fields', async () => {
    const mine = await okBy<AdminStoreList>(t.app, 'admin/list-stores', cast.owner);
    expect(mine.stores.length).toBeGreaterThanOrEqual(4);
    expect(mine.stores.every((store) => store.owner_user_id === cast.owner.id)).toBe(true);
    expect(mine.stores.some((store) => store.id === cast.otherStore.id)).toBe(false);

    expect(await refusal(callBy(t.app, 'admin/get-store', cast.owner, { id: cast.otherStore.id }))).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(await refusal(callBy(t.app, 'admin/save-store', cast.owner, { id: cast.otherStore.id, description: 'Mine now' }))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
    });
    const adminField = await callBy(t.app, 'admin/save-store', cast.owner, { id: cast.store.id, is_featured: true, delivery_radius_km: 50 });
    expect(adminField.statusCode).toBe(403);
    expect(adminField.json<{ message: string }>().message).toBe('Only administrators can change is_featured, delivery_radius_km.');
    expect(await refusal(callBy(t.app, 'admin/save-store', cast.owner, newStoreFields()))).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(await refusal(callBy(t.app, 'admin/delete-store', cast.owner, { id: cast.store.id }))).toEqual({ status: 403, code: 'FORBIDDEN' });

    const changed = await okBy<AdminStore>(t.app, 'admin/save-store', cast.owner, {
      id: cast.store.id,
      description: 'Now with brunch.',
      delivery_time: 45,
      opening_hours: [{ day: 0, opens: '09:00', closes: '13:00' }],
    });
    expect(changed).toMatchObject({ description: 'Now with brunch.', delivery_time: 45, is_featured: false });
    const [audit] = (await auditRowsOf(t.db, 'admin/save-store')).filter((row) => row.entity_id === String(cast.store.id));
    expect(audit).toMatchObject({ user_id: cast.owner.id, role: 'store_owner', details: { description: 'Now with brunch.', delivery_time: 45 } });
    const other = await okBy<AdminStore>(t.app, 'admin/get-store', cast.admin, { id: cast.otherStore.id });
    expect(other.description).toBe('A store of the checkout tests.');
  });

  it('the street address and phone drivers see: kept trimmed, emptied to null, a phone that is not one refused by name, every change audited', async () => {
    const fields = newStoreFields({ address: '  12 Lakeshore Road, Lakeside ', phone: ' +1 206 555 0142 ' });
    const saved = await okBy<AdminStore>(t.app, 'admin/save-store', cast.admin, fields);
    expect(saved).toMatchObject({ address: '12 Lakeshore Road, Lakeside', phone: '+1 206 555 0142' });
    expect(await okBy<AdminStore>(t.app, 'admin/get-store', cast.admin, { id: saved.id })).toMatchObject({
      address: '12 Lakeshore Road, Lakeside',
      phone: '+1 206 555 0142',
    });
    const auditOf = async () => (await auditRowsOf(t.db, 'admin/save-store')).filter((row) => row.entity_id === String(saved.id));
    expect((await auditOf()).at(-1)?.details).toMatchObject({ address: '12 Lakeshore Road, Lakeside', phone: '+1 206 555 0142' });

    /** The status, code and the fields its details name (the schema may name one several times). */
    const refused = async (body: Record<string, unknown>) => {
      const response = await callBy(t.app, 'admin/save-store', cast.admin, { id: saved.id, ...body });
      const { code, details } = response.json<{ code: string; details: { path: string }[] }>();
      return { status: response.statusCode, code, fields: [...new Set(details.map((detail) => detail.path))] };
    };
    expect(await refused({ phone: 'call the shop' })).toEqual({ status: 400, code: 'INVALID_PHONE', fields: ['/phone'] });
    expect(await refused({ phone: '+1 206' })).toEqual({ status: 400, code: 'INVALID_PHONE', fields: ['/phone'] });
    expect(await refused({ address: 'x'.repeat(201) })).toEqual({ status: 400, code: 'VALIDATION_FAILED', fields: ['/address'] });
    expect(await okBy<AdminStore>(t.app, 'admin/get-store', cast.admin, { id: saved.id })).toMatchObject({ phone: '+1 206 555 0142' });
    expect(await auditOf()).toHaveLength(1);

    const changed = await okBy<AdminStore>(t.app, 'admin/save-store', cast.admin, { id: saved.id, address: '40 Pier Street, Lakeside', phone: '(206) 555-0199' });
    expect(changed).toMatchObject({ address: '40 Pier Street, Lakeside', phone: '(206) 555-0199' });
    expect((await auditOf()).at(-1)?.details).toEqual({ id: saved.id, address: '40 Pier Street, Lakeside', phone: '(206) 555-0199' });

    const emptied = await okBy<AdminStore>(t.app, 'admin/save-store', cast.admin, { id: saved.id, address: '   ', phone: '' });
    expect(emptied).toMatchObject({ address: null, phone: null });
    expect((await auditOf()).at(-1)?.details).toEqual({ id: saved.id, address: null, phone: null });
    expect(await okBy<AdminStore>(t.app, 'admin/save-store', cast.admin, newStoreFields())).toMatchObject({ address: null, phone: null });

    // A store owner keeps their own store's contact up to date.
    const own = await okBy<AdminStore>(t.app, 'admin/save-store', cast.owner, { id: cast.store.id, address: '1 Owner Lane, Riverton', phone: '+14125550177' });
    expect(own).toMatchObject({ address: '1 Owner Lane, Riverton', phone: '+14125550177' });
  });

  it('customers and drivers are refused, and no token is 401', async () => {
    for (const who of [cast.customer, cast.driver]) {
      expect(await refusal(callBy(t.app, 'admin/list-stores', who))).toEqual({ status: 403, code: 'FORBIDDEN' });
      expect(await refusal(callBy(t.app, 'admin/save-store', who, { id: cast.store.id, description: 'x' }))).toEqual({ status: 403, code: 'FORBIDDEN' });
    }
    expect(await refusal(callAs(t.app, 'admin/get-store', { id: cast.store.id }))).toEqual({ status: 401, code: 'UNAUTHORIZED' });
  });

  it('an administrator assigns the owner; the store then shows in that owner\'s list', async () => {
    const saved = await okBy<AdminStore>(t.app, 'admin/save-store', cast.admin, newStoreFields({ owner_user_id: cast.otherOwner.id }));
    expect(saved).toMatchObject({ owner_user_id: cast.otherOwner.id, owner_name: 'Otto Other-Owner' });
    const theirs = await okBy<AdminStoreList>(t.app, 'admin/list-stores', cast.otherOwner);
    expect(theirs.stores.map((store) => store.id)).toEqual([cast.otherStore.id, saved.id]);
    const unassigned = await okBy<AdminStore>(t.app, 'admin/save-store', cast.admin, { id: saved.id, owner_user_id: null });
    expect(unassigned.owner_user_id).toBeNull();
  });

  it('lists page by id and search by name, slug or city', async () => {
    const first = await okBy<AdminStoreList>(t.app, 'admin/list-stores', cast.admin, { limit: 3 });
    expect(first.stores).toHaveLength(3);
    const second = await okBy<AdminStoreList>(t.app, 'admin/list-stores', cast.admin, { limit: 3, after: first.next_after });
    expect(second.stores[0]?.id).toBeGreaterThan(first.stores[2]?.id ?? 0);
    const found = await okBy<AdminStoreList>(t.app, 'admin/list-stores', cast.admin, { q: 'SAFFRON' });
    expect(found).toMatchObject({ stores: [{ slug: 'saffron-house' }], next_after: null });
  });

  it('a store with orders cannot be deleted (IN_USE); one without goes, and customers no longer find it', async () => {
    await placeOrderAt(t.app, cast.customer, cast.otherStore);
    expect(await refusal(callBy(t.app, 'admin/delete-store', cast.admin, { id: cast.otherStore.id }))).toEqual({ status: 409, code: 'IN_USE' });
    expect(await okBy<AdminStore>(t.app, 'admin/get-store', cast.admin, { id: cast.otherStore.id })).toMatchObject({ id: cast.otherStore.id });

    const saved = await okBy<AdminStore>(t.app, 'admin/save-store', cast.admin, newStoreFields());
    expect(await okBy<Deleted>(t.app, 'admin/delete-store', cast.admin, { id: saved.id })).toEqual({ id: saved.id, deleted: true });
    expect((await storePage(saved.slug)).statusCode).toBe(404);
    expect((await deliveryListAt(LAKESIDE)).some((store) => store.id === saved.id)).toBe(false);
    expect(await refusal(callBy(t.app, 'admin/delete-store', cast.admin, { id: saved.id }))).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect((await auditRowsOf(t.db, 'admin/delete-store')).at(-1)).toMatchObject({ entity_id: String(saved.id), details: { slug: saved.slug } });
  });
});
