/**
 * Can this cart be ordered from this store now? Each line is checked
 * against the menu as it is in the database (never against what the client
 * remembers): the item exists, belongs to the store, is switched on, and its
 * add-on choice is valid: every add-on chosen is an active add-on of one of
 * the item's groups, chosen once, and each group gets between its min_select
 * and max_select (a SINGLE group at most one). A valid line is priced here
 * (pricing.ts adds the lines up); an invalid one says why, in the reasons
 * check-cart-items-availability answers.
 *
 * The store takes orders while it is active and within its opening hours
 * (server/geo/opening-hours.ts, the same rule as the store pages' is_open).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { CartAvailability, CartLineInput, OrderAddon } from '../../src/api/orders/entities.ts';
import type { UnavailableReason } from '../../src/api/orders/limits.ts';
import type { AddonCategoryType, Database } from '../db/tables.ts';
import { isOpenAt, localTime } from '../geo/opening-hours.ts';
import { lineTotalOf, unitPriceOf } from '../checkout/pricing.ts';
import type { DeliveryTypeCode } from '../../src/api/entities.ts';

interface CatalogAddon {
  id: number;
  name: string;
  price: number;
  active: boolean;
}

interface CatalogGroup {
  id: number;
  type: AddonCategoryType;
  minSelect: number;
  maxSelect: number | null;
  addons: Map<number, CatalogAddon>;
}

export interface CatalogItem {
  id: number;
  restaurantId: number;
  name: string;
  price: number;
  active: boolean;
  groups: CatalogGroup[];
}

/** A line that can be ordered, priced from the database. */
export interface PricedLine {
  itemId: number;
  name: string;
  unitPrice: number;
  quantity: number;
  addons: OrderAddon[];
  lineTotal: number;
}

export type LineCheck =
  | { available: true; line: PricedLine }
  | { available: false; reason: UnavailableReason; name: string | null; unitPrice: number | null };

/**
 * The items of these ids (of any store: a wrong store is a reason of its
 * own) with their add-on groups and every add-on of those groups, in one
 * query: a cart is at most MAX_CART_LINES lines, so the joined rows stay few.
 */
export async function loadCartCatalog(
  app: FastifyInstance,
  itemIds: readonly number[],
  trx: Kysely<Database> = app.db,
): Promise<Map<number, CatalogItem>> {
  const rows = await app.menuRepository.cartCatalogRows(itemIds, trx);
  const catalog = new Map<number, CatalogItem>();
  for (const row of rows) {
    const itemId = Number(row.id);
    let item = catalog.get(itemId);
    if (!item) {
      item = { id: itemId, restaurantId: Number(row.restaurant_id), name: row.name, price: Number(row.price), active: Number(row.is_active) === 1, groups: [] };
      catalog.set(itemId, item);
    }
    if (row.group_id === null || row.type === null || row.min_select === null) continue;
    const groupId = Number(row.group_id);
    let group = item.groups.find((candidate) => candidate.id === groupId);
    if (!group) {
      group = {
        id: groupId,
        type: row.type,
        minSelect: Number(row.min_select),
        maxSelect: row.max_select === null ? null : Number(row.max_select),
        addons: new Map(),
      };
      item.groups.push(group);
    }
    if (row.addon_id === null || row.addon_name === null) continue;
    group.addons.set(Number(row.addon_id), {
      id: Number(row.addon_id),
      name: row.addon_name,
      price: Number(row.addon_price),
      active: Number(row.addon_active) === 1,
    });
  }
  return catalog;
}

/** The add-ons chosen, in the order sent, when the choice is valid for the item now; null otherwise. */
function chosenAddons(item: CatalogItem, addonIds: readonly number[]): { valid: boolean; addons: CatalogAddon[] } {
  const chosen: CatalogAddon[] = [];
  const countByGroup = new Map<number, number>();
  let valid = new Set(addonIds).size === addonIds.length;
  for (const addonId of addonIds) {
    const group = item.groups.find((candidate) => candidate.addons.has(addonId));
    const addon = group?.addons.get(addonId);
    if (!group || !addon || !addon.active) {
      valid = false;
      continue;
    }
    chosen.push(addon);
    countByGroup.set(group.id, (countByGroup.get(group.id) ?? 0) + 1);
  }
  for (const group of item.groups) {
    const count = countByGroup.get(group.id) ?? 0;
    const max = group.type === 'SINGLE' ? Math.min(1, group.maxSelect ?? 1) : group.maxSelect;
    if (count < group.minSelect || (max !== null && count > max)) valid = false;
  }
  return { valid, addons: chosen };
}

export function checkCartLine(line: CartLineInput, item: CatalogItem | undefined, restaurantId: number): LineCheck {
  if (!item) return { available: false, reason: 'NOT_FOUND', name: null, unitPrice: null };
  const { valid, addons } = chosenAddons(item, line.addon_ids);
  const unitPrice = unitPriceOf(item.price, addons.map((addon) => addon.price));
  const unavailable = (reason: UnavailableReason): LineCheck => ({ available: false, reason, name: item.name, unitPrice });
  if (item.restaurantId !== restaurantId) return unavailable('WRONG_STORE');
  if (!item.active) return unavailable('INACTIVE');
  if (!valid) return unavailable('ADDONS_CHANGED');
  return {
    available: true,
    line: {
      itemId: item.id,
      name: item.name,
      unitPrice,
      quantity: line.quantity,
      addons: addons.map(({ id, name, price }) => ({ id, name, price })),
      lineTotal: lineTotalOf(unitPrice, line.quantity),
    },
  };
}

export async function checkCartLines(
  app: FastifyInstance,
  restaurantId: number,
  lines: readonly CartLineInput[],
  trx: Kysely<Database> = app.db,
): Promise<LineCheck[]> {
  const catalog = await loadCartCatalog(app, lines.map((line) => line.id), trx);
  return lines.map((line) => checkCartLine(line, catalog.get(line.id), restaurantId));
}

/** A store as a checkout needs it: where it is, whom it serves, and how it prices. */
export async function loadCheckoutStore(app: FastifyInstance, id: number, trx: Kysely<Database> = app.db) {
  const row = await app.storesRepository.checkoutRow(id, trx);
  if (!row) return undefined;
  return {
    id: Number(row.id),
    name: row.name,
    slug: row.slug,
    city: row.city,
    image: row.image,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    phone: row.phone,
    deliveryMinutes: Number(row.delivery_time),
    isActive: Number(row.is_active) === 1,
    deliveryType: Number(row.delivery_type) as DeliveryTypeCode,
    deliveryRadiusKm: Number(row.delivery_radius_km),
    timezone: row.timezone,
    autoAccept: Number(row.auto_accept_orders) === 1,
    prices: {
      min_order_subtotal: Number(row.min_order_subtotal),
      store_charge: Number(row.store_charge),
      tax_basis_points: Number(row.tax_basis_points),
      delivery_fee_base: Number(row.delivery_fee_base),
      delivery_fee_base_km: Number(row.delivery_fee_base_km),
      delivery_fee_per_km: Number(row.delivery_fee_per_km),
      free_delivery_subtotal: row.free_delivery_subtotal === null ? null : Number(row.free_delivery_subtotal),
    },
  };
}

export type CheckoutStore = NonNullable<Awaited<ReturnType<typeof loadCheckoutStore>>>;

/** Within its opening hours now, in its own time zone (a store that published none is always open). */
export async function isWithinOpeningHours(
  app: FastifyInstance,
  store: Pick<CheckoutStore, 'id' | 'timezone'>,
  now: Date,
  trx: Kysely<Database> = app.db,
): Promise<boolean> {
  const hours = await app.storesRepository.openingHoursOf([store.id], undefined, trx);
  return isOpenAt(hours.get(store.id) ?? [], localTime(now, store.timezone));
}

/** check-cart-items-availability's answer. */
export async function cartAvailability(
  app: FastifyInstance,
  store: Pick<CheckoutStore, 'id' | 'timezone' | 'isActive'>,
  lines: readonly CartLineInput[],
  now: Date = new Date(),
): Promise<CartAvailability> {
  const [checks, open] = await Promise.all([checkCartLines(app, store.id, lines), isWithinOpeningHours(app, store, now)]);
  return {
    restaurant_id: store.id,
    store_open: store.isActive && open,
    items: checks.map((check, index) => {
      const id = lines[index]?.id ?? 0;
      if (check.available) return { id, available: true, reason: null, name: check.line.name, unit_price: check.line.unitPrice };
      return { id, available: false, reason: check.reason, name: check.name, unit_price: check.unitPrice };
    }),
    checked_at: now.toISOString(),
  };
}
