/**
 * Stores as the console edits them: every column, the week of opening
 * windows and the categories a store is listed under, read and written
 * together. A store owner may change only STORE_OWNER_STORE_FIELDS of their
 * own stores; creating, deleting and everything else is for administrators.
 */
import type { FastifyInstance } from 'fastify';
import type { Updateable } from 'kysely';
import type { AdminStore, AdminStoreList, AdminStoreSummary } from '../../../src/api/admin/catalog-entities.ts';
import { STORE_OWNER_STORE_FIELDS } from '../../../src/api/admin/catalog-limits.ts';
import type { CallBody } from '../../../src/api/calls.ts';
import { phoneProblem } from '../../../src/api/account/rules.ts';
import { given } from '../../account/identifiers.ts';
import { forbidden } from '../../account/authenticate.ts';
import { fromFlag, type RestaurantsTable } from '../../db/tables.ts';
import { formatMinute, isOpenAt, localTime } from '../../geo/opening-hours.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { containsPattern, storeFields } from '../../catalog/store-entities.ts';
import { assertStoreAccess, isAdmin, ownerFilterOf, type CatalogStaff } from './catalog-access.ts';
import {
  assertAllExist,
  auditedWrite,
  checkImageUrl,
  definedOnly,
  fieldError,
  flagOf,
  givenFields,
  isForeignKeyViolation,
  requireOnCreate,
  withUniqueAs,
  type CatalogActor,
} from './catalog-change.ts';
import { openingWindowsOf } from './catalog-opening-hours.ts';
import type { DeliveryTypeCode } from '../../../src/api/entities.ts';

type SaveStore = CallBody<'admin/save-store'>;
type StoreField = Exclude<keyof SaveStore, 'token' | 'id'>;

const OWNER_FIELDS: ReadonlySet<string> = new Set(STORE_OWNER_STORE_FIELDS);
const REQUIRED_ON_CREATE = [
  'name',
  'slug',
  'city',
  'image',
  'delivery_type',
  'latitude',
  'longitude',
  'delivery_radius_km',
  'delivery_time',
  'price_range',
] as const satisfies readonly StoreField[];

function slugTaken(slug: string): HttpError {
  return fieldError(409, 'SLUG_TAKEN', 'slug', `Another store already uses the slug '${slug}'.`);
}

/** Every field of one store, or undefined when there is none with this id. */
export async function readAdminStore(app: FastifyInstance, id: number, now: Date = new Date()): Promise<AdminStore | undefined> {
  const row = await app.storesRepository.adminRow(id);
  if (!row) return undefined;
  const [hours, links] = await Promise.all([
    app.storesRepository.openingHoursOf([id]),
    app.storesRepository.categoryLinksOf(id),
  ]);
  const windows = hours.get(id) ?? [];
  // The fields a store's listing has too, converted in the one place that maps a store row (store-entities.ts).
  const { avgRating: _avgRating, reviews_count: _reviewsCount, ...listed } = storeFields(row, undefined);
  return {
    ...listed,
    delivery_radius_km: Number(row.delivery_radius_km),
    address: row.address,
    phone: row.phone,
    timezone: row.timezone,
    owner_user_id: row.owner_user_id === null ? null : Number(row.owner_user_id),
    owner_name: row.owner_name ?? null,
    min_order_subtotal: Number(row.min_order_subtotal),
    store_charge: Number(row.store_charge),
    tax_basis_points: Number(row.tax_basis_points),
    delivery_fee_base: Number(row.delivery_fee_base),
    delivery_fee_base_km: Number(row.delivery_fee_base_km),
    delivery_fee_per_km: Number(row.delivery_fee_per_km),
    free_delivery_subtotal: row.free_delivery_subtotal === null ? null : Number(row.free_delivery_subtotal),
    auto_accept_orders: fromFlag(row.auto_accept_orders),
    opening_hours: windows.map((w) => ({ day: w.day, opens: formatMinute(w.opensMinute), closes: closingClock(w.closesMinute) })),
    category_ids: links.map((link) => Number(link.category_id)),
    is_open: isOpenAt(windows, localTime(now, row.timezone)),
    created_at: row.created_at,
  };
}

/** 24:00 stays 24:00 in the console (formatMinute shows it as 00:00, which reads as an overnight window). */
function closingClock(minute: number): string {
  return minute === 24 * 60 ? '24:00' : formatMinute(minute);
}

export async function listStores(
  app: FastifyInstance,
  user: CatalogStaff,
  options: { q?: string | undefined; after?: number | undefined; limit: number },
): Promise<AdminStoreList> {
  const text = options.q?.trim();
  const rows = await app.storesRepository.adminSummaries({
    after: options.after ?? 0,
    ownerId: ownerFilterOf(user),
    pattern: text ? containsPattern(text) : undefined,
    rows: options.limit + 1,
  });
  const page = rows.slice(0, options.limit);
  const stores: AdminStoreSummary[] = page.map((row) => ({
    id: Number(row.id),
    name: row.name,
    slug: row.slug,
    city: row.city,
    image: row.image,
    is_active: fromFlag(row.is_active),
    is_featured: fromFlag(row.is_featured),
    delivery_type: Number(row.delivery_type) as AdminStoreSummary['delivery_type'],
    owner_user_id: row.owner_user_id === null ? null : Number(row.owner_user_id),
    owner_name: row.owner_name ?? null,
  }));
  return { stores, next_after: rows.length > options.limit ? (stores.at(-1)?.id ?? null) : null };
}

type StoreContact = Pick<SaveStore, 'address' | 'phone'>;

/**
 * The address and phone as they are kept: trimmed, and '' (or only spaces) is
 * null, as the console sends a field emptied to clear it. The phone must read
 * as an account phone does (digits with an optional +, separators aside) and
 * keeps its separators: a driver reads "+1 412 555 0121" more easily.
 */
function storeContactOf(body: SaveStore): StoreContact {
  const cleared = (value: string | null | undefined) => (value === undefined ? undefined : (given(value) ?? null));
  const phone = cleared(body.phone);
  if (phone && phoneProblem(phone)) {
    throw fieldError(400, 'INVALID_PHONE', 'phone', 'The phone must be a number with its country code, as +1 412 555 0100.');
  }
  return definedOnly({ address: cleared(body.address), phone });
}

/** The columns a save sets, from the fields it was given (the contact already cleaned by storeContactOf). */
function storeColumns(body: SaveStore, contact: StoreContact): Updateable<RestaurantsTable> {
  return definedOnly({
    name: body.name,
    slug: body.slug,
    city: body.city,
    description: body.description,
    image: body.image,
    is_active: flagOf(body.is_active),
    is_featured: flagOf(body.is_featured),
    custom_featured_name: body.custom_featured_name,
    custom_message_on_list: body.custom_message_on_list,
    rating: body.rating,
    delivery_time: body.delivery_time,
    price_range: body.price_range,
    delivery_type: body.delivery_type,
    latitude: body.latitude,
    longitude: body.longitude,
    delivery_radius_km: body.delivery_radius_km,
    ...contact,
    store_color: body.store_color,
    timezone: body.timezone,
    owner_user_id: body.owner_user_id,
    min_order_subtotal: body.min_order_subtotal,
    store_charge: body.store_charge,
    tax_basis_points: body.tax_basis_points,
    delivery_fee_base: body.delivery_fee_base,
    delivery_fee_base_km: body.delivery_fee_base_km,
    delivery_fee_per_km: body.delivery_fee_per_km,
    free_delivery_subtotal: body.free_delivery_subtotal,
    auto_accept_orders: flagOf(body.auto_accept_orders),
  });
}

function checkTimeZone(timezone: string | undefined): void {
  if (timezone === undefined) return;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
  } catch {
    throw fieldError(400, 'INVALID_TIME_ZONE', 'timezone', `'${timezone}' is not a time zone this server knows (use a name like Europe/Rome).`);
  }
}

/** A map pin at exactly (0, 0) was never placed: no store sits in the Gulf of Guinea. */
function checkCoordinates(latitude: number, longitude: number): void {
  if (latitude === 0 && longitude === 0) {
    throw fieldError(400, 'INVALID_COORDINATES', 'latitude', 'Place the store on the map: (0, 0) is not a store location.');
  }
}

async function checkOwner(app: FastifyInstance, ownerUserId: number | null | undefined): Promise<void> {
  if (ownerUserId === null || ownerUserId === undefined) return;
  const owner = await app.usersRepository.roleOfLiveUser(ownerUserId);
  if (owner?.role !== 'store_owner') {
    throw fieldError(400, 'NOT_A_STORE_OWNER', 'owner_user_id', `User ${ownerUserId} is not a store owner.`);
  }
}

/** A store owner may change only the basic fields of their own store, and create nothing. */
async function checkStoreRights(app: FastifyInstance, user: CatalogStaff, body: SaveStore): Promise<void> {
  if (isAdmin(user)) return;
  if (body.id === undefined) throw forbidden('Only administrators can create stores.');
  await assertStoreAccess(app, user, body.id);
  const adminOnly = Object.keys(givenFields(body)).filter((field) => field !== 'id' && !OWNER_FIELDS.has(field));
  if (adminOnly.length > 0) throw forbidden(`Only administrators can change ${adminOnly.join(', ')}.`);
}

async function checkSlugFree(app: FastifyInstance, slug: string | undefined, storeId: number | undefined): Promise<void> {
  if (slug === undefined) return;
  if (await app.storesRepository.otherWithSlug(slug, storeId)) throw slugTaken(slug);
}

/** Creates or changes a store with its hours and categories; answers its id. */
export async function saveStore(app: FastifyInstance, actor: CatalogActor, body: SaveStore, now: Date = new Date()): Promise<number> {
  const stores = app.storesRepository;
  await checkStoreRights(app, actor.user, body);
  const existing = body.id === undefined ? undefined : await stores.coordinatesOf(body.id);
  if (body.id !== undefined && !existing) throw notFound(`There is no store with id ${body.id}.`);
  if (!existing) requireOnCreate(body, REQUIRED_ON_CREATE);
  checkImageUrl(body.image);
  checkTimeZone(body.timezone);
  const contact = storeContactOf(body);
  checkCoordinates(body.latitude ?? Number(existing?.latitude), body.longitude ?? Number(existing?.longitude));
  const windows = body.opening_hours === undefined ? undefined : openingWindowsOf(body.opening_hours);
  await checkOwner(app, body.owner_user_id);
  await assertAllExist(app, 'restaurant_categories', body.category_ids, 'category_ids');
  await checkSlugFree(app, body.slug, body.id);

  return auditedWrite(app, actor, async (trx) => {
    const columns = storeColumns(body, contact);
    const storeId = await withUniqueAs('SLUG_TAKEN', 'slug', `Another store already uses the slug '${body.slug ?? ''}'.`, async () => {
      if (body.id !== undefined) {
        if (Object.keys(columns).length > 0) await stores.update(body.id, columns, trx);
        return body.id;
      }
      const created = await stores.insert(
        {
          description: '',
          is_active: 1,
          is_featured: 0,
          custom_featured_name: null,
          custom_message_on_list: null,
          rating: 0,
          store_color: null,
          owner_user_id: null,
          ...columns,
          // requireOnCreate checked these are present.
          name: body.name as string,
          slug: body.slug as string,
          city: body.city as string,
          image: body.image as string,
          delivery_time: body.delivery_time as number,
          price_range: body.price_range as number,
          delivery_type: body.delivery_type as DeliveryTypeCode,
          latitude: body.latitude as number,
          longitude: body.longitude as number,
          delivery_radius_km: body.delivery_radius_km as number,
          created_at: now.toISOString(),
        },
        trx,
      );
      return Number(created.id);
    });
    if (windows !== undefined) await stores.replaceOpeningHours(storeId, windows, trx);
    if (body.category_ids !== undefined) await stores.replaceCategoriesOfStore(storeId, body.category_ids, trx);
    // The contact as it was kept (trimmed, '' as null), so the audit shows what drivers see.
    return { result: storeId, entity: 'restaurants', entityId: storeId, details: givenFields({ ...body, ...contact }) };
  });
}

/** Deletes a store and what hangs on it; IN_USE while orders refer to it (their history must stay whole). */
export async function deleteStore(app: FastifyInstance, actor: CatalogActor, id: number): Promise<void> {
  const store = await app.storesRepository.nameAndSlugOf(id);
  if (!store) throw notFound(`There is no store with id ${id}.`);
  const order = await app.ordersRepository.anyOfStore(id);
  const inUse = () => new HttpError(409, 'IN_USE', `${store.name} has orders, so it cannot be deleted. Set it inactive instead.`);
  if (order) throw inUse();
  try {
    await auditedWrite(app, actor, async (trx) => {
      await app.storesRepository.delete(id, trx);
      return { result: undefined, entity: 'restaurants', entityId: id, details: { name: store.name, slug: store.slug } };
    });
  } catch (error) {
    // An order placed since the check above: the foreign key keeps the store, and so do we.
    if (isForeignKeyViolation(error)) throw inUse();
    throw error;
  }
}
