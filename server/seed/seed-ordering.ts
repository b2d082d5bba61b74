/**
 * What the demo stores charge beyond their menus, and the demo coupons
 * (inside the seed's transaction). Money is USD cents. Riverton's sales tax
 * is 7 % (the bakery's take-away food 6 %); delivery starts at a base fee for
 * the first few km and adds a little per km started beyond, free above a
 * subtotal at most stores; El Farolito accepts its orders automatically.
 *
 * Coupons: WELCOME10 (10 % off, at most $5, once per customer), FIVEOFF
 * ($5 off from $20), NONNA20 (20 % off at most $8, Nonna Lucia only, from
 * $25), SUMMER15 (expired: shows the coupon error).
 */
import type { Insertable, Kysely } from 'kysely';
import type { CouponsTable, Database } from '../db/tables.ts';
import type { StorePrices } from '../checkout/pricing.ts';

interface DemoStorePrices extends StorePrices {
  auto_accept_orders?: 0 | 1;
}

type Delivery = Pick<StorePrices, 'delivery_fee_base' | 'delivery_fee_base_km' | 'delivery_fee_per_km' | 'free_delivery_subtotal'>;

const delivery = (base: number, baseKm: number, perKm: number, freeFrom: number | null): Delivery => ({
  delivery_fee_base: base,
  delivery_fee_base_km: baseKm,
  delivery_fee_per_km: perKm,
  free_delivery_subtotal: freeFrom,
});
/** Self-pickup stores deliver nothing: no delivery fee to configure. */
const NO_DELIVERY = delivery(0, 0, 0, null);

export const DEMO_STORE_PRICES: Readonly<Record<string, DemoStorePrices>> = {
  'nonna-lucia-trattoria': { min_order_subtotal: 1500, store_charge: 100, tax_basis_points: 700, ...delivery(249, 3, 75, 4000) },
  'saffron-house': { min_order_subtotal: 2000, store_charge: 150, tax_basis_points: 700, ...delivery(299, 4, 50, 5000) },
  'tokyo-tide-sushi-bar': { min_order_subtotal: 2000, store_charge: 200, tax_basis_points: 700, ...delivery(349, 3, 100, null) },
  'smokestack-bbq': { min_order_subtotal: 1800, store_charge: 100, tax_basis_points: 700, ...delivery(299, 3, 75, 4500) },
  'green-bowl-kitchen': { min_order_subtotal: 0, store_charge: 50, tax_basis_points: 700, ...NO_DELIVERY },
  'el-farolito-taqueria': {
    min_order_subtotal: 1000,
    store_charge: 0,
    tax_basis_points: 700,
    ...delivery(199, 2, 50, 2500),
    auto_accept_orders: 1,
  },
  'beirut-grill': { min_order_subtotal: 1500, store_charge: 100, tax_basis_points: 700, ...delivery(249, 3, 75, 3500) },
  'morning-rise-bakery': { min_order_subtotal: 0, store_charge: 0, tax_basis_points: 600, ...NO_DELIVERY },
  'golden-wok': { min_order_subtotal: 1500, store_charge: 100, tax_basis_points: 700, ...delivery(249, 3, 75, null) },
  'riverside-burger-co': { min_order_subtotal: 1200, store_charge: 100, tax_basis_points: 700, ...delivery(299, 3, 60, 3000) },
};

type DemoCoupon = Omit<Insertable<CouponsTable>, 'restaurant_id' | 'created_at' | 'starts_at' | 'expires_at'> & {
  storeSlug?: string;
  /** Days from the seed; negative is in the past. */
  startsInDays?: number;
  expiresInDays?: number;
};

export const DEMO_COUPONS: readonly DemoCoupon[] = [
  {
    code: 'WELCOME10',
    description: '10% off your order, up to $5. Once per customer.',
    discount_type: 'PERCENT',
    discount_value: 10,
    max_discount: 500,
    max_uses_per_user: 1,
  },
  {
    code: 'FIVEOFF',
    description: '$5 off orders of $20 or more.',
    discount_type: 'FIXED',
    discount_value: 500,
    min_subtotal: 2000,
  },
  {
    code: 'NONNA20',
    description: '20% off at Nonna Lucia Trattoria, up to $8, on orders of $25 or more.',
    discount_type: 'PERCENT',
    discount_value: 20,
    max_discount: 800,
    min_subtotal: 2500,
    storeSlug: 'nonna-lucia-trattoria',
  },
  {
    code: 'SUMMER15',
    description: '15% off all summer long. (Summer is over.)',
    discount_type: 'PERCENT',
    discount_value: 15,
    max_discount: 1000,
    startsInDays: -120,
    expiresInDays: -30,
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;

export async function seedOrdering(db: Kysely<Database>, storeIds: ReadonlyMap<string, number>, createdAt: string): Promise<void> {
  for (const [slug, prices] of Object.entries(DEMO_STORE_PRICES)) {
    const id = storeIds.get(slug);
    if (id === undefined) throw new Error(`Demo prices refer to unknown store ${slug}`);
    await db.updateTable('restaurants').set(prices).where('id', '=', id).execute();
  }
  const now = Date.parse(createdAt);
  const inDays = (days: number | undefined) => (days === undefined ? null : new Date(now + days * DAY_MS).toISOString());
  await db
    .insertInto('coupons')
    .values(
      DEMO_COUPONS.map(({ storeSlug, startsInDays, expiresInDays, ...coupon }) => {
        const restaurantId = storeSlug === undefined ? null : storeIds.get(storeSlug);
        if (restaurantId === undefined) throw new Error(`Demo coupon ${coupon.code} refers to unknown store ${storeSlug}`);
        // Every column spelled out: SQLite's multi-row VALUES has no DEFAULT, so a missing one would be NULL.
        return {
          min_subtotal: 0,
          max_discount: null,
          max_uses: null,
          max_uses_per_user: null,
          is_active: 1,
          ...coupon,
          restaurant_id: restaurantId,
          starts_at: inDays(startsInDays),
          expires_at: inDays(expiresInDays),
          created_at: createdAt,
        };
      }),
    )
    .execute();
}
